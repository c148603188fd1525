public import Timekeeping

/// The departure and arrival of a route as written on the wire: ISO 8601 UTC rounded to the
/// second, arrival = departure + the route's duration.
public struct RouteTimes: Hashable, Sendable {
    /// Departure, e.g. "2026-03-01T08:00:00Z".
    public var departure: String
    /// Arrival, e.g. "2026-03-01T08:12:34Z".
    public var arrival: String
    /// Departure and arrival as timestamps (whole seconds).
    public var departureTime: Timestamp, arrivalTime: Timestamp

    /// The times of a route of `duration` seconds leaving at `departure`; nil when there is no departure.
    public init?(departure: Timestamp?, duration: Double) {
        guard let departure else { return nil }
        departureTime = Timestamp(secondsSince1970: departure.secondsSince1970.rounded())
        arrivalTime = Timestamp(secondsSince1970: (departure.secondsSince1970 + duration).rounded())
        self.departure = departureTime.iso8601(fractionDigits: 0)
        arrival = arrivalTime.iso8601(fractionDigits: 0)
    }
}
