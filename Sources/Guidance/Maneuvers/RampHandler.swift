import Geodesy
import RoadGraph
import RouteModel

/// Slip roads: leaving a motorway or trunk onto a link is an off ramp; entering a motorway or
/// trunk link from any other road is an on ramp. Links of lesser roads are ordinary turns.
struct RampHandler: ManeuverHandler {
    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        let from = context.incoming.roadClass, to = context.outgoing.roadClass
        let leavesHighway = from == .motorway || from == .trunk
        guard to.isLink, !from.isLink, leavesHighway || to == .motorwayLink || to == .trunkLink else { return nil }
        let modifier = TurnModifier.modifier(forAngle: context.angle)
        let side = modifier == .straight ? TurnModifier.slight(forAngle: context.angle, fallback: .slightRight) : modifier
        return .some(ManeuverDecision(type: leavesHighway ? .offRamp : .onRamp, modifier: side))
    }
}
