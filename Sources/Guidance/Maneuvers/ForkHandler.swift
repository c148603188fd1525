import Geodesy
import RoadGraph
import RouteModel

/// A fork: the road splits into two or more branches that all go roughly ahead, of similar
/// class, none clearly straighter than the others, and either none or several of them carry
/// the name on: "keep left" / "keep right" (OSRM forks even where both branches keep the name).
struct ForkHandler: ManeuverHandler {
    /// Branches within this many degrees of straight ahead count as going ahead.
    static let aheadWindow = 50.0
    /// Degrees by which one branch must be straighter than the rest to be the obvious way, not a
    /// fork (OSRM's `FUZZY_ANGLE_DIFFERENCE`).
    static let obviousMargin = 25.0

    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        guard abs(context.angle) < Self.aheadWindow else { return nil }
        // Most nodes have no other option ahead: checked in place before any array is made.
        let isAhead = { (road: PathIntersection.Road) in TurnContext.isOption(road) && abs(context.angle(to: road)) < Self.aheadWindow }
        guard context.intersection.roads.contains(where: isAhead) else { return nil }
        let ahead = context.intersection.roads.filter(isAhead)
        guard !ahead.isEmpty else { return nil }
        let rank = context.outgoing.roadClass.rank
        guard ahead.allSatisfy({ abs($0.roadClass.rank - rank) <= 1 }) else { return nil }
        let incomingIdentity = TurnContext.identity(context.incoming.name, context.incoming.ref)
        let othersKeepName = ahead.contains { TurnContext.identity($0.name, $0.ref) == incomingIdentity }
        // When exactly one of the branches carries the road on, it is not a fork: the turn handler
        // decides (nothing to say on the through road, a turn off it).
        if context.keepsName != othersKeepName { return nil }
        // One branch is clearly the straighter (the others at least `obviousMargin` further off):
        // not a fork but the obvious way on, or a turn off it; the turn handler decides.
        let ours = abs(context.angle), others = ahead.map { abs(context.angle(to: $0)) }
        if others.allSatisfy({ $0 >= ours + Self.obviousMargin }) || others.contains(where: { $0 + Self.obviousMargin <= ours }) {
            return nil
        }
        let leftmost = ahead.allSatisfy { context.angle(to: $0) > context.angle }
        let rightmost = ahead.allSatisfy { context.angle(to: $0) < context.angle }
        let modifier: ManeuverModifier = leftmost ? .slightLeft : rightmost ? .slightRight : .straight
        return .some(ManeuverDecision(type: .fork, modifier: modifier))
    }
}
