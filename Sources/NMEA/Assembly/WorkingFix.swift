/// gpsd's `struct gps_fix_t` as the assembler works on it: NaN means unknown.
struct WorkingFix: Sendable {
    /// Time of the fix, seconds since 1970.
    var time = Double.nan
    /// The fraction of `time`'s second exactly as the sentence gave it, nanoseconds: gpsd keeps a
    /// `timespec`, and works time differences out from whole seconds and nanoseconds.
    var nanoseconds = 0
    var mode = 0
    var status = 0
    var latitude = Double.nan, longitude = Double.nan
    var altHAE = Double.nan, altMSL = Double.nan, geoidSeparation = Double.nan
    var speed = Double.nan, track = Double.nan, magneticTrack = Double.nan, magneticVariation = Double.nan
    var climb = Double.nan
    var velN = Double.nan, velE = Double.nan, velD = Double.nan
    var ept = Double.nan, epx = Double.nan, epy = Double.nan, epv = Double.nan
    var eph = Double.nan, sep = Double.nan, eps = Double.nan, epd = Double.nan, epc = Double.nan
    var dgpsAge = Double.nan
    var dgpsStation = -1
    var depth = Double.nan
    /// Map datum a Garmin PGRMM named in this cycle.
    var datum: String?

    /// Seconds from `other`'s time to this one's as gpsd's `TS_SUB_D` gives them: the whole seconds'
    /// difference plus the nanoseconds' (a difference of the `time`s themselves, near 1.6e9 s, is
    /// off by up to 2.4e-7 s, enough to round a derived climb of -0.3975 m/s the other way).
    /// Measured from time 0 when `other` has no time, as gpsd measures from its empty `timespec`.
    func seconds(since other: WorkingFix) -> Double {
        guard other.time.isFinite else { return time }
        let wholeSeconds = (time - Double(nanoseconds) / 1e9).rounded() - (other.time - Double(other.nanoseconds) / 1e9).rounded()
        return wholeSeconds + Double(nanoseconds - other.nanoseconds) * 1e-9
    }

    /// Copies the fields `changed` says `from` carries (gpsd `gps_merge_fix`).
    mutating func merge(_ from: WorkingFix, _ changed: ChangedFields) {
        if changed.contains(.time) { time = from.time; nanoseconds = from.nanoseconds }
        if changed.contains(.latLon) { latitude = from.latitude; longitude = from.longitude }
        if changed.contains(.mode) { mode = from.mode }
        if changed.contains(.status) { status = from.status }
        if changed.contains(.altitude) {
            if from.altHAE.isFinite { altHAE = from.altHAE }
            if from.altMSL.isFinite { altMSL = from.altMSL }
            if from.depth.isFinite { depth = from.depth }
        }
        // Receiver-supplied errors (GBS, PGRME) replace the derived speed and climb errors too, which
        // are then derived again from them (gpsd 3.22's eps/epc follow the last epx/epy/epv given).
        // An unknown one (a PGRME figure left empty) leaves the value the fix has, as gpsd merges.
        if changed.contains(.horizontalError) {
            if from.epx.isFinite { epx = from.epx }
            if from.epy.isFinite { epy = from.epy }
            eps = .nan
        }
        if changed.contains(.verticalError) {
            if from.epv.isFinite { epv = from.epv }
            epc = .nan
        }
        if changed.contains(.sphericalError), from.sep.isFinite { sep = from.sep }
        if changed.contains(.errorEstimates) {
            if from.eph.isFinite { eph = from.eph }
            if from.epv.isFinite { epv = from.epv }
            if from.eps.isFinite { eps = from.eps }
            if from.epd.isFinite { epd = from.epd }
        }
        if changed.contains(.track) { track = from.track }
        if changed.contains(.magneticTrack) {
            if from.magneticTrack.isFinite { magneticTrack = from.magneticTrack }
        }
        if from.magneticVariation.isFinite { magneticVariation = from.magneticVariation }
        if changed.contains(.speed) { speed = from.speed }
        if changed.contains(.velocityNED) { velN = from.velN; velE = from.velE; velD = from.velD }
        if from.geoidSeparation.isFinite { geoidSeparation = from.geoidSeparation }
        if from.dgpsAge.isFinite { dgpsAge = from.dgpsAge }
        if from.dgpsStation >= 0 { dgpsStation = from.dgpsStation }
    }
}
