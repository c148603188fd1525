/// SKY: the satellites in view and the dilutions of precision.
public struct SkyMessage: WireMessage {
    public static let messageClass = "SKY"

    /// One satellite in view.
    public struct Satellite: Sendable, Hashable, Codable {
        /// PRN as gpsd numbers it.
        public var prn: Int
        /// Constellation: `gps`, `sbas`, `galileo`, `beidou`, `imes`, `qzss`, `glonass`, `navic`.
        public var gnss: String
        /// Elevation, degrees above the horizon.
        public var elevation: Double?
        /// Azimuth, degrees from true north.
        public var azimuth: Double?
        /// Signal-to-noise ratio, dB-Hz.
        public var snr: Double?
        /// Whether it is used in the solution.
        public var used: Bool

        /// A satellite with the given values.
        public init(prn: Int, gnss: String, elevation: Double? = nil, azimuth: Double? = nil, snr: Double? = nil, used: Bool) {
            self.prn = prn
            self.gnss = gnss
            self.elevation = elevation
            self.azimuth = azimuth
            self.snr = snr
            self.used = used
        }

        enum CodingKeys: String, CodingKey {
            case prn, gnss, elevation = "el", azimuth = "az", snr, used
        }
    }

    /// The source reporting the sky (an extension of PROTOCOL.md), e.g. `serial:/dev/ttyACM0`.
    public var source: String?
    /// Satellites in view, in the receiver's order.
    public var satellites: [Satellite]
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Vertical dilution of precision.
    public var vdop: Double?
    /// Position (3D) dilution of precision.
    public var pdop: Double?

    /// A SKY with the given values.
    public init(source: String? = nil, satellites: [Satellite], hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil) {
        self.source = source
        self.satellites = satellites
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
    }

    enum CodingKeys: String, CodingKey {
        case source, satellites, hdop, vdop, pdop
    }
}

extension SkyMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("hdop", hdop)
        object.member("pdop", pdop)
        object.member("satellites", satellites)
        object.member("source", source)
        object.member("vdop", vdop)
    }
}

extension SkyMessage.Satellite: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("az", azimuth)
        object.member("el", elevation)
        object.member("gnss", gnss)
        object.member("prn", prn)
        object.member("snr", snr)
        object.member("used", used)
    }
}
