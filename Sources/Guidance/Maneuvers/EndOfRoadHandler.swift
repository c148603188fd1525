import Geodesy
import RoadGraph
import RouteModel

/// The end of a road at a T-junction (OSRM's three-way rule): exactly three roads meet, one
/// goes off within `window` of a right angle to the right and one within it to the left, and
/// nothing goes on ahead, and neither branch carries the road on: "at the end of the road,
/// turn left" (always plain `left` / `right`).
struct EndOfRoadHandler: ManeuverHandler {
    /// Degrees either side of 90° within which the branches must lie (OSRM's narrow turn angle).
    static let window: Degrees = 40

    func decide(_ context: TurnContext) -> ManeuverDecision?? {
        let roads = context.intersection.roads
        guard roads.count == 3, abs(context.angle) >= 45 else { return nil }
        // A branch carrying the road on is the obvious way: taking it is nothing, leaving it a turn.
        let carriesOn = roads.contains { road in
            !road.isIncoming && TurnHandler.isNamed(road.name, road.ref)
                && !NameChange.isAnnounced(from: (context.incoming.name, context.incoming.ref), to: (road.name, road.ref))
        }
        guard !carriesOn else { return nil }
        let angles = roads.filter { !$0.isIncoming }.map { context.angle(to: $0) }
        guard angles.contains(where: { abs($0 - 90) < Self.window }), angles.contains(where: { abs($0 + 90) < Self.window }) else {
            return nil
        }
        return .some(ManeuverDecision(type: .endOfRoad, modifier: context.angle > 0 ? .right : .left))
    }
}
