public import MapMatching
public import Navigation
public import Positioning
public import Timekeeping

/// A domain event the gateway publishes; the servers turn these into wire messages.
///
/// A match and a navigation event are a few hundred bytes of fields, and every event is copied
/// into the fix's batch, each queued subscriber's queue and its handler: those two are boxed
/// (each copy is one retain). A source event is small (its fix and sky view are boxed in
/// `SourceEvent`) and the most frequent — a receiver's every sentence is one — so it is held
/// in place, not allocated.
public enum GatewayEvent: Sendable {
    /// Something a location source reported, stamped with its event time (the fix time for
    /// fixes and sky views, else the gateway's clock).
    case source(SourceEvent, from: SourceID, time: Timestamp)
    /// Where the last fix lies on the road network (free drive matching), at the fix time.
    indirect case match(MatchedLocation, time: Timestamp)
    /// Guidance, session and camera events, at the fix time (or the clock for commands).
    indirect case navigation(NavigationEvent, time: Timestamp)
    /// A fix of `source` is more than `NavigationSession.clockJumpTolerance` older than the
    /// source's fix before it: its clock jumped back, and navigation goes on from the new time
    /// base. Each source is compared with itself, so two receivers whose clocks disagree do not
    /// make every fix a jump. Stamped with the new fix time.
    case clockJump(source: SourceID, previous: Timestamp, time: Timestamp)
}

extension GatewayEvent {
    /// Whether the event reports a change of state that outlets must never drop (DEVICE,
    /// SESSION, REROUTE, ARRIVAL, off-route, BANNER and VOICE instructions), as opposed to a
    /// stream sample (fixes, sky views, sentences, MATCH, PROGRESS, CAMERA — each carries the
    /// whole current state) of which a slow outlet may lose the oldest.
    public var isState: Bool {
        switch self {
        case .source(.device, _, _), .clockJump: true
        case .source: false
        case .match: false
        case .navigation(let event, _):
            switch event {
            case .progress, .camera: false
            case .banner, .voice, .offRouteDetected, .reroute, .arrived, .session: true
            }
        }
    }
}
