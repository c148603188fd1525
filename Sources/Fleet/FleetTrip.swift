public import Geodesy

/// One planned drive of a simulated vehicle: from `origin` to `destination`.
public struct FleetTrip: Sendable, Hashable {
    /// Where the vehicle starts.
    public var origin: Coordinate
    /// Where it drives to.
    public var destination: Coordinate

    /// A trip.
    public init(origin: Coordinate, destination: Coordinate) {
        self.origin = origin
        self.destination = destination
    }

    /// Reads a file of origin/destination pairs, one trip a line: `LAT,LON LAT,LON` (blank lines
    /// and `#` comments skipped). Vehicle `i` drives trip `i mod count`.
    public static func parse(_ text: String) throws(FleetError) -> [FleetTrip] {
        var trips: [FleetTrip] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" || $0 == "\r" })
            if fields.isEmpty { continue }
            guard fields.count == 2 else {
                throw .badTrip(line: number + 1, reason: "expected \"LAT,LON LAT,LON\", found \(fields.count) field(s)")
            }
            trips.append(FleetTrip(origin: try coordinate(fields[0], line: number + 1),
                                   destination: try coordinate(fields[1], line: number + 1)))
        }
        if trips.isEmpty { throw .badTrip(line: 1, reason: "the file holds no trips") }
        return trips
    }

    private static func coordinate(_ text: Substring, line: Int) throws(FleetError) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw .badTrip(line: line, reason: "\"\(text)\" is not LAT,LON in degrees")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
