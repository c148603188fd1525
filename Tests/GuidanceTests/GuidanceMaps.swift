import Geodesy
import Guidance
import OSMImport
import RoadGraph
import RouteModel
import Routing
import TestSupport

/// A drawn network with a planner, to get assembled routes between its letters.
struct GuidanceMap {
    let map: ASCIIMap
    let planner: RoutePlanner

    /// Imports `ways` drawn on `drawing` (cells of `gridSize` metres).
    init(_ drawing: String, gridSize: Double = 10, ways: [ASCIIMap.Way]) throws {
        map = ASCIIMap(drawing, gridSize: gridSize)
        planner = RoutePlanner(graph: try OSMImporter().importGraph(from: Array(map.osmXML(ways: ways).utf8)).graph)
    }

    /// The assembled route through the letters `stops` (first and last: origin and destination).
    func route(_ stops: String, heading: Double? = nil, language: String = "en", units: UnitSystem = .metric) throws -> Route {
        let points = stops.map { RouteWaypoint(map.coordinate(of: $0)) }
        var waypoints = points
        if let heading { waypoints[0].heading = heading }
        let planned = try planner.plan(RouteRequest(waypoints: waypoints))[0]
        return RouteAssembler(language: language, units: units).route(
            legs: planned.legs, waypoints: planned.waypoints.map { Waypoint(location: $0.coordinate) },
            options: RouteOptions(units: units, language: language))
    }

    /// "type modifier" of every step of the first leg, e.g. `["depart", "turn left", "arrive"]`.
    func maneuvers(_ stops: String, heading: Double? = nil) throws -> [String] {
        try route(stops, heading: heading).legs[0].steps.map(Self.label)
    }

    /// "type modifier" of a step (modifier omitted when nil).
    static func label(_ step: RouteStep) -> String {
        [step.maneuver.type.rawValue, step.maneuver.modifier?.rawValue].compactMap { $0 }.joined(separator: " ")
    }
}
