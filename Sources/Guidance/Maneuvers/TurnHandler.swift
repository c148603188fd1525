import Geodesy
import RoadGraph
import RouteModel

/// Everything else: a turn, a new name, a continue, or nothing when the driver just follows the road.
///
/// - The road keeps its name and is the most obvious way on: no maneuver (bends are not steps).
/// - It keeps its name but another option is straighter: `continue` with the modifier (`turn`
///   between unnamed roads, where "continue" would mean nothing).
/// - The name changes straight ahead, or where there was no choice: `new name`.
/// - Otherwise: `turn` with the modifier from the angle.
struct TurnHandler: ManeuverHandler {
    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        let modifier = TurnModifier.modifier(forAngle: context.angle)
        let deviation = abs(context.angle)
        let straighter = context.otherOptions.contains { abs(context.angle(to: $0)) + 10 < deviation }
        if context.keepsName {
            guard straighter, modifier != .straight else { return .some(nil) }
            let unnamed = TurnContext.identity(context.incoming.name, context.incoming.ref) == TurnContext.identity(nil, nil)
            return .some(ManeuverDecision(type: unnamed ? .turn : .continue, modifier: modifier))
        }
        if modifier == .straight || !context.hasChoice {
            return .some(ManeuverDecision(type: .newName, modifier: modifier))
        }
        return .some(ManeuverDecision(type: .turn, modifier: modifier))
    }
}
