public import NMEA

/// gpsd's GST report: pseudorange noise statistics.
public struct GPSDNoise: Sendable, Hashable, Codable {
    /// The object's class, as gpsd spells it.
    public var `class` = "GST"
    /// The device the report came from (gpsd's `device`); nil in `waygate decode` output.
    public var device: String?
    /// Time of the report, ISO 8601 UTC with milliseconds.
    public var time: String?
    /// RMS residual, error ellipse (major, minor σ in metres, orientation in degrees) and lat/lon/alt σ in metres.
    public var rms: Double?, major: Double?, minor: Double?, orient: Double?, lat: Double?, lon: Double?, alt: Double?

    /// The GST gpsd would print for `noise`.
    public init(_ noise: NoiseReport, device: String? = nil) {
        self.device = device
        time = noise.time.map(GPSDTime.string)
        rms = noise.rms; major = noise.major; minor = noise.minor; orient = noise.orientation
        lat = noise.latitude; lon = noise.longitude; alt = noise.altitude
    }

    /// The report as gpsd 3.22 prints it.
    public var json: String {
        var w = GPSDJSON(class: "GST")
        w.add("device", device)
        w.add("time", time)
        for (k, v) in [("rms", rms), ("major", major), ("minor", minor), ("orient", orient), ("lat", lat), ("lon", lon), ("alt", alt)] {
            w.add(k, v, decimals: 3)
        }
        return w.object
    }
}
