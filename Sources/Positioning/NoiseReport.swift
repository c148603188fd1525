public import Timekeeping

/// Pseudorange noise statistics a receiver reports (NMEA GST): what gpsd reports as its `GST` object.
public struct NoiseReport: Sendable, Hashable {
    /// The time the statistics refer to (today's date from the last RMC/ZDA plus GST's time of day).
    public var time: Timestamp?
    /// RMS of the range residuals, metres.
    public var rms: Double?
    /// Error ellipse semi-major and semi-minor σ (metres) and orientation (degrees true).
    public var major: Double?, minor: Double?, orientation: Double?
    /// Latitude, longitude and altitude σ, metres.
    public var latitude: Double?, longitude: Double?, altitude: Double?

    /// A noise report.
    public init(time: Timestamp? = nil, rms: Double? = nil, major: Double? = nil, minor: Double? = nil, orientation: Double? = nil,
                latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil) {
        self.time = time
        self.rms = rms
        self.major = major
        self.minor = minor
        self.orientation = orientation
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}
