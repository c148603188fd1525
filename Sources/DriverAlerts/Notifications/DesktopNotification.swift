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
    /// The text under it ("" for none), as plain text: escaped when sent to a server that reads
    /// the body as markup (`markupEscaped`).
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

extension DesktopNotification {
    /// `text` as a body for a server that reads the body as markup (it advertises `body-markup`;
    /// Desktop Notifications Specification, "Markup"): `&`, `<` and `>` become `&amp;`, `&lt;`
    /// and `&gt;`, so names from map data ("Rue de l'Église & Co", "A <b> road") show as written
    /// instead of breaking the markup or turning into tags. Quotes stay: the body is element
    /// content, where they mean nothing (and `&apos;` is XML, not HTML, which some servers read).
    /// Works on Unicode scalars, so an `&` carrying a combining mark is escaped too.
    static func markupEscaped(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;".unicodeScalars
            case "<": escaped += "&lt;".unicodeScalars
            case ">": escaped += "&gt;".unicodeScalars
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
