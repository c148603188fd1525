public import Positioning

extension SkyMessage {
    /// The SKY for `sky` from `source`; constellations are spelled as the wire does (`gps`, `glonass`, …).
    public init(_ sky: SkyView, source: SourceID? = nil) {
        self.init(
            source: source?.rawValue,
            satellites: sky.satellites.map {
                Satellite(prn: $0.prn, gnss: $0.gnss.wireName, elevation: $0.elevation, azimuth: $0.azimuth, snr: $0.snr, used: $0.used)
            },
            hdop: sky.hdop, vdop: sky.vdop, pdop: sky.pdop)
    }
}

extension GNSS {
    /// The constellation's wire name: `gps`, `sbas`, `galileo`, `beidou`, `imes`, `qzss`, `glonass`, `navic`.
    public var wireName: String {
        switch self {
        case .gps: "gps"
        case .sbas: "sbas"
        case .galileo: "galileo"
        case .beidou: "beidou"
        case .imes: "imes"
        case .qzss: "qzss"
        case .glonass: "glonass"
        case .navic: "navic"
        }
    }
}
