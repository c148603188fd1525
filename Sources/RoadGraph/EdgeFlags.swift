/// Boolean attributes of a directed edge.
public struct EdgeFlags: OptionSet, Hashable, Sendable {
    /// The bit pattern.
    public let rawValue: UInt16
    /// Flags from their bit pattern.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The road is one-way for cars (set on both directed edges; the one against the flow is closed to cars).
    public static let oneway = EdgeFlags(rawValue: 1 << 0)
    /// Tolled road (`toll=yes`).
    public static let toll = EdgeFlags(rawValue: 1 << 1)
    /// Ferry crossing (`route=ferry`).
    public static let ferry = EdgeFlags(rawValue: 1 << 2)
    /// In a tunnel (`tunnel=yes`).
    public static let tunnel = EdgeFlags(rawValue: 1 << 3)
    /// On a bridge (`bridge=*` other than `no`).
    public static let bridge = EdgeFlags(rawValue: 1 << 4)
    /// Part of a roundabout (`junction=roundabout` or `circular`).
    public static let roundabout = EdgeFlags(rawValue: 1 << 5)
    /// The edge runs against the stored order of its shape (it is the backward direction of the way).
    public static let reversedShape = EdgeFlags(rawValue: 1 << 6)
    /// Cars may use the edge only to reach a destination on it (`access=destination` and the like): no through traffic.
    public static let restrictedAccess = EdgeFlags(rawValue: 1 << 7)
    /// Cars cannot pass the node this edge ends at (a bollard, a block, `motor_vehicle=no`…): they may only turn around there.
    public static let carBarrierAhead = EdgeFlags(rawValue: 1 << 8)
    /// Bikes cannot pass the node this edge ends at (`barrier=fence`, a node `bicycle=no`…): they may only turn around there.
    public static let bikeBarrierAhead = EdgeFlags(rawValue: 1 << 9)
    /// Walkers cannot pass the node this edge ends at (`barrier=wall`, a node `foot=no`…): they may only turn around there.
    public static let footBarrierAhead = EdgeFlags(rawValue: 1 << 10)
    /// A bike rides on from this edge's end node without a turn: only one other bike road meets
    /// there and it is alike (name, class, directions, travel mode), so OSRM's graph compressor
    /// removes the node and bicycle.lua charges no turn there.
    public static let bikeGoesOn = EdgeFlags(rawValue: 1 << 11)

    /// The flag of a barrier `profile` cannot pass at the edge's end.
    public static func barrierAhead(for profile: TravelProfile) -> EdgeFlags {
        switch profile {
        case .car: carBarrierAhead
        case .bike: bikeBarrierAhead
        case .foot: footBarrierAhead
        }
    }
}
