public import Positioning
public import RouteModel
import Timekeeping

/// Reads any route or trace file Waygate knows, choosing the reader by content.
public enum RouteFile {
    /// The largest route or trace file Waygate reads (32 MiB): a 10,000 km Directions response
    /// with steps and annotations is under 20 MB; callers check a file's size against it
    /// before reading it (`FileContents.read` in SystemIO).
    public static let maximumFileBytes = 32 << 20

    /// The routes in `bytes`: Directions JSON (all routes, best first), GPX (`rte`s then
    /// `trk`s), GeoJSON lines, or a JSON-lines trace (its fixes as one route). Every route is
    /// drivable without a map (distances and durations filled in, see `RouteDefaults`).
    /// - Parameter profile: profile for formats that carry none (GPX, GeoJSON, JSONL).
    /// - Throws: `RouteFormatError`; NMEA logs are rejected as routes.
    public static func readRoutes(_ bytes: [UInt8], profile: String = "car") throws -> [Route] {
        let routes = try readAnyRoutes(bytes, profile: profile)
        for (index, route) in routes.enumerated() { try checkAmounts(route, path: "routes[\(index)]") }
        return routes
    }

    /// The largest distance (metres) or duration (seconds) a route, leg, step or annotation may
    /// give: a million kilometres, or 31 years. Sums of such amounts stay finite, so guidance's
    /// distances and times remaining are numbers (a file giving each step 1e308 s made them
    /// infinite, and every PROGRESS line unreadable).
    public static let largestAmount: Double = 1e9

    private static func readAnyRoutes(_ bytes: [UInt8], profile: String) throws -> [Route] {
        switch try RouteFileFormat.sniff(bytes) {
        case .directionsJSON:
            return try OSRMReader().readResponse(bytes).routes
        case .geoJSON:
            return try nonEmpty(try GeoJSONReader.routes(bytes, profile: profile), "GeoJSON", "LineString with two positions")
        case .gpx:
            return try nonEmpty(try GPXReader.read(bytes).drivableRoutes(profile: profile), "GPX", "rte or trk with two points")
        case .jsonLines:
            let fixes = try FixLog.read(bytes)
            return try nonEmpty(try routes(following: fixes, profile: profile), "JSONL", "two fixes with positions")
        case .nmea:
            throw RouteFormatError.unrecognizedFormat(reason: "an NMEA log is a trace, not a route")
        }
    }

    /// The first route in `bytes` (see `readRoutes`).
    public static func readRoute(_ bytes: [UInt8], profile: String = "car") throws -> Route {
        guard let first = try readRoutes(bytes, profile: profile).first else { throw RouteFormatError.empty(source: "route", what: "routes") }
        return first
    }

    /// The fixes of a trace: GPX track points (route points if there is no track), JSON lines,
    /// or GeoJSON positions. NMEA logs are sniffed but must be read with the `NMEA` module.
    public static func readTrace(_ bytes: [UInt8]) throws -> [Fix] {
        let fixes: [Fix]
        switch try RouteFileFormat.sniff(bytes) {
        case .gpx: fixes = try GPXReader.read(bytes).trace()
        case .jsonLines: fixes = try FixLog.read(bytes)
        case .geoJSON: fixes = try GeoJSONReader.trace(bytes)
        case .directionsJSON: fixes = try OSRMReader().readRoute(bytes).geometry.map { Fix(mode: .twoD, coordinate: $0) }
        case .nmea: throw RouteFormatError.unrecognizedFormat(reason: "an NMEA log; read it with the NMEA decoder")
        }
        return try nonEmpty(fixes, "trace", "positions")
    }

    /// Throws `invalidValue` naming the first distance or duration of `route` (instructions'
    /// distances along their steps included) that is negative, not finite or above `largestAmount`.
    private static func checkAmounts(_ route: Route, path: String) throws {
        func check(_ value: Double, _ at: String) throws {
            guard value.isFinite, value >= 0, value <= largestAmount else {
                throw RouteFormatError.invalidValue(source: "route", path: at, problem: "is \(value), not an amount from 0 to 1e9")
            }
        }
        try check(route.distance, path + ".distance")
        try check(route.duration, path + ".duration")
        for (l, leg) in route.legs.enumerated() {
            let legPath = path + ".legs[\(l)]"
            try check(leg.distance, legPath + ".distance")
            try check(leg.duration, legPath + ".duration")
            for (i, step) in leg.steps.enumerated() {
                let stepPath = legPath + ".steps[\(i)]"
                try check(step.distance, stepPath + ".distance")
                try check(step.duration, stepPath + ".duration")
                for (v, voice) in step.voiceInstructions.enumerated() {
                    try check(voice.distanceAlongGeometry, stepPath + ".voiceInstructions[\(v)].distanceAlongGeometry")
                }
                for (b, banner) in step.bannerInstructions.enumerated() {
                    try check(banner.distanceAlongGeometry, stepPath + ".bannerInstructions[\(b)].distanceAlongGeometry")
                }
            }
            for (i, value) in (leg.annotation?.distance ?? []).enumerated() { try check(value, legPath + ".annotation.distance[\(i)]") }
            for (i, value) in (leg.annotation?.duration ?? []).enumerated() { try check(value, legPath + ".annotation.duration[\(i)]") }
        }
    }

    private static func routes(following fixes: [Fix], profile: String) throws -> [Route] {
        let line = fixes.compactMap(\.coordinate)
        guard line.count >= 2 else { return [] }
        var duration: Double?
        if let start = fixes.first?.time, let end = fixes.last?.time, end > start { duration = end.seconds(since: start) }
        return [Route.following(line, name: "", mode: RouteDefaults.mode(forProfile: profile), duration: duration)]
    }

    private static func nonEmpty<T>(_ items: [T], _ source: String, _ what: String) throws -> [T] {
        guard !items.isEmpty else { throw RouteFormatError.empty(source: source, what: what) }
        return items
    }
}
