public import JSON
public import RouteModel
public import Timekeeping

/// Writes routes as a GeoJSON `FeatureCollection`: one `LineString` feature per route with
/// `distance` (m), `duration` (s) and `summary` properties (plus `departure_time` and
/// `arrival_time` when a departure is given), best route first.
public enum GeoJSONWriter {
    /// The routes as a FeatureCollection; `departureTime` is echoed with each route's arrival.
    public static func featureCollection(_ routes: [Route], departureTime: Timestamp? = nil) -> [UInt8] {
        JSONValue.object([
            JSONMember("type", .string("FeatureCollection")),
            JSONMember("features", .array(routes.map { feature($0, departureTime: departureTime) })),
        ]).serialized
    }

    /// One route as a Feature value; `departureTime` is echoed with the route's arrival.
    public static func feature(_ route: Route, departureTime: Timestamp? = nil) -> JSONValue {
        var properties = [
            JSONMember("distance", .number(route.distance)), JSONMember("duration", .number(route.duration)),
            JSONMember("summary", .string(route.legs.map(\.summary).filter { !$0.isEmpty }.joined(separator: "; "))),
        ]
        if let times = RouteTimes(departure: departureTime, duration: route.duration) {
            properties += [JSONMember("departure_time", .string(times.departure)), JSONMember("arrival_time", .string(times.arrival))]
        }
        return .object([
            JSONMember("type", .string("Feature")),
            JSONMember("properties", .object(properties)),
            JSONMember("geometry", GeoJSONValues.lineString(route.geometry)),
        ])
    }
}
