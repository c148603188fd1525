import Geodesy
import RoadGraph
import RouteModel

/// A U-turn: the path goes back the way it came (at a dead end or where allowed).
struct UTurnHandler: ManeuverHandler {
    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        guard abs(context.angle) >= TurnModifier.uturnAngle else { return nil }
        return .some(ManeuverDecision(type: .turn, modifier: .uturn))
    }
}
