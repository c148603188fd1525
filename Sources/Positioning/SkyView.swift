/// A GNSS constellation, numbered as gpsd's `gnssid` (u-blox numbering).
public enum GNSS: Int, Sendable, Codable, CaseIterable {
    case gps = 0, sbas = 1, galileo = 2, beidou = 3, imes = 4, qzss = 5, glonass = 6, navic = 7
}

/// One satellite as a receiver sees it.
public struct Satellite: Sendable, Hashable, Codable {
    /// gpsd's PRN (its NMEA-derived numbering: GPS 1–63, SBAS 120–158, GLONASS 65–96, …).
    public var prn: Int
    /// Constellation.
    public var gnss: GNSS
    /// Satellite id within the constellation (gpsd `svid`).
    public var svid: Int
    /// Signal id (gpsd `sigid`), when the receiver reports signals (NMEA 4.10+).
    public var signalID: Int?
    /// Elevation in degrees above the horizon; nil if unknown.
    public var elevation: Double?
    /// Azimuth in degrees from true north; nil if unknown.
    public var azimuth: Double?
    /// Signal-to-noise ratio in dB-Hz; nil if not tracked.
    public var snr: Double?
    /// Whether the satellite is used in the current solution.
    public var used: Bool
    /// gpsd `health` (0 unknown, 1 ok, 2 bad), when known.
    public var health: Int?

    /// A satellite with the given identity and observations.
    public init(prn: Int, gnss: GNSS, svid: Int, signalID: Int? = nil, elevation: Double? = nil, azimuth: Double? = nil,
                snr: Double? = nil, used: Bool = false, health: Int? = nil) {
        self.prn = prn
        self.gnss = gnss
        self.svid = svid
        self.signalID = signalID
        self.elevation = elevation
        self.azimuth = azimuth
        self.snr = snr
        self.used = used
        self.health = health
    }
}

/// The satellites in view and the dilutions of precision: what gpsd calls a SKY report.
public struct SkyView: Sendable, Hashable, Codable {
    /// Satellites in view, in the order the receiver reported them.
    public var satellites: [Satellite]
    /// Dilutions of precision, where known.
    public var hdop: Double?, vdop: Double?, pdop: Double?, tdop: Double?, gdop: Double?, xdop: Double?, ydop: Double?
    /// How many of `satellites`, from the first, gpsd 3.22's SKY lists; nil for all. A satellite id
    /// gpsd numbers PRN 0 (not in `satellites`) still takes one of its slots, and its SKY lists
    /// only the first `nSat` slots, so each such id hides one satellite at the end of the list.
    public var gpsdListedCount: Int?

    /// A sky view of `satellites`.
    public init(satellites: [Satellite] = []) {
        self.satellites = satellites
    }

    /// The satellites gpsd's SKY lists (see `gpsdListedCount`).
    public var gpsdListed: ArraySlice<Satellite> { satellites.prefix(gpsdListedCount ?? satellites.count) }

    /// Satellites used in the solution.
    public var usedCount: Int { satellites.reduce(0) { $0 + ($1.used ? 1 : 0) } }
}
