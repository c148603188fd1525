import Geodesy
import RoadGraph
import RouteModel

/// A fork: the road splits into two or more branches that all go roughly ahead, of similar
/// class, and either none or several of them carry the name on: "keep left" / "keep right".
struct ForkHandler: ManeuverHandler {
    /// Branches within this many degrees of straight ahead count as going ahead.
    static let aheadWindow = 50.0

    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        guard abs(context.angle) < Self.aheadWindow else { return nil }
        let ahead = context.otherOptions.filter { abs(context.angle(to: $0)) < Self.aheadWindow }
        guard !ahead.isEmpty else { return nil }
        let rank = context.outgoing.roadClass.rank
        guard ahead.allSatisfy({ abs($0.roadClass.rank - rank) <= 1 }) else { return nil }
        let incomingIdentity = TurnContext.identity(context.incoming.name, context.incoming.ref)
        let othersKeepName = ahead.contains { TurnContext.identity($0.name, $0.ref) == incomingIdentity }
        // When exactly one of the branches carries the road on, it is not a fork: the turn handler
        // decides (nothing to say on the through road, a turn off it).
        if context.keepsName != othersKeepName { return nil }
        // The street splits around an island and we take its straightest branch: nothing to say.
        if context.keepsName && ahead.allSatisfy({ abs(context.angle(to: $0)) > abs(context.angle) }) { return nil }
        let leftmost = ahead.allSatisfy { context.angle(to: $0) > context.angle }
        let rightmost = ahead.allSatisfy { context.angle(to: $0) < context.angle }
        let modifier: ManeuverModifier = leftmost ? .slightLeft : rightmost ? .slightRight : .straight
        return .some(ManeuverDecision(type: .fork, modifier: modifier))
    }
}
