/// A way of travelling the road network, each with its own access rules and speeds.
public enum TravelProfile: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Motor car, bicycle, pedestrian.
    case car, bike, foot

    /// The bit of this profile in a `ProfileSet`.
    public var bit: UInt8 { 1 << UInt8(index) }

    /// The index 0…2 of this profile, for per-profile arrays.
    public var index: Int {
        switch self {
        case .car: 0
        case .bike: 1
        case .foot: 2
        }
    }

    /// A short human-readable form, for logs and error messages.
    public var description: String { rawValue }

    /// Cost of a right-angle bike turn before the bias, in seconds (OSRM bicycle `turn_penalty`).
    public static let bikeTurnPenalty = 6.0
    /// Right-hand-traffic bias of bike turn costs (OSRM bicycle `turn_bias`).
    public static let bikeTurnBias = 1.4

    /// The turn cost of OSRM's bicycle profile for a turn of `angle` degrees (positive to the
    /// right): the squared angle in right angles times `bikeTurnPenalty`, divided by
    /// `bikeTurnBias` to the right and multiplied by it to the left (`bicycle.lua` `process_turn`).
    /// The route search charges it at junctions, the graph's build at lights between them.
    public static func bikeAngleCost(_ angle: Double) -> Double {
        let rightAngles = angle / 90
        let squared = rightAngles * rightAngles * bikeTurnPenalty
        return angle >= 0 ? squared / bikeTurnBias : squared * bikeTurnBias
    }
}
