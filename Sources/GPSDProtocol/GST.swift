public import JSON
public import Positioning

/// gpsd's GST report: pseudorange noise statistics.
public struct GPSDNoise: Sendable, Hashable, Codable, GPSDObject {
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

    /// The GST gpsd prints for device `device` when its receiver sent no noise statistics.
    public init(device: String?) {
        self.device = device
    }

    /// Appends the report as gpsd 3.22 prints it.
    public func write(to json: inout JSONWriter) {
        json.beginGPSDObject(class: "GST")
        json.gpsdMember("device", device)
        json.gpsdMember("time", time)
        json.gpsdMember("rms", rms, decimals: 3)
        json.gpsdMember("major", major, decimals: 3)
        json.gpsdMember("minor", minor, decimals: 3)
        json.gpsdMember("orient", orient, decimals: 3)
        json.gpsdMember("lat", lat, decimals: 3)
        json.gpsdMember("lon", lon, decimals: 3)
        json.gpsdMember("alt", alt, decimals: 3)
        json.endObject()
    }
}
