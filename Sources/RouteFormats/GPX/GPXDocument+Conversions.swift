import Timekeeping
public import Positioning
public import RouteModel

extension GPXDocument {
    /// Every `rte` and then every `trk` with at least two points, as a drivable route of one
    /// leg (depart + arrive). A track whose first and last points have times takes its
    /// duration from them; otherwise the duration comes from `RouteDefaults` for `profile`.
    public func drivableRoutes(profile: String = "car") -> [Route] {
        (routes + tracks).compactMap { path in
            let line = path.points.map(\.coordinate)
            guard line.count >= 2 else { return nil }
            var duration: Double?
            if let start = path.points.first?.time, let end = path.points.last?.time, end > start { duration = end.seconds(since: start) }
            return Route.following(line, name: path.name, mode: RouteDefaults.mode(forProfile: profile), duration: duration)
        }
    }

    /// The points of every track (or, in a file without tracks, of every route) as fixes, in
    /// file order: 3D when the point has `ele`, else 2D.
    public func trace() -> [Fix] {
        let paths = tracks.isEmpty ? routes : tracks
        return paths.flatMap(\.points).map(\.fix)
    }
}

extension GPXPoint {
    /// This point as a fix.
    public var fix: Fix {
        var fix = Fix(time: time, mode: elevation == nil ? .twoD : .threeD, coordinate: coordinate)
        fix.altitudeMSL = elevation
        fix.speed = speed
        fix.course = course
        fix.hdop = hdop
        fix.satellitesUsed = satellites
        return fix
    }
}
