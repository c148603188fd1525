public import Geodesy

/// A drivable route: one or more legs between waypoints, as the Mapbox Directions v5 / OSRM
/// route object describes it. Shared by the planner, route files and guidance.
public struct Route: Sendable, Hashable {
    /// Total length in metres.
    public var distance: Meters
    /// Expected travel time in seconds.
    public var duration: Seconds
    /// Routing weight (the planner's cost) and its name, e.g. `routability`, `duration`.
    public var weight: Double
    /// Name of the weight (OSRM `weight_name`).
    public var weightName: String
    /// The whole route's shape, in driving order.
    public var geometry: [Coordinate]
    /// The legs, one between each consecutive pair of waypoints.
    public var legs: [RouteLeg]
    /// The waypoints (origin, intermediate stops, destination), as snapped by the planner.
    public var waypoints: [Waypoint]
    /// The options the route was made with (profile, units, language), when known.
    public var options: RouteOptions

    /// A route from its parts.
    public init(distance: Meters, duration: Seconds, weight: Double? = nil, weightName: String = "duration",
                geometry: [Coordinate], legs: [RouteLeg], waypoints: [Waypoint] = [], options: RouteOptions = RouteOptions()) {
        self.distance = distance
        self.duration = duration
        self.weight = weight ?? duration
        self.weightName = weightName
        self.geometry = geometry
        self.legs = legs
        self.waypoints = waypoints
        self.options = options
    }
}

/// How a route was requested: what guidance needs to phrase and redo it.
public struct RouteOptions: Sendable, Hashable, Codable {
    /// Travel profile: `car`, `bike` or `foot`.
    public var profile: String
    /// Unit system for instructions.
    public var units: UnitSystem
    /// Language of instructions (BCP 47 primary tag, e.g. `en`, `it`).
    public var language: String
    /// What the route avoids (`toll`, `ferry`, `motorway`).
    public var avoid: [String]

    /// Options with car, metric, English and nothing avoided by default.
    public init(profile: String = "car", units: UnitSystem = .metric, language: String = "en", avoid: [String] = []) {
        self.profile = profile
        self.units = units
        self.language = language
        self.avoid = avoid
    }
}

/// Metric or imperial distances in instructions.
public enum UnitSystem: String, Sendable, Hashable, Codable {
    case metric, imperial
}

/// A point the route passes through or ends at.
public struct Waypoint: Sendable, Hashable {
    /// Name of the street the waypoint snapped to ("" if unnamed).
    public var name: String
    /// Snapped location.
    public var location: Coordinate
    /// Distance in metres from the requested point to the snapped one, when known.
    public var distance: Meters?

    /// A waypoint at `location`.
    public init(name: String = "", location: Coordinate, distance: Meters? = nil) {
        self.name = name
        self.location = location
        self.distance = distance
    }
}

/// The part of a route between two consecutive waypoints.
public struct RouteLeg: Sendable, Hashable {
    /// Length in metres.
    public var distance: Meters
    /// Expected travel time in seconds.
    public var duration: Seconds
    /// A short description, usually the names of the main roads.
    public var summary: String
    /// The steps; the last one is the `arrive` step.
    public var steps: [RouteStep]
    /// Per-segment annotations of the leg's geometry, when known.
    public var annotation: LegAnnotation?

    /// A leg from its parts.
    public init(distance: Meters, duration: Seconds, summary: String = "", steps: [RouteStep], annotation: LegAnnotation? = nil) {
        self.distance = distance
        self.duration = duration
        self.summary = summary
        self.steps = steps
        self.annotation = annotation
    }
}

/// Values per geometry segment of a leg (OSRM/Mapbox `annotation`): element `i` describes the
/// segment between coordinates `i` and `i + 1` of the leg's shape.
public struct LegAnnotation: Sendable, Hashable {
    /// Segment lengths, metres.
    public var distance: [Meters]
    /// Segment travel times, seconds.
    public var duration: [Seconds]
    /// Segment speeds, m/s.
    public var speed: [MetersPerSecond]
    /// Segment speed limits, nil where unknown.
    public var maxSpeed: [SpeedLimit?]

    /// Annotations from their arrays (all the same length, or empty when not provided).
    public init(distance: [Meters] = [], duration: [Seconds] = [], speed: [MetersPerSecond] = [], maxSpeed: [SpeedLimit?] = []) {
        self.distance = distance
        self.duration = duration
        self.speed = speed
        self.maxSpeed = maxSpeed
    }
}
