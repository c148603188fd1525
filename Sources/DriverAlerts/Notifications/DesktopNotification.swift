/// One freedesktop notification to post (the arguments of `org.freedesktop.Notifications.Notify`
/// that vary), with the slot it replaces.
public struct DesktopNotification: Sendable, Hashable {
    /// Maneuver notifications may be dropped under overload; status ones never are.
    public enum Kind: Sendable, Hashable {
        /// The next maneuver, posted with each voice instruction.
        case maneuver
        /// Arrival, reroute and GPS signal news.
        case status
    }

    /// Urgency hint (freedesktop `urgency`: 0 low, 1 normal, 2 critical).
    public enum Urgency: UInt8, Sendable, Hashable {
        case low = 0, normal = 1, critical = 2
    }

    /// Which kind it is.
    public var kind: Kind
    /// Notifications with the same slot replace each other on screen (`replaces_id` is the id the
    /// server returned for the previous one in the slot): `maneuver`, `arrival`, `reroute`,
    /// `device:<source>`.
    public var slot: String
    /// The title line.
    public var summary: String
    /// The text under it ("" for none).
    public var body: String
    /// How urgent.
    public var urgency: Urgency

    /// A notification from its parts.
    public init(kind: Kind, slot: String, summary: String, body: String, urgency: Urgency = .normal) {
        self.kind = kind
        self.slot = slot
        self.summary = summary
        self.body = body
        self.urgency = urgency
    }
}
