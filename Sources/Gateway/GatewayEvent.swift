public import MapMatching
public import Navigation
public import Positioning
public import Timekeeping

/// A domain event the gateway publishes; the servers turn these into wire messages.
public enum GatewayEvent: Sendable {
    /// Something a location source reported, stamped with its event time (the fix time for
    /// fixes and sky views, else the gateway's clock).
    case source(SourceEvent, from: SourceID, time: Timestamp)
    /// Where the last fix lies on the road network (free drive matching), at the fix time.
    case match(MatchedLocation, time: Timestamp)
    /// Guidance, session and camera events, at the fix time (or the clock for commands).
    case navigation(NavigationEvent, time: Timestamp)
}

/// Where the gateway sends its events (the event server, the gpsd-compatible server, tests).
/// Called on the gateway's actor; must return quickly and never block.
public typealias GatewayEventSink = @Sendable (GatewayEvent) -> Void
