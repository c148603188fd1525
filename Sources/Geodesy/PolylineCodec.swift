/// The Google encoded-polyline algorithm used by OSRM and Mapbox (`polyline` = precision 5,
/// `polyline6` = precision 6). Coordinates are encoded latitude first.
public enum PolylineCodec {
    /// Encodes `coordinates` with `precision` decimal digits (5 or 6).
    public static func encode(_ coordinates: [Coordinate], precision: Int = 6) -> String {
        let factor = power10(precision)
        var out: [UInt8] = []
        var lastLat = 0, lastLon = 0
        for c in coordinates {
            let lat = Int((c.latitude * factor).rounded()), lon = Int((c.longitude * factor).rounded())
            append(lat - lastLat, to: &out)
            append(lon - lastLon, to: &out)
            lastLat = lat
            lastLon = lon
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes an encoded polyline; nil when the string is not a valid encoding.
    public static func decode(_ string: String, precision: Int = 6) -> [Coordinate]? {
        let factor = power10(precision)
        let bytes = Array(string.utf8)
        var i = 0, lat = 0, lon = 0
        var result: [Coordinate] = []
        func next() -> Int? {
            var shift = 0, value = 0
            while i < bytes.count {
                let b = Int(bytes[i]) - 63
                i += 1
                guard b >= 0, b < 64, shift < 60 else { return nil }
                value |= (b & 0x1f) << shift
                shift += 5
                if b < 0x20 { return (value & 1) != 0 ? ~(value >> 1) : value >> 1 }
            }
            return nil
        }
        while i < bytes.count {
            guard let dLat = next(), let dLon = next() else { return nil }
            lat += dLat
            lon += dLon
            result.append(Coordinate(latitude: Double(lat) / factor, longitude: Double(lon) / factor))
        }
        return result
    }

    private static func power10(_ n: Int) -> Double {
        var f = 1.0
        for _ in 0..<n { f *= 10 }
        return f
    }

    private static func append(_ value: Int, to out: inout [UInt8]) {
        var v = value < 0 ? ~(value << 1) : value << 1
        while v >= 0x20 {
            out.append(UInt8((0x20 | (v & 0x1f)) + 63))
            v >>= 5
        }
        out.append(UInt8(v + 63))
    }
}
