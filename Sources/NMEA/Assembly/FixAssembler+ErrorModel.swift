import Foundation
import Geodesy
import Positioning
import Timekeeping

/// gpsd's `gpsd_error_model`: derived quantities and error estimates, and the public views.
extension FixAssembler {
    mutating func applyErrorModel(_ changed: ChangedFields) {
        var deltaTime = -1.0
        if fix.time.isFinite {
            deltaTime = fix.seconds(since: lastFix)
            if abs(deltaTime) > 0.0099 {
                oldFix = lastFix
            } else {
                deltaTime = fix.seconds(since: oldFix)
            }
            if !oldFix.time.isFinite { deltaTime = -1 }
        }
        // A receiver's down velocity gives the climb, its north and east ones speed and track,
        // where the cycle has none yet (gpsd's error model does this first).
        if fix.velD.isFinite, !fix.climb.isFinite { fix.climb = -fix.velD }
        if fix.velN.isFinite, fix.velE.isFinite {
            if !fix.speed.isFinite { fix.speed = (fix.velN * fix.velN + fix.velE * fix.velE).squareRoot() }
            if !fix.track.isFinite { fix.track = Bearing.normalized(atan2(fix.velE, fix.velN) * 180 / .pi) }
        }
        let dgps = fix.status == 2
        let hUERE = dgps ? 3.75 : 15.0, vUERE = dgps ? 5.75 : 23.0, pUERE = dgps ? 4.75 : 19.0
        // A 3D fix without a separation from the receiver gets one from the geoid grid, as gpsd
        // 3.22 does with its built-in table (measured: docs/gpsd-compatibility.md).
        if fix.mode >= 3, fix.latitude.isFinite, fix.longitude.isFinite, !fix.geoidSeparation.isFinite,
           let separation = GeoidSeparation.metres(latitude: fix.latitude, longitude: fix.longitude) {
            fix.geoidSeparation = separation
        }
        if fix.latitude.isFinite, fix.longitude.isFinite, fix.geoidSeparation.isFinite {
            if fix.altHAE.isFinite && !fix.altMSL.isFinite {
                fix.altMSL = fix.altHAE - fix.geoidSeparation
            } else if !fix.altHAE.isFinite && fix.altMSL.isFinite {
                fix.altHAE = fix.altMSL + fix.geoidSeparation
            }
        }
        // gpsd 3.22 reports courses in [0, 360): a receiver's 360.0 is 0.
        if fix.track == 360 { fix.track = 0 }
        if fix.magneticTrack == 360 { fix.magneticTrack = 0 }
        // Where the receiver gives no variation, or less than 0.1° (some send "0.0,E" for none),
        // gpsd takes it from its world table; then the magnetic track follows from the true one,
        // or the true track from a compass's magnetic one (HDG).
        if fix.latitude.isFinite, fix.longitude.isFinite, !(abs(fix.magneticVariation) > 0.09),
           let variation = MagneticVariation.degrees(latitude: fix.latitude, longitude: fix.longitude) {
            fix.magneticVariation = variation
        }
        if fix.magneticVariation.isFinite {
            if !fix.magneticTrack.isFinite, fix.track.isFinite {
                fix.magneticTrack = Bearing.normalized(fix.track + fix.magneticVariation)
            } else if fix.magneticTrack.isFinite, !fix.track.isFinite {
                fix.track = Bearing.normalized(fix.magneticTrack - fix.magneticVariation)
            }
        }
        // Speed and climb from the fix before, unless above gpsd's sanity limit (a fix thousands of
        // kilometres from the one before it, as after a lost sentence, gives none).
        if deltaTime > 0, fix.mode >= 2, oldFix.mode >= 2 {
            if !fix.speed.isFinite {
                let d = distances.distance(from: Coordinate(latitude: fix.latitude, longitude: fix.longitude),
                                           to: Coordinate(latitude: oldFix.latitude, longitude: oldFix.longitude))
                fix.speed = Self.withinGPSDSanityLimit(d / deltaTime)
            }
            if fix.mode >= 3, oldFix.mode >= 3, !fix.climb.isFinite, fix.altHAE.isFinite, oldFix.altHAE.isFinite {
                fix.climb = Self.withinGPSDSanityLimit((fix.altHAE - oldFix.altHAE) / deltaTime)
            }
        }
        if fix.time.isFinite, !fix.ept.isFinite { fix.ept = 0.005 }
        if fix.mode >= 2 {
            // epx/epy follow the latest DOPs and status at every sentence (gpsd 3.22 reports the
            // DGPS figure once GGA says DGPS, and a PGRME's epx only until the next sentence when
            // DOPs are known); a receiver's own epx/epy (GBS, PGRME) hold for the sentence giving them.
            let given = changed.contains(.horizontalError)
            if dop.h.isFinite, dop.x.isFinite, !given || !fix.epx.isFinite { fix.epx = dop.x * hUERE }
            if dop.h.isFinite, dop.y.isFinite, !given || !fix.epy.isFinite { fix.epy = dop.y * hUERE }
            if fix.mode >= 3, !fix.epv.isFinite, dop.v.isFinite { fix.epv = dop.v * vUERE }
            if !fix.eph.isFinite, dop.h.isFinite { fix.eph = dop.h * pUERE }
            if !fix.sep.isFinite, dop.p.isFinite { fix.sep = dop.p * pUERE }
            if deltaTime > 0, oldFix.mode >= 2 {
                // Like epx/epy, eps follows them at every sentence unless the receiver gave it; a fix
                // without epx/epy makes it unknown (a PSRFEPE's eps then lasts only its sentence).
                if !speedErrorGiven, oldFix.epx.isFinite, oldFix.epy.isFinite {
                    fix.eps = (Self.gpsdMax(oldFix.epx, oldFix.epy) + Self.gpsdMax(fix.epx, fix.epy)) / deltaTime
                }
                if !fix.epd.isFinite {
                    let adj = distances.distance(from: Coordinate(latitude: oldFix.latitude, longitude: oldFix.longitude),
                                                 to: Coordinate(latitude: fix.latitude, longitude: fix.longitude))
                    let opp = Self.gpsdMax(fix.epx, fix.epy)
                    if adj.isFinite, adj > opp {
                        let hyp = (adj * adj + opp * opp).squareRoot()
                        fix.epd = 2 * asin(opp / hyp) * 180 / .pi
                    }
                }
                if !fix.epc.isFinite, fix.epv.isFinite, oldFix.epv.isFinite {
                    fix.epc = (oldFix.epv + fix.epv) / deltaTime
                }
            }
        }
        if fix.time.isFinite { lastFix = fix }
    }

