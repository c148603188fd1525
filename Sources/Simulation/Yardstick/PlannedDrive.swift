public import Geodesy
import JSON
public import Positioning
public import Timekeeping

/// A drive along a route planned by a reference router, as a reference user would build a map
/// matching yardstick (issue 12): driven at the router's own per-segment speeds scaled to its ETA,
/// sampled at 1 Hz, each fix moved by independent seeded Gaussian noise of `sigma` metres east and
/// north. The fixes carry positions and times only (no speed, no course); `fixes(withAccuracy:)`
/// adds `h_acc` = `sigma`, the information a reference matcher gets as `gps_accuracy`.
///
/// One drive is one JSON line (`jsonLine`, `init(jsonLine:)`): `name`, `sigma`, `seed`, `start`
/// (seconds since 1970), `route` (`[lat, lon]` pairs, the planned polyline) and `fixes`
/// (`[t, lat, lon]`, `t` in seconds after `start`); coordinates are rounded to 1e-7 degrees.
public struct PlannedDrive: Sendable, Hashable {
    /// A label for reports ("milan-07").
    public var name: String
    /// Standard deviation of the position noise on each axis, metres.
    public var sigma: Meters
    /// The seed the noise was drawn with.
    public var seed: UInt64
    /// Time of the first fix.
    public var start: Timestamp
    /// The planned route line: the truth the matched points are scored against.
    public var route: [Coordinate]
    /// Seconds after `start` and noisy position of every fix.
    public var samples: [Sample]

    /// One fix of the drive.
    public struct Sample: Sendable, Hashable {
        /// Seconds after the drive's start.
        public var time: Seconds
        /// The noisy position.
        public var coordinate: Coordinate

        /// A sample from its parts.
        public init(time: Seconds, coordinate: Coordinate) {
            self.time = time
            self.coordinate = coordinate
        }
    }

    /// A drive from its parts.
    public init(name: String, sigma: Meters, seed: UInt64, start: Timestamp, route: [Coordinate], samples: [Sample]) {
        self.name = name
        self.sigma = sigma
        self.seed = seed
        self.start = start
        self.route = route
        self.samples = samples
    }

