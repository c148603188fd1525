import CGPS
import Geodesy
import NMEA
import Positioning
import Timekeeping

extension Fix {
    /// The TPV libgps last decoded, copied into a Sendable value; libgps marks absent fields
    /// NaN, which become nil. The mode decides whether there is a position (gpsd 3.22 leaves
    /// `status` 0 for a plain GPS fix, so it is not used for that). Impossible values, which
    /// gpsd never sends but anything speaking its protocol can, are dropped as the NMEA decoder
    /// drops them: a position that is not a valid coordinate makes the report no fix, and any
    /// other value outside its `PlausibleRange` (or not finite) becomes nil.
    init(libgps data: gps_data_t) {
        let f = data.fix
        func value(_ v: Double, in range: ClosedRange<Double>) -> Double? { range.contains(v) ? v : nil }
        let time = f.time.tv_sec != 0 || f.time.tv_nsec != 0
            ? Timestamp(secondsSince1970: Double(f.time.tv_sec) + Double(f.time.tv_nsec) / 1e9) : nil
        var mode = FixMode(rawValue: Int(f.mode)) ?? .unknown
        var coordinate: Coordinate?
        if mode >= .twoD, !f.latitude.isNaN || !f.longitude.isNaN {
            let position = Coordinate(latitude: f.latitude, longitude: f.longitude)
            if position.isValid { coordinate = position } else { mode = .noFix }
        }
        self.init(time: time, mode: mode, coordinate: coordinate)
        status = f.status > 0 ? Int(f.status) : nil
        altitudeHAE = value(f.altHAE, in: PlausibleRange.altitude)
        altitudeMSL = value(f.altMSL, in: PlausibleRange.altitude)
        geoidSeparation = value(f.geoid_sep, in: PlausibleRange.altitude)
        speed = PlausibleRange.speedKmh.contains(f.speed * 3.6) ? f.speed : nil  // m/s, checked in km/h
        course = value(f.track, in: PlausibleRange.course)
        magneticCourse = value(f.magnetic_track, in: PlausibleRange.course)
        magneticVariation = PlausibleRange.magneticVariation.contains(abs(f.magnetic_var)) ? f.magnetic_var : nil  // east or west
        climb = value(f.climb, in: PlausibleRange.velocityComponent)
        horizontalAccuracy = value(f.eph, in: PlausibleRange.error)
        verticalAccuracy = value(f.epv, in: PlausibleRange.error)
        speedAccuracy = value(f.eps, in: PlausibleRange.error)
        courseAccuracy = value(f.epd, in: PlausibleRange.error)
        latitudeError = value(f.epy, in: PlausibleRange.error)
        longitudeError = value(f.epx, in: PlausibleRange.error)
        climbError = value(f.epc, in: PlausibleRange.error)
        timeError = value(f.ept, in: PlausibleRange.error)
        sphericalError = value(f.sep, in: PlausibleRange.error)
        dgpsAge = value(f.dgps_age, in: PlausibleRange.error).flatMap { $0 > 0 ? $0 : nil }
        dgpsStation = f.dgps_station >= 0 && dgpsAge != nil ? Int(f.dgps_station) : nil
    }
}

extension SkyView {
    /// The SKY libgps last decoded (satellites and dilutions), copied into a Sendable value; a
    /// dilution outside `PlausibleRange.dop` is dropped.
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
        func dop(_ v: Double) -> Double? { PlausibleRange.dop.contains(v) && v > 0 ? v : nil }
        hdop = dop(data.dop.hdop)
        vdop = dop(data.dop.vdop)
        pdop = dop(data.dop.pdop)
        tdop = dop(data.dop.tdop)
        gdop = dop(data.dop.gdop)
        xdop = dop(data.dop.xdop)
        ydop = dop(data.dop.ydop)
    }
}

extension NoiseReport {
    /// The GST libgps last decoded, copied into a Sendable value; a deviation outside
    /// `PlausibleRange.error` or an orientation outside `PlausibleRange.orientation` (NaN: absent)
    /// is dropped, as the NMEA decoder drops them.
    init(libgps data: gps_data_t) {
        let g = data.gst
        func deviation(_ v: Double) -> Double? { PlausibleRange.error.contains(v) ? v : nil }
        let time = g.utctime.tv_sec > 0
            ? Timestamp(secondsSince1970: Double(g.utctime.tv_sec) + Double(g.utctime.tv_nsec) / 1e9) : nil
        self.init(time: time, rms: deviation(g.rms_deviation), major: deviation(g.smajor_deviation),
                  minor: deviation(g.sminor_deviation),
                  orientation: PlausibleRange.orientation.contains(g.smajor_orientation) ? g.smajor_orientation : nil,
                  latitude: deviation(g.lat_err_deviation), longitude: deviation(g.lon_err_deviation),
                  altitude: deviation(g.alt_err_deviation))
    }
}