    /// A derived speed or climb (m/s), or NaN when its magnitude is above 9999.9 m/s: gpsd 3.22's
    /// error model drops such a value as insane ("10,000 m/s should be a nice max").
    static func withinGPSDSanityLimit(_ metresPerSecond: Double) -> Double {
        abs(metresPerSecond) > 9999.9 ? .nan : metresPerSecond
    }

    /// The larger of two errors as gpsd's `EMAX` macro picks it (`x > y ? x : y`): `y` whenever either
    /// is NaN, where Swift's `max` would keep `x` for a NaN `y`.
    static func gpsdMax(_ x: Double, _ y: Double) -> Double { x > y ? x : y }

    /// The accumulated fix as a `Fix`.
    var publicFix: Fix {
        func v(_ x: Double) -> Double? { x.isFinite ? x : nil }
        var out = Fix(time: v(fix.time).map { Timestamp(secondsSince1970: $0) }, mode: FixMode(rawValue: fix.mode) ?? .unknown)
        out.status = fix.status
        if fix.latitude.isFinite, fix.longitude.isFinite {
            out.coordinate = Coordinate(latitude: fix.latitude, longitude: fix.longitude)
        }
        out.altitudeMSL = v(fix.altMSL)
        out.altitudeHAE = v(fix.altHAE)
        out.geoidSeparation = v(fix.geoidSeparation)
        out.speed = v(fix.speed)
        out.course = v(fix.track)
        out.magneticCourse = v(fix.magneticTrack)
        out.magneticVariation = v(fix.magneticVariation)
        out.climb = v(fix.climb)
        if fix.velN.isFinite || fix.velE.isFinite || fix.velD.isFinite {
            out.velocityNED = VelocityNED(north: v(fix.velN), east: v(fix.velE), down: v(fix.velD))
        }
        out.horizontalAccuracy = v(fix.eph)
        out.verticalAccuracy = v(fix.epv)
        out.speedAccuracy = v(fix.eps)
        out.courseAccuracy = v(fix.epd)
        out.latitudeError = v(fix.epy)
        out.longitudeError = v(fix.epx)
        out.climbError = v(fix.epc)
        out.timeError = v(fix.ept)
        out.sphericalError = v(fix.sep)
        out.hdop = v(dop.h)
        out.satellitesUsed = usedPRNs.isEmpty ? nil : usedPRNs.count  // from GSA, gpsd's uSat
        out.dgpsAge = v(fix.dgpsAge)
        out.dgpsStation = fix.dgpsStation >= 0 ? fix.dgpsStation : nil
        out.leapSeconds = leapSeconds
        out.datum = fix.datum
        if fix.depth.isFinite { out.marine = Marine(depth: fix.depth) }
        return out
    }

    /// The current satellites and DOPs as a `SkyView`. Slots gpsd gave PRN 0 are left out; its SKY
    /// counts the others (n) and lists those among its first n slots (`gpsdListedCount`).
    var skyView: SkyView {
        func v(_ x: Double) -> Double? { x.isFinite ? x : nil }
        var sky = SkyView(satellites: satellites)
        if satellites.contains(where: { $0.prn == 0 }) {
            sky.satellites = satellites.filter { $0.prn != 0 }
            sky.gpsdListedCount = satellites.prefix(sky.satellites.count).reduce(0) { $0 + ($1.prn == 0 ? 0 : 1) }
        }
        sky.xdop = v(dop.x); sky.ydop = v(dop.y); sky.hdop = v(dop.h); sky.vdop = v(dop.v)
        sky.pdop = v(dop.p); sky.tdop = v(dop.t); sky.gdop = v(dop.g)
        return sky
    }
}

/// The last two ellipsoidal distances asked for, by their ends in order (a distance and its reverse
/// are kept apart, so every answer is bit for bit what `ellipsoidalDistance` gives).
struct DistanceMemo: Sendable {
    /// The newest answer and the one before it (two values, not an array: no allocation or
    /// uniqueness check per question).
    private var newest: (from: Coordinate, to: Coordinate, metres: Double)?
    private var older: (from: Coordinate, to: Coordinate, metres: Double)?

    /// `from.ellipsoidalDistance(to: to)`, worked out again only for a new pair of ends; NaN when
    /// an end is unknown (a cycle whose GGA had no position), as gpsd's `earth_distance` gives.
    mutating func distance(from: Coordinate, to: Coordinate) -> Double {
        guard from.latitude.isFinite, from.longitude.isFinite, to.latitude.isFinite, to.longitude.isFinite else { return .nan }
        if let hit = older, hit.from == from, hit.to == to { return hit.metres }
        if let hit = newest, hit.from == from, hit.to == to { return hit.metres }
        let metres = from.ellipsoidalDistance(to: to)
        older = newest
        newest = (from, to, metres)
        return metres
    }
}
