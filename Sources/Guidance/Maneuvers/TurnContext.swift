import RouteModel
import Geodesy
import RoadGraph

/// What a maneuver handler sees at one intersection of a path: the road arrived on, the road
/// left on, and every road meeting there.
struct TurnContext {
    /// The intersection.
    var intersection: PathIntersection
    /// The segment arrived on.
    var incoming: RoadPath.Segment
    /// The segment left on.
    var outgoing: RoadPath.Segment

    /// Signed turn angle, degrees, positive to the right.
    var angle: Degrees { intersection.turnAngle }

    /// Whether `road` is one the path could have taken instead (enterable, neither arrived on nor left on).
    static func isOption(_ road: PathIntersection.Road) -> Bool { road.canEnter && !road.isOutgoing && !road.isIncoming }

    /// The signed angle from the incoming direction to leaving along `road`, degrees.
    func angle(to road: PathIntersection.Road) -> Degrees {
        Bearing.turn(from: intersection.incomingBearing, to: road.bearing)
    }

    /// Whether leaving onto the outgoing road is a new road worth announcing (`NameChange`).
    var announcesNewRoad: Bool {
        NameChange.isAnnounced(from: (incoming.name, incoming.ref), to: (outgoing.name, outgoing.ref))
    }

    /// Whether the street identity (name and ref) stays exactly the same.
    var keepsName: Bool { Self.identity(incoming.name, incoming.ref) == Self.identity(outgoing.name, outgoing.ref) }

    /// Whether the travel mode changes (boarding or leaving a ferry).
    var changesMode: Bool { incoming.flags.contains(.ferry) != outgoing.flags.contains(.ferry) }

    /// A comparable name+ref pair ("" for missing parts).
    static func identity(_ name: String?, _ ref: String?) -> String { (name ?? "") + "\u{1F}" + (ref ?? "") }
}
