public import RouteModel

/// Writes routes as a GeoJSON `FeatureCollection`: one `LineString` feature per route with
/// `distance` (m), `duration` (s) and `summary` properties, best route first.
public enum GeoJSONWriter {
    /// The routes as a FeatureCollection.
    public static func featureCollection(_ routes: [Route]) -> [UInt8] {
        JSONWriter.bytes(.object([
            JSONMember("type", .string("FeatureCollection")),
            JSONMember("features", .array(routes.map(feature))),
        ]))
    }

    /// One route as a Feature value.
    public static func feature(_ route: Route) -> JSONValue {
        .object([
            JSONMember("type", .string("Feature")),
            JSONMember("properties", .object([
                JSONMember("distance", .number(route.distance)), JSONMember("duration", .number(route.duration)),
                JSONMember("summary", .string(route.legs.map(\.summary).filter { !$0.isEmpty }.joined(separator: "; "))),
            ])),
            JSONMember("geometry", GeoJSONValues.lineString(route.geometry)),
        ])
    }
}
