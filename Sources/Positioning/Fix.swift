public import Geodesy
public import Timekeeping

/// The quality of a position solution, numbered as gpsd's TPV `mode`.
public enum FixMode: Int, Sendable, Codable, Comparable {
    /// Nothing known yet.
    case unknown = 0
    /// The receiver reports no fix.
    case noFix = 1
    /// Latitude and longitude only.
    case twoD = 2
    /// Latitude, longitude and altitude.
    case threeD = 3

    public static func < (a: FixMode, b: FixMode) -> Bool { a.rawValue < b.rawValue }
}

/// One position report from a receiver, a replay or the simulator: what gpsd calls a TPV.
///
/// Every optional field is nil when the source did not say it; units are SI (metres, m/s,
/// degrees clockwise from true north). Accuracies are 1-sigma-like estimates as gpsd computes
/// them (`eph` ≈ horizontal 95 % error from HDOP × UERE).
public struct Fix: Sendable, Hashable, Codable {
    /// When the fix was valid (UTC), if the source gave a time.
    public var time: Timestamp?
    /// Solution quality.
    public var mode: FixMode
    /// gpsd's TPV `status` (0 unknown/plain, 2 DGPS, 3 RTK fixed, 4 RTK float, 5 DR, 6 GNSSDR, 7 time, 8 simulated, 9 PPS).
    public var status: Int?
    /// Position; nil without a fix.
    public var coordinate: Coordinate?
    /// Altitude above mean sea level, metres.
    public var altitudeMSL: Meters?
    /// Altitude above the WGS84 ellipsoid, metres.
    public var altitudeHAE: Meters?
    /// Geoid separation (ellipsoid minus geoid), metres.
    public var geoidSeparation: Meters?
    /// Speed over ground, m/s.
    public var speed: MetersPerSecond?
    /// Course over ground, degrees from true north.
    public var course: Degrees?
    /// Course over ground relative to magnetic north, degrees.
    public var magneticCourse: Degrees?
    /// Magnetic variation, degrees (east positive).
    public var magneticVariation: Degrees?
    /// Climb (vertical speed), m/s, positive up.
    public var climb: MetersPerSecond?
    /// Velocity north, east and down, when the receiver gave its components (gpsd `velN`, `velE`,
    /// `velD`); nil from most receivers.
    public var velocityNED: VelocityNED?
    /// Estimated horizontal position error, metres (gpsd `eph`).
    public var horizontalAccuracy: Meters?
    /// Estimated vertical error, metres (gpsd `epv`).
    public var verticalAccuracy: Meters?
    /// Estimated speed error, m/s (gpsd `eps`).
    public var speedAccuracy: MetersPerSecond?
    /// Estimated course error, degrees (gpsd `epd`).
    public var courseAccuracy: Degrees?
    /// Estimated latitude error, metres (gpsd `epy`).
    public var latitudeError: Meters?
    /// Estimated longitude error, metres (gpsd `epx`).
    public var longitudeError: Meters?
    /// Estimated climb error, m/s (gpsd `epc`).
    public var climbError: MetersPerSecond?
    /// Estimated time error, seconds (gpsd `ept`).
    public var timeError: Seconds?
    /// Spherical (3D) position error, metres (gpsd `sep`).
    public var sphericalError: Meters?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Number of satellites used in the solution.
    public var satellitesUsed: Int?
    /// Age of differential corrections, seconds.
    public var dgpsAge: Seconds?
    /// Differential reference station id.
    public var dgpsStation: Int?
    /// GPS − UTC leap seconds, when the receiver said (gpsd `leapseconds`).
    public var leapSeconds: Int?
    /// Map datum the receiver named for this fix (Garmin PGRMM; gpsd `datum`).
    public var datum: String?
    /// Depth and wind from a vessel's instruments (NMEA DBT, MWD, MWV), nil from plain receivers.
    public var marine: Marine?
    /// Whether the fix was made up by Waygate's simulator rather than measured.
    public var isSimulated: Bool

    /// A fix with the given mode and everything else unknown.
    public init(time: Timestamp? = nil, mode: FixMode = .unknown, coordinate: Coordinate? = nil, isSimulated: Bool = false) {
        self.time = time
        self.mode = mode
        self.coordinate = coordinate
        self.isSimulated = isSimulated
    }

    /// Whether the fix has a usable position (2D or 3D with a coordinate).
    public var hasPosition: Bool { mode >= .twoD && coordinate != nil }
}
