/// Tells a slow client that `count` events for it were discarded (oldest first) because its
/// bounded queue overflowed; sent just before the first event after the gap.
public struct DroppedMessage: WireMessage {
    public static let messageClass = "DROPPED"

    /// How many events were discarded since the previous DROPPED notice.
    public var count: Int

    /// A notice of `count` discarded events.
    public init(count: Int) { self.count = count }

    enum CodingKeys: String, CodingKey {
        case count
    }
}

extension DroppedMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("count", count)
    }
}
