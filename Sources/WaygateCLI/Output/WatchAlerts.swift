import DriverAlerts
import Positioning
import WireProtocol

/// What `watch --speak/--notify` hands to `DriverAlerts`: the alert a wire event stands for.
/// VOICE carries the route's language, so speech picks its voice from it unless `--voice` is
/// given (English when the daemon does not say).
enum WatchAlerts {
    /// The alert for `message`, or nil for events that alert nobody.
    static func alert(for message: ServerMessage) -> DriverAlertEvent? {
        guard case .event(let event) = message else { return nil }
        switch event.payload {
        case .voice(let v):
            return .voice(.init(announcement: v.announcement, distance: v.distanceAlongStep, language: v.language, legIndex: 0, stepIndex: v.stepIndex))
        case .banner(let b):
            return .banner(.init(primary: b.primary.text, secondary: b.secondary?.text, legIndex: 0, stepIndex: b.stepIndex))
        case .arrival(let a):
            return .arrived(name: a.name ?? "", waypointIndex: a.waypointIndex, isFinal: a.final)
        case .reroute(let r):
            guard r.reason == .offRoute || r.state == .succeeded else { return nil }
            switch r.state {
            case .started: return .reroute(.started)
            case .succeeded: return .reroute(.succeeded(faster: r.reason == .fasterRoute))
            case .failed: return .reroute(.failed("no new route"))
            }
        case .session(let s):
            return .guidance(active: s.mode == .activeGuidance)
        case .device(let d):
            return .device(DeviceState(rawValue: d.state.rawValue) ?? .lost, source: SourceID(d.source))
        default:
            return nil
        }
    }
}
