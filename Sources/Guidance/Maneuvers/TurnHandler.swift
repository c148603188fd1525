import Geodesy
import RoadGraph
import RouteModel

/// Everything else: a turn, a new name, a continue, or nothing when the driver just follows the
/// road (OSRM's basic turn types; `NameChange` decides whether the road changes).
///
/// - The road stays the same and is the most obvious way on: no maneuver (bends are not steps).
/// - It stays the same but another option is straighter: `continue` with the modifier when both
///   roads are named, else `turn`.
/// - The road changes where no other road meets, or along the obvious way (straight or slight,
///   every other road clearly further off, none more important): `new name`.
/// - Otherwise: `turn` with the modifier from the angle (`turn straight` across a crossing whose
///   straight branch is not the obvious way, e.g. across a bigger road).
struct TurnHandler: ManeuverHandler {
    /// Degrees by which every other option must deviate more for a branch to be the obvious way.
    static let distinction: Degrees = 30

    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        let modifier = TurnModifier.modifier(forAngle: context.angle)
        let deviation = abs(context.angle)
        // Asked at nearly every node a route passes: tested on the roads in place, no array made.
        let straighter = context.intersection.roads.contains { TurnContext.isOption($0) && abs(context.angle(to: $0)) + 10 < deviation }
        if !context.announcesNewRoad {
            guard straighter, modifier != .straight else { return .some(nil) }
            let bothNamed = Self.isNamed(context.incoming.name, context.incoming.ref) && Self.isNamed(context.outgoing.name, context.outgoing.ref)
            return .some(ManeuverDecision(type: bothNamed ? .continue : .turn, modifier: modifier))
        }
        // Where other roads meet, even ones that cannot be entered, only the obvious way is a
        // new name (OSRM judges obviousness over every road there); elsewhere the name just changes.
        if context.intersection.roads.count <= 2 || isObvious(context, modifier: modifier) {
            return .some(ManeuverDecision(type: .newName, modifier: modifier))
        }
        return .some(ManeuverDecision(type: .turn, modifier: modifier))
    }

    /// Whether the branch taken is the obvious way on: straight or slight, every other option at
    /// least `distinction` further off, and no crossing road more important than the one taken.
    func isObvious(_ context: TurnContext, modifier: ManeuverModifier) -> Bool {
        guard modifier == .straight || modifier == .slightLeft || modifier == .slightRight else { return false }
        let deviation = abs(context.angle), rank = min(context.incoming.roadClass.rank, context.outgoing.roadClass.rank)
        return context.intersection.roads.allSatisfy { road in
            road.isIncoming || road.isOutgoing
                || abs(context.angle(to: road)) >= deviation + Self.distinction && (road.roadClass.rank >= rank || !road.canEnter && road.roadClass.isLink)
        }
    }

    /// Whether a road has a name or a number.
    static func isNamed(_ name: String?, _ ref: String?) -> Bool { name?.isEmpty == false || ref?.isEmpty == false }
}
