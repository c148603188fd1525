public import Gateway
import Navigation
import Positioning
import RouteModel

extension DriverAlertEvent {
    /// The alert events in one gateway event (none for fixes, matches, progress and camera).
    ///
    /// Periodic faster-route checks are silent: only a faster route actually taken is reported,
    /// so a check never cuts speech off or flashes "Rerouting…".
    public static func from(_ event: GatewayEvent) -> DriverAlertEvent? {
        switch event {
        case .source(let reported, let source, _):
            guard case SourceEvent.device(let state, _, _) = reported else { return nil }
            return .device(state, source: source)
        case .match, .clockJump:
            return nil
        case .navigation(let navigation, _):
            return from(navigation)
        }
    }

    private static func from(_ event: NavigationEvent) -> DriverAlertEvent? {
        switch event {
        case .voice(let voice):
            return .voice(Maneuver(
                announcement: voice.instruction.announcement, distance: voice.distanceAlongStep, language: voice.language,
                legIndex: voice.legIndex, stepIndex: voice.stepIndex))
        case .banner(let banner):
            return .banner(Banner(
                primary: banner.instruction.primary.text, secondary: banner.instruction.secondary?.text,
                legIndex: banner.legIndex, stepIndex: banner.stepIndex))
        case .arrived(let arrival):
            return .arrived(name: arrival.name, waypointIndex: arrival.waypointIndex, isFinal: arrival.isFinal)
        case .reroute(let reroute):
            switch (reroute.reason, reroute.state) {
            case (.fasterRoute, .started), (.fasterRoute, .failed):
                return nil
            case (.fasterRoute, .succeeded):
                return .reroute(.succeeded(faster: true))
            case (.offRoute, .started):
                return .reroute(.started)
            case (.offRoute, .succeeded):
                return .reroute(.succeeded(faster: false))
            case (.offRoute, .failed(let message)):
                return message.hasPrefix("cancelled") ? .reroute(.cancelled) : .reroute(.failed(message))
            }
        case .session(let session):
            return .guidance(active: session.mode == .activeGuidance)
        case .progress, .offRouteDetected, .camera:
            return nil
        }
    }
}
