/// HDG — Heading, deviation and variation (a magnetic compass).
///
///     $SDHDG,234.6,,,1.3,E*34
///     1 magnetic sensor heading  2-3 deviation, E/W  4-5 variation, E/W
public struct HDG: Sendable, Hashable {
    /// The sensor heading, degrees; nil when empty, outside 0–360, or when the deviation is a
    /// number outside 0–360 (gpsd then ignores the sentence). gpsd 3.22 reports the sensor
    /// heading itself as the magnetic track: it adds no deviation and keeps no variation.
    public var heading: Double?

    /// Reads an HDG sentence's fields; gpsd 3.22 asks no number of fields (a bare `$HCHDG` is read with
    /// every field empty).
    public init(_ f: NMEAFields) throws {
        if let h = f.double(1), (0...360).contains(h), f.double(2).map({ (0...360).contains($0) }) ?? true {
            heading = h
        }
    }
}
