import Geodesy
import RoadGraph
import RouteModel

/// Boarding or leaving a ferry: always a step, since the mode of travel changes.
struct FerryHandler: ManeuverHandler {
    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        guard context.changesMode else { return nil }
        let modifier = TurnModifier.modifier(forAngle: context.angle)
        return .some(ManeuverDecision(type: modifier == .straight ? .newName : .turn, modifier: modifier))
    }
}
