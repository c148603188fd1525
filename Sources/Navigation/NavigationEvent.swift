public import Geodesy
public import RouteModel
public import Timekeeping

/// Everything the navigation state machines report, in the order it happened. The Gateway maps
/// these to the wire classes PROGRESS, BANNER, VOICE, REROUTE, ARRIVAL, SESSION and CAMERA.
public enum NavigationEvent: Sendable, Hashable {
    /// Route progress after a fix (PROGRESS).
    case progress(RouteProgress)
    /// A visual instruction became current (BANNER).
    case banner(BannerEvent)
    /// A spoken instruction is due (VOICE).
    case voice(VoiceEvent)
    /// The vehicle left the route.
    case offRouteDetected(OffRouteEvent)
    /// A reroute started, succeeded or failed (REROUTE); a started one carries the request the
    /// Gateway must send to its `RouteProvider`.
    case reroute(RerouteEvent)
    /// The vehicle reached a waypoint (ARRIVAL).
    case arrived(ArrivalEvent)
    /// Free drive ↔ active guidance switched (SESSION).
    case session(SessionEvent)
    /// A new camera state or frame (CAMERA).
    case camera(CameraEvent)
}

/// A banner that became current.
public struct BannerEvent: Sendable, Hashable {
    /// Route being followed.
    public var routeID: String
    /// Leg of the step.
    public var legIndex: Int
    /// Step whose end maneuver the banner shows.
    public var stepIndex: Int
    /// Metres before the step's end where the banner was due (its `distanceAlongGeometry`).
    public var distanceAlongStep: Meters
    /// The banner.
    public var instruction: BannerInstruction

    /// A banner event from its parts.
    public init(routeID: String, legIndex: Int, stepIndex: Int, distanceAlongStep: Meters, instruction: BannerInstruction) {
        self.routeID = routeID
        self.legIndex = legIndex
        self.stepIndex = stepIndex
        self.distanceAlongStep = distanceAlongStep
        self.instruction = instruction
    }
}

/// A spoken instruction to announce now.
public struct VoiceEvent: Sendable, Hashable {
    /// Route being followed.
    public var routeID: String
    /// Leg of the step.
    public var legIndex: Int
    /// Step whose end maneuver the prompt announces.
    public var stepIndex: Int
    /// Metres before the step's end where the prompt was due (its `distanceAlongGeometry`).
    public var distanceAlongStep: Meters
    /// The prompt.
    public var instruction: VoiceInstruction
    /// The language the prompt is written in (the route's `options.language`, a BCP 47 primary
    /// tag such as `en` or `it`), so a speaker can pick a matching voice; nil when unknown.
    public var language: String?

    /// A voice event from its parts.
    public init(routeID: String, legIndex: Int, stepIndex: Int, distanceAlongStep: Meters, instruction: VoiceInstruction,
                language: String? = nil) {
        self.routeID = routeID
        self.legIndex = legIndex
        self.stepIndex = stepIndex
        self.distanceAlongStep = distanceAlongStep
        self.instruction = instruction
        self.language = language
    }
}

/// The vehicle was declared off the route.
public struct OffRouteEvent: Sendable, Hashable {
    /// Route that was left.
    public var routeID: String
    /// The raw fix position that completed the detection.
    public var coordinate: Coordinate
    /// Its distance from the route, metres.
    public var distanceFromRoute: Meters
    /// Why.
    public var reason: OffRouteReason
    /// Fix time.
    public var time: Timestamp?

    /// An off-route event from its parts.
    public init(routeID: String, coordinate: Coordinate, distanceFromRoute: Meters, reason: OffRouteReason, time: Timestamp?) {
        self.routeID = routeID
        self.coordinate = coordinate
        self.distanceFromRoute = distanceFromRoute
        self.reason = reason
        self.time = time
    }
}

/// A step of a reroute.
public struct RerouteEvent: Sendable, Hashable {
    /// What a reroute went through.
    public enum State: Sendable, Hashable {
        /// A route was asked for; the Gateway sends this request to its `RouteProvider`.
        case started(RerouteRequest)
        /// The new route is being followed.
        case succeeded
        /// No route came back; the message says why.
        case failed(String)
    }

    /// Why the route is being replaced.
    public var reason: RerouteReason
    /// Where the reroute is.
    public var state: State
    /// The current route: the old one for `started`/`failed`, the new one for `succeeded`.
    public var routeID: String

    /// A reroute event from its parts.
    public init(reason: RerouteReason, state: State, routeID: String) {
        self.reason = reason
        self.state = state
        self.routeID = routeID
    }
}

/// The vehicle reached a waypoint.
public struct ArrivalEvent: Sendable, Hashable {
    /// Route being followed.
    public var routeID: String
    /// The leg that ended, in the current route.
    public var legIndex: Int
    /// The waypoint reached, counted in the originally started route (0 is its origin), so
    /// reroutes do not renumber stops.
    public var waypointIndex: Int
    /// The waypoint's name ("" when unknown).
    public var name: String
    /// Whether it is the final destination.
    public var isFinal: Bool
    /// Fix time.
    public var time: Timestamp?

    /// An arrival event from its parts.
    public init(routeID: String, legIndex: Int, waypointIndex: Int, name: String, isFinal: Bool, time: Timestamp?) {
        self.routeID = routeID
        self.legIndex = legIndex
        self.waypointIndex = waypointIndex
        self.name = name
        self.isFinal = isFinal
        self.time = time
    }
}

/// The session switched mode.
public struct SessionEvent: Sendable, Hashable {
    /// The new mode.
    public var mode: NavigationMode
    /// The mode before.
    public var previous: NavigationMode
    /// The route being followed in active guidance (the one just finished when returning to free drive).
    public var routeID: String?

    /// A session event from its parts.
    public init(mode: NavigationMode, previous: NavigationMode, routeID: String?) {
        self.mode = mode
        self.previous = previous
        self.routeID = routeID
    }
}

/// A camera state change or a new frame.
public struct CameraEvent: Sendable, Hashable {
    /// The camera state.
    public var state: CameraState
    /// The frame to show (for a transition: its target); nil before the first fix.
    public var frame: CameraFrame?

    /// A camera event from its parts.
    public init(state: CameraState, frame: CameraFrame?) {
        self.state = state
        self.frame = frame
    }
}
