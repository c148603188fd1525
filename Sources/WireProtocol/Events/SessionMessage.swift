/// SESSION: the navigation session changed mode.
public struct SessionMessage: WireMessage {
    public static let messageClass = "SESSION"

    /// The new mode.
    public var mode: SessionMode
    /// The mode before, when there was one.
    public var previous: SessionMode?
    /// The route being followed in active guidance.
    public var routeID: String?

    /// A SESSION event.
    public init(mode: SessionMode, previous: SessionMode? = nil, routeID: String? = nil) {
        self.mode = mode
        self.previous = previous
        self.routeID = routeID
    }

    enum CodingKeys: String, CodingKey {
        case mode, previous, routeID = "route_id"
    }
}

extension SessionMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("mode", mode)
        object.member("previous", previous)
        object.member("route_id", routeID)
    }
}
