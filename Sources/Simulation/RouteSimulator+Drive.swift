import Geodesy
import RouteModel

extension RouteSimulator {
    /// A path with its speed profile: what the simulator drives between reroutes.
    struct Drive: Sendable {
        var path: DrivePath
        var profile: SpeedProfile
    }

    /// Where a drive begins on its path.
    enum DriveStart {
        /// Metres along the geometry.
        case distance(Meters)
        /// The closest point of the geometry to a coordinate.
        case coordinate(Coordinate)
    }

    static func drive(route: Route, options: Options, start: DriveStart, speed: MetersPerSecond) throws(SimulationError) -> Drive {
        var geometry = route.geometry
        if geometry.isEmpty { geometry = route.legs.flatMap(RouteSpeedCaps.legShape) }
        let leftHandTraffic = route.legs.first?.steps.first?.drivingSide == "left"
        let path = try makePath(geometry, elevations: nil, uTurnsToTheLeft: !leftHandTraffic)
        let routeCaps = RouteSpeedCaps(route: route, length: path.length, turns: options.turns,
                                       minimumCruiseSpeed: options.minimumCruiseSpeed)
        return Drive(path: path, profile: profile(path: path, extraCaps: routeCaps.caps,
                                                  stops: options.stopsAtWaypoints ? routeCaps.legEnds : [],
                                                  options: options, start: start, speed: speed))
    }

    static func drive(polyline: [Coordinate], segmentSpeedLimits: [MetersPerSecond?]?, elevations: [Meters]?,
                      options: Options, start: DriveStart, speed: MetersPerSecond) throws(SimulationError) -> Drive {
        if let elevations, elevations.count != polyline.count {
            throw .countMismatch(name: "elevations", expected: polyline.count, found: elevations.count)
        }
        if let elevations, let bad = elevations.firstIndex(where: { !$0.isFinite }) {
            throw .invalidOption(name: "elevations[\(bad)]", value: elevations[bad])
        }
        let path = try makePath(polyline, elevations: elevations, uTurnsToTheLeft: true)
        var caps: [SpeedCap] = []
        if let limits = segmentSpeedLimits {
            let segments = max(0, polyline.count - 1)
            guard limits.count == segments else {
                throw .countMismatch(name: "segmentSpeedLimits", expected: segments, found: limits.count)
            }
            let d = Polyline(polyline).cumulativeDistances
            for (i, limit) in limits.enumerated() {
                guard let limit else { continue }
                guard limit > 0, limit.isFinite else { throw .invalidOption(name: "segmentSpeedLimits[\(i)]", value: limit) }
                caps.append(SpeedCap(lower: d[i], upper: d[i + 1], speed: limit))
            }
        }
        return Drive(path: path, profile: profile(path: path, extraCaps: caps, stops: [], options: options, start: start, speed: speed))
    }

    private static func makePath(_ coordinates: [Coordinate], elevations: [Meters]?, uTurnsToTheLeft: Bool) throws(SimulationError) -> DrivePath {
        guard !coordinates.isEmpty else { throw .emptyGeometry }
        if let bad = coordinates.firstIndex(where: { !$0.isValid }) { throw .invalidCoordinate(index: bad) }
        return DrivePath(coordinates: coordinates, elevations: elevations, uTurnsToTheLeft: uTurnsToTheLeft)
    }

    private static func profile(path: DrivePath, extraCaps: [SpeedCap], stops: [Meters], options: Options,
                                start: DriveStart, speed: MetersPerSecond) -> SpeedProfile {
        let startDistance: Meters
        switch start {
        case .distance(let d): startDistance = min(path.length, d)
        case .coordinate(let c): startDistance = path.polyline.project(c)?.distanceAlong ?? 0
        }
        var caps = [SpeedCap(lower: 0, upper: path.length, speed: options.maximumSpeed)]
        caps += options.turns.caps(along: path).filter { $0.speed < options.maximumSpeed }
        caps += extraCaps
        return SpeedProfile(start: startDistance, end: path.length, initialSpeed: speed, caps: caps, stops: stops,
                            acceleration: options.maximumAcceleration, braking: options.maximumBraking)
    }
}