    /// Drives `route` (at least two points) whose segment `i` (from point `i` to `i + 1`) takes
    /// `segmentDurations[i]` seconds, scaled so the whole drive lasts `duration` seconds, with one
    /// fix per second from `start` (the first at the route's start, the last at or before its end).
    /// Nil when the counts do not fit or the durations are not positive.
    public static func drive(
        name: String, route: [Coordinate], segmentDurations: [Seconds], duration: Seconds, sigma: Meters, seed: UInt64,
        start: Timestamp = Timestamp(secondsSince1970: 1_800_000_000)
    ) -> PlannedDrive? {
        guard route.count >= 2, segmentDurations.count == route.count - 1, duration.isFinite, duration > 0,
              segmentDurations.allSatisfy({ $0.isFinite && $0 >= 0 })
        else { return nil }
        let total = segmentDurations.reduce(0, +)
        guard total > 0 else { return nil }
        let scale = duration / total
        var generator = SeededGenerator(seed: seed)
        var samples: [Sample] = []
        var segment = 0, segmentStart: Seconds = 0
        var t: Seconds = 0
        while t <= duration {
            while segment < segmentDurations.count - 1 && segmentStart + segmentDurations[segment] * scale < t {
                segmentStart += segmentDurations[segment] * scale
                segment += 1
            }
            let length = segmentDurations[segment] * scale
            let fraction = length > 0 ? min(1, max(0, (t - segmentStart) / length)) : 1
            let a = route[segment], b = route[segment + 1]
            let truth = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                                   longitude: a.longitude + (b.longitude - a.longitude) * fraction)
            let east = sigma * generator.nextNormal(), north = sigma * generator.nextNormal()
            samples.append(Sample(time: t, coordinate: rounded(LocalProjection(origin: truth).unproject(PlanarPoint(x: east, y: north)))))
            t += 1
        }
        return PlannedDrive(name: name, sigma: sigma, seed: seed, start: start, route: route.map(rounded), samples: samples)
    }

    /// The fixes in time order: 2D, position and time only, plus `h_acc` = `sigma` when `withAccuracy`.
    public func fixes(withAccuracy: Bool) -> [Fix] {
        samples.map { sample in
            var fix = Fix(time: start.adding(sample.time), mode: .twoD, coordinate: sample.coordinate, isSimulated: true)
            if withAccuracy { fix.horizontalAccuracy = sigma }
            return fix
        }
    }

    /// The drive as one line of JSON (no newline).
    public var jsonLine: String {
        func pair(_ c: Coordinate) -> JSONValue { .array([.number(c.latitude), .number(c.longitude)]) }
        let value = JSONValue.object([
            JSONMember("name", .string(name)),
            JSONMember("sigma", .number(sigma)),
            JSONMember("seed", .integer(Int64(truncatingIfNeeded: seed))),
            JSONMember("start", .number(start.secondsSince1970)),
            JSONMember("route", .array(route.map(pair))),
            JSONMember("fixes", .array(samples.map { .array([.number($0.time), .number($0.coordinate.latitude), .number($0.coordinate.longitude)]) })),
        ])
        return String(decoding: value.serialized, as: UTF8.self)
    }

    /// A drive read back from `jsonLine`'s form; `source` names the input in errors.
    /// - Throws: `PlannedDriveError` naming the member that is missing or malformed, or the JSON syntax error.
    public init(jsonLine bytes: [UInt8], source: String) throws {
        let value = try JSONParser.parse(bytes, source: source)
        func member(_ key: String) throws(PlannedDriveError) -> JSONValue {
            guard let v = value[key] else { throw PlannedDriveError(source: source, member: key) }
            return v
        }
        func numbers(_ v: JSONValue, count: Int, key: String) throws(PlannedDriveError) -> [Double] {
            guard case .array(let items) = v, items.count == count else { throw PlannedDriveError(source: source, member: key) }
            let result = items.compactMap(\.doubleValue)
            guard result.count == count, result.allSatisfy(\.isFinite) else { throw PlannedDriveError(source: source, member: key) }
            return result
        }
        func list(_ key: String) throws(PlannedDriveError) -> [JSONValue] {
            guard case .array(let items) = try member(key) else { throw PlannedDriveError(source: source, member: key) }
            return items
        }
        guard let name = try member("name").stringValue else { throw PlannedDriveError(source: source, member: "name") }
        guard let sigma = try member("sigma").doubleValue, sigma >= 0 else { throw PlannedDriveError(source: source, member: "sigma") }
        guard let seed = try member("seed").intValue else { throw PlannedDriveError(source: source, member: "seed") }
        guard let start = try member("start").doubleValue.flatMap(Timestamp.init(validSecondsSince1970:)) else {
            throw PlannedDriveError(source: source, member: "start")
        }
        var route: [Coordinate] = []
        for item in try list("route") {
            let p = try numbers(item, count: 2, key: "route")
            let c = Coordinate(latitude: p[0], longitude: p[1])
            guard c.isValid else { throw PlannedDriveError(source: source, member: "route") }
            route.append(c)
        }
        var samples: [Sample] = []
        for item in try list("fixes") {
            let p = try numbers(item, count: 3, key: "fixes")
            let c = Coordinate(latitude: p[1], longitude: p[2])
            guard c.isValid, p[0] >= (samples.last?.time ?? -.infinity) else { throw PlannedDriveError(source: source, member: "fixes") }
            samples.append(Sample(time: p[0], coordinate: c))
        }
        guard route.count >= 2 else { throw PlannedDriveError(source: source, member: "route") }
        self.init(name: name, sigma: sigma, seed: UInt64(truncatingIfNeeded: seed), start: start, route: route, samples: samples)
    }

    /// Every drive of a JSON-lines file's bytes (blank lines skipped); `source` names the file in errors.
    public static func read(jsonLines bytes: [UInt8], source: String) throws -> [PlannedDrive] {
        var drives: [PlannedDrive] = []
        for (number, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) {
            drives.append(try PlannedDrive(jsonLine: Array(line), source: "\(source):\(number + 1)"))
        }
        return drives
    }

    private static func rounded(_ c: Coordinate) -> Coordinate {
        Coordinate(latitude: (c.latitude * 1e7).rounded() / 1e7, longitude: (c.longitude * 1e7).rounded() / 1e7)
    }
}

/// A planned-drive line whose member is missing or malformed.
public struct PlannedDriveError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The input (file and line).
    public var source: String
    /// The JSON member at fault.
    public var member: String

    /// The error for `member` of `source`.
    public init(source: String, member: String) {
        self.source = source
        self.member = member
    }

    /// One line naming the input and the member.
    public var description: String { "\(source): planned drive has no valid \"\(member)\"" }
}
