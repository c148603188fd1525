import Geodesy
import RoadGraph
import RouteModel

/// The type and modifier a handler decided for an intersection.
struct ManeuverDecision: Hashable {
    /// OSRM maneuver type.
    var type: ManeuverType
    /// Direction, when it has one.
    var modifier: ManeuverModifier?
}

/// One scenario of the OSRM-style handler chain: it either recognises the intersection and
/// decides (`.some(decision)`; a nil decision means "no maneuver here"), or passes (`nil`).
protocol ManeuverHandler: Sendable {
    /// The decision for `context`, or nil when this handler does not apply.
    func decide(_ context: TurnContext) -> ManeuverDecision??
}

/// The chain of handlers tried in order at every non-roundabout intersection; the first one that
/// applies decides. The last one (`TurnHandler`) always applies.
enum ManeuverChain {
    /// Handlers, most specific first.
    static let handlers: [any ManeuverHandler] = [
        UTurnHandler(), FerryHandler(), RampHandler(), MergeHandler(), ForkHandler(), EndOfRoadHandler(), TurnHandler(),
    ]

    /// The maneuver at `context`, nil when the driver just keeps going.
    static func decide(_ context: TurnContext) -> ManeuverDecision? {
        for handler in handlers {
            if let decision = handler.decide(context) { return decision }
        }
        return nil
    }
}
