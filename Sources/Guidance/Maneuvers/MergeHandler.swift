import Geodesy
import RoadGraph
import RouteModel

/// Joining a motorway or trunk from a ramp, where the main carriageway flows in too: a merge,
/// to the side the ramp comes from.
struct MergeHandler: ManeuverHandler {
    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        let to = context.outgoing.roadClass
        guard context.incoming.roadClass.isLink, to == .motorway || to == .trunk else { return nil }
        // The main carriageway arriving: a road of the outgoing class that cannot be entered (it flows in).
        guard let main = context.intersection.roads.first(where: { !$0.canEnter && !$0.isIncoming && $0.roadClass == to }) else {
            return nil
        }
        // The ramp joins from the right of the main road when the main road's arrival lies to our left.
        let mainSide = context.angle(to: main)
        let modifier: ManeuverModifier = mainSide < 0 ? .slightLeft : .slightRight
        return .some(ManeuverDecision(type: .merge, modifier: modifier))
    }
}
