public import Geodesy
public import Timekeeping

/// What a GPX 1.0/1.1 file holds: routes (`rte`), tracks (`trk`) and loose waypoints (`wpt`).
public struct GPXDocument: Sendable, Hashable {
    /// The `rte` elements, in file order.
    public var routes: [GPXPath]
    /// The `trk` elements, in file order; their `trkseg`s are joined into one path each.
    public var tracks: [GPXPath]
    /// The `wpt` elements.
    public var waypoints: [GPXPoint]

    /// A document from its parts.
    public init(routes: [GPXPath] = [], tracks: [GPXPath] = [], waypoints: [GPXPoint] = []) {
        self.routes = routes
        self.tracks = tracks
        self.waypoints = waypoints
    }
}

/// A named sequence of GPX points (a route or a track).
public struct GPXPath: Sendable, Hashable {
    /// The `name` child ("" when absent).
    public var name: String
    /// The points in order.
    public var points: [GPXPoint]

    /// A path from its parts.
    public init(name: String = "", points: [GPXPoint]) {
        self.name = name
        self.points = points
    }
}

/// One `rtept`, `trkpt` or `wpt`: position plus the optional children Waygate uses.
public struct GPXPoint: Sendable, Hashable {
    /// From the `lat` and `lon` attributes.
    public var coordinate: Coordinate
    /// `ele`, metres above mean sea level.
    public var elevation: Meters?
    /// `time` (UTC).
    public var time: Timestamp?
    /// `speed` (GPX 1.0, or a Garmin `TrackPointExtension` speed), m/s.
    public var speed: MetersPerSecond?
    /// `course` (GPX 1.0 or extension), degrees from true north.
    public var course: Degrees?
    /// `hdop`.
    public var hdop: Double?
    /// `sat`: satellites used.
    public var satellites: Int?
    /// `name`.
    public var name: String?

    /// A point at `coordinate` with nothing else known.
    public init(coordinate: Coordinate, elevation: Meters? = nil, time: Timestamp? = nil, speed: MetersPerSecond? = nil,
                course: Degrees? = nil, hdop: Double? = nil, satellites: Int? = nil, name: String? = nil) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.speed = speed
        self.course = course
        self.hdop = hdop
        self.satellites = satellites
        self.name = name
    }
}
