import JSON
import Geodesy

/// GeoJSON building blocks shared by the Directions writer and the GeoJSON writer.
enum GeoJSONValues {
    /// A `[lon, lat]` position.
    static func position(_ c: Coordinate) -> JSONValue { .array([.number(c.longitude), .number(c.latitude)]) }

    /// A `{"type":"LineString","coordinates":[[lon,lat],…]}` object.
    static func lineString(_ line: [Coordinate]) -> JSONValue {
        .object([JSONMember("type", .string("LineString")), JSONMember("coordinates", .array(line.map(position)))])
    }
}
