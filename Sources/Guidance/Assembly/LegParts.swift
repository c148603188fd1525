import RoadGraph
import RouteModel

/// What building one leg leaves for another path sharing its start or its end (an alternative's
/// with the best route's): per intersection of its path the handler chain's decision (where it was
/// asked) and the wire intersection (where one was made), and the annotation. Each depends only on
/// the segments and intersection around it, so another path with the same segments there gets
/// the same ones.
struct LegParts {
    /// The path the leg was built from.
    var path: RoadPath
    /// `ManeuverChain.decide` at each intersection, nil where it was not asked (inside a ring).
    var decisions: [ManeuverDecision??]
    /// `LegBuilder.intersection(_:at:)` of each intersection, nil where none was made.
    var intersections: [Intersection?]
    /// The leg's annotation (element i for geometry points i → i + 1).
    var annotation = LegAnnotation()

    /// Empty parts for `path`, filled as its leg is built.
    init(path: RoadPath) {
        self.path = path
        decisions = Array(repeating: nil, count: path.intersections.count)
        intersections = Array(repeating: nil, count: path.intersections.count)
    }
}
