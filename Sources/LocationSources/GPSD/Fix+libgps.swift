import CGPS
import Geodesy
import Positioning
import Timekeeping

extension Fix {
    /// The TPV libgps last decoded, copied into a Sendable value; libgps marks absent fields
    /// NaN, which become nil. The mode decides whether there is a position (gpsd 3.22 leaves
    /// `status` 0 for a plain GPS fix, so it is not used for that).
    init(libgps data: gps_data_t) {
        let f = data.fix
        func value(_ v: Double) -> Double? { v.isFinite ? v : nil }
        let time = f.time.tv_sec != 0 || f.time.tv_nsec != 0
            ? Timestamp(secondsSince1970: Double(f.time.tv_sec) + Double(f.time.tv_nsec) / 1e9) : nil
        let mode = FixMode(rawValue: Int(f.mode)) ?? .unknown
        var coordinate: Coordinate?
        if mode >= .twoD, let lat = value(f.latitude), let lon = value(f.longitude) {
            coordinate = Coordinate(latitude: lat, longitude: lon)
        }
        self.init(time: time, mode: mode, coordinate: coordinate)
        status = f.status > 0 ? Int(f.status) : nil
        altitudeHAE = value(f.altHAE)
        altitudeMSL = value(f.altMSL)
        geoidSeparation = value(f.geoid_sep)
        speed = value(f.speed)
        course = value(f.track)
        magneticCourse = value(f.magnetic_track)
        magneticVariation = value(f.magnetic_var)
        climb = value(f.climb)
        horizontalAccuracy = value(f.eph)
        verticalAccuracy = value(f.epv)
        speedAccuracy = value(f.eps)
        courseAccuracy = value(f.epd)
        latitudeError = value(f.epy)
        longitudeError = value(f.epx)
        climbError = value(f.epc)
        timeError = value(f.ept)
        sphericalError = value(f.sep)
        dgpsAge = value(f.dgps_age).flatMap { $0 > 0 ? $0 : nil }
        dgpsStation = f.dgps_station >= 0 && dgpsAge != nil ? Int(f.dgps_station) : nil
    }
}

extension SkyView {
    /// The SKY libgps last decoded (satellites and dilutions), copied into a Sendable value.
    init(libgps data: gps_data_t) {
        var satellites: [Satellite] = []
        let count = max(0, min(Int(data.satellites_visible), Int(MAXCHANNELS)))
        withUnsafeBytes(of: data.skyview) { raw in
            let all = raw.bindMemory(to: satellite_t.self)
            for s in all.prefix(count) {
                func value(_ v: Double) -> Double? { v.isFinite ? v : nil }
                satellites.append(Satellite(
                    prn: Int(s.PRN), gnss: GNSS(rawValue: Int(s.gnssid)) ?? .gps, svid: Int(s.svid),
                    signalID: s.sigid > 0 ? Int(s.sigid) : nil, elevation: value(s.elevation), azimuth: value(s.azimuth),
                    snr: value(s.ss).flatMap { $0 > 0 ? $0 : nil }, used: s.used, health: s.health > 0 ? Int(s.health) : nil))
            }
        }
        self.init(satellites: satellites)
        func dop(_ v: Double) -> Double? { v.isFinite && v > 0 ? v : nil }
        hdop = dop(data.dop.hdop)
        vdop = dop(data.dop.vdop)
        pdop = dop(data.dop.pdop)
        tdop = dop(data.dop.tdop)
        gdop = dop(data.dop.gdop)
        xdop = dop(data.dop.xdop)
        ydop = dop(data.dop.ydop)
    }
}
