import RouteModel
import Geodesy
import RoadGraph

/// What a maneuver handler sees at one intersection of a path: the road arrived on, the road
/// left on, and every road meeting there. It reads them in the path's arrays where they are
/// (asked at nearly every node of every route: no copy of the segments and the intersection).
struct TurnContext {
    /// The path's segments.
    private let segments: [RoadPath.Segment]
    /// The path's intersections.
    private let intersections: [PathIntersection]
    /// Index of the intersection in `intersections` (between segments `index` and `index + 1`).
    private let index: Int

    /// The context at intersection `index` of a path with `segments` and `intersections`.
    init(segments: [RoadPath.Segment], intersections: [PathIntersection], at index: Int) {
        self.segments = segments
        self.intersections = intersections
        self.index = index
    }

    // Read accessors: a handler reading one field of them reads it in the path's arrays (a getter
    // returned a copy, every name retained and released, at every node for every field asked).
    /// The intersection.
    var intersection: PathIntersection { _read { yield intersections[index] } }
    /// The segment arrived on.
    var incoming: RoadPath.Segment { _read { yield segments[index] } }
    /// The segment left on.
    var outgoing: RoadPath.Segment { _read { yield segments[index + 1] } }

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
