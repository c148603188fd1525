public import Positioning

/// What driver alerts react to, in words a client can build from wire messages too (`watch
/// --speak` decodes VOICE, BANNER, ARRIVAL, REROUTE, SESSION and DEVICE messages into these);
/// the daemon maps its `GatewayEvent`s with `DriverAlertEvent.from(_:)`.
public enum DriverAlertEvent: Sendable, Hashable {
    /// A spoken instruction is due: speak it, and show it with the current banner.
    case voice(Maneuver)
    /// A banner became current; shown with the next voice instruction of the same step.
    case banner(Banner)
    /// A waypoint was reached.
    case arrived(name: String, waypointIndex: Int, isFinal: Bool)
    /// The route is being replaced.
    case reroute(Reroute)
    /// Guidance started (true) or returned to free drive (false).
    case guidance(active: Bool)
    /// A location source's device changed state.
    case device(DeviceState, source: SourceID)

    /// A voice instruction and where it belongs.
    public struct Maneuver: Sendable, Hashable {
        /// The text to speak.
        public var announcement: String
        /// Metres before the maneuver at which it was due.
        public var distance: Double
        /// Language of the text (BCP 47 primary tag), nil when unknown.
        public var language: String?
        /// Leg of the step whose maneuver it announces.
        public var legIndex: Int
        /// The step whose maneuver it announces.
        public var stepIndex: Int

        /// A voice instruction from its parts.
        public init(announcement: String, distance: Double, language: String?, legIndex: Int, stepIndex: Int) {
            self.announcement = announcement
            self.distance = distance
            self.language = language
            self.legIndex = legIndex
            self.stepIndex = stepIndex
        }
    }

    /// A banner's two lines and the step it belongs to.
    public struct Banner: Sendable, Hashable {
        /// The main line, e.g. "Turn left onto Mannerheimintie".
        public var primary: String
        /// The second line (destinations…), when there is one.
        public var secondary: String?
        /// Leg of the step.
        public var legIndex: Int
        /// The step whose maneuver it shows.
        public var stepIndex: Int

        /// A banner from its parts.
        public init(primary: String, secondary: String?, legIndex: Int, stepIndex: Int) {
            self.primary = primary
            self.secondary = secondary
            self.legIndex = legIndex
            self.stepIndex = stepIndex
        }
    }

    /// The stage of a reroute that alerts care about.
    public enum Reroute: Sendable, Hashable {
        /// The vehicle left the route and a new one was asked for.
        case started
        /// A new route is being followed (`faster` when it replaced a slower one).
        case succeeded(faster: Bool)
        /// No new route came back; the message says why.
        case failed(String)
        /// The vehicle came back onto the old route before a new one arrived.
        case cancelled
    }
}
