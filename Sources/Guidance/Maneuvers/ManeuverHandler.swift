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
    /// The maneuver at `context`, nil when the driver just keeps going. The handlers, most
    /// specific first, are called directly (a loop over an array of `any ManeuverHandler` copied
    /// each existential in and out at every node of every route).
    static func decide(_ context: TurnContext) -> ManeuverDecision? {
        if let decision = UTurnHandler().decide(context) { return decision }
        if let decision = FerryHandler().decide(context) { return decision }
        if let decision = RampHandler().decide(context) { return decision }
        if let decision = MergeHandler().decide(context) { return decision }
        if let decision = ForkHandler().decide(context) { return decision }
        if let decision = EndOfRoadHandler().decide(context) { return decision }
        return TurnHandler().decide(context) ?? nil
    }
}
