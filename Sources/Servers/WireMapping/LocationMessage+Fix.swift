import Geodesy
public import Positioning
public import WireProtocol

extension LocationMessage {
    /// The LOCATION for `fix` from `source`: the only place a `Fix` becomes wire fields.
    public init(_ fix: Fix, source: SourceID) {
        self.init(
            source: source.rawValue, mode: fix.mode.rawValue, lat: fix.coordinate?.latitude.rounded(to: 9),
            lon: fix.coordinate?.longitude.rounded(to: 9), alt: (fix.altitudeMSL ?? fix.altitudeHAE)?.rounded(to: 3),
            speed: fix.speed?.rounded(to: 3), course: fix.course?.rounded(to: 2),
            horizontalAccuracy: fix.horizontalAccuracy?.rounded(to: 3), verticalAccuracy: fix.verticalAccuracy?.rounded(to: 3),
            speedAccuracy: fix.speedAccuracy?.rounded(to: 3), courseAccuracy: fix.courseAccuracy?.rounded(to: 2),
            hdop: fix.hdop?.rounded(to: 2), satellitesUsed: fix.satellitesUsed, simulated: fix.isSimulated)
    }
}

extension SkyMessage {
    /// The SKY for `sky` from `source`.
    public init(_ sky: SkyView, source: SourceID) {
        self.init(
            source: source.rawValue,
            satellites: sky.satellites.map {
                Satellite(prn: $0.prn, gnss: $0.gnss.wireName, elevation: $0.elevation, azimuth: $0.azimuth, snr: $0.snr, used: $0.used)
            },
            hdop: sky.hdop, vdop: sky.vdop, pdop: sky.pdop)
    }
}

extension GNSS {
    /// The constellation as the wire spells it (`gps`, `glonass`, …).
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

extension EventPayload {
    /// The wire payload for a source event from `source`; nil for noise statistics, which the
    /// wire protocol does not carry.
    public init?(_ event: SourceEvent, source: SourceID) {
        switch event {
        case .fix(let fix): self = .location(LocationMessage(fix, source: source))
        case .sky(let sky): self = .sky(SkyMessage(sky, source: source))
        case .sentence(let s): self = .nmea(NMEAMessage(source: source.rawValue, sentence: s.string))
        case .noise: return nil
        case .device(let state, let driver, let baud):
            self = .device(DeviceMessage(source: source.rawValue, state: DeviceMessage.State(state), driver: driver, baud: baud))
        }
    }
}

extension DeviceMessage.State {
    /// The wire state for a device state.
    public init(_ state: DeviceState) {
        switch state {
        case .connected: self = .connected
        case .lost: self = .lost
        case .reconnecting: self = .reconnecting
        }
    }
}

extension Double {
    /// This value rounded to `digits` decimals: the wire never carries float noise such as
    /// 20.900000000000002 (9 decimals of a degree is 0.1 mm).
    func rounded(to digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
