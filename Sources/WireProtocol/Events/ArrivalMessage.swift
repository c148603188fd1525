/// ARRIVAL: the user reached a waypoint (`final` at the destination).
public struct ArrivalMessage: WireMessage {
    public static let messageClass = "ARRIVAL"

    /// The leg that ended.
    public var legIndex: Int
    /// The waypoint reached (0 is the origin).
    public var waypointIndex: Int
    /// The waypoint's name, when it has one.
    public var name: String?
    /// Whether this is the destination.
    public var final: Bool

    /// An ARRIVAL event.
    public init(legIndex: Int, waypointIndex: Int, name: String? = nil, final: Bool) {
        self.legIndex = legIndex
        self.waypointIndex = waypointIndex
        self.name = name
        self.final = final
    }

    enum CodingKeys: String, CodingKey {
        case legIndex = "leg_index", waypointIndex = "waypoint_index", name, final
    }
}

extension ArrivalMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("final", final)
        object.member("leg_index", legIndex)
        object.member("name", name)
        object.member("waypoint_index", waypointIndex)
    }
}
