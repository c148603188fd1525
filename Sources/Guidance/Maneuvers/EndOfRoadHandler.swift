import Geodesy
import RoadGraph
import RouteModel

/// The end of a road at a T-junction: nothing continues straight on, and roads go off to both
/// sides: "at the end of the road, turn left".
struct EndOfRoadHandler: ManeuverHandler {
    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        guard abs(context.angle) >= 45 else { return nil }
        let others = context.intersection.roads.filter { !$0.isIncoming }.map { context.angle(to: $0) }
        guard others.allSatisfy({ abs($0) >= 45 }), others.contains(where: { $0 < 0 }), others.contains(where: { $0 > 0 }) else {
            return nil
        }
        return .some(ManeuverDecision(type: .endOfRoad, modifier: TurnModifier.modifier(forAngle: context.angle)))
    }
}
