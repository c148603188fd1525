import Geodesy
public import JSON
public import Positioning
import Timekeeping

/// gpsd's TPV (time-position-velocity) report, field names as gpsd 3.22 writes them.
public struct TPV: Sendable, Hashable, Codable, GPSDObject {
    /// The object's class, as gpsd spells it.
    public var `class` = "TPV"
    /// The device the report came from (gpsd's `device`); nil in `waygate decode` output.
    public var device: String?
    /// Fix status when above plain GPS (2 DGPS, 3 RTK fixed, 4 RTK float, 5 DR, …).
    public var status: Int?
    /// Fix mode: 0 unknown, 1 no fix, 2 2D, 3 3D.
    public var mode: Int
    /// Time of the report, ISO 8601 UTC with milliseconds.
    public var time: String?
    /// GPS − UTC leap seconds, once the receiver has said (Garmin PGRMF).
    public var leapseconds: Int?
    /// Estimated time error, seconds.
    public var ept: Double?
    /// Position, degrees.
    public var lat: Double?, lon: Double?
    /// Altitude above the ellipsoid and above mean sea level, metres (`alt` is gpsd's deprecated copy of altMSL).
    public var altHAE: Double?, altMSL: Double?, alt: Double?
    /// Estimated longitude, latitude and vertical error, metres.
    public var epx: Double?, epy: Double?, epv: Double?
    /// Course over ground (true, magnetic) and magnetic variation, degrees.
    public var track: Double?, magtrack: Double?, magvar: Double?
    /// Ground speed and climb, m/s.
    public var speed: Double?, climb: Double?
    /// Estimated track (degrees), speed (m/s) and climb (m/s) error.
    public var epd: Double?, eps: Double?, epc: Double?
    /// Velocity north, east and down, m/s, when the receiver gave its components.
    public var velN: Double?, velE: Double?, velD: Double?
    /// Geoid separation, horizontal and spherical position error, metres.
    public var geoidSep: Double?, eph: Double?, sep: Double?
    /// Map datum the receiver named (Garmin PGRMM).
    public var datum: String?
    /// Water depth below the transducer, metres (a depth sounder's DBT).
    public var depth: Double?
    /// Age of DGPS corrections (s) and DGPS station id.
    public var dgpsAge: Double?, dgpsSta: Int?
    /// Wind direction from magnetic north, apparent angle (relative to the bow) and direction
    /// from true north, degrees (MWD, MWV); printed only by the TPV of a wind sentence.
    public var wanglem: Double?, wangler: Double?, wanglet: Double?
    /// Apparent and true wind speed, m/s.
    public var wspeedr: Double?, wspeedt: Double?

    /// A TPV with only a mode.
    public init(mode: Int) { self.mode = mode }

    /// The TPV gpsd would print for `fix` (fields it omits at this mode are nil).
    public init(_ fix: Fix, device: String? = nil) {
        self.init(fix, device: device, timeText: true)
    }

    /// The TPV for `fix`, its `time` text made only when `timeText` says so (the report stream
    /// writes the time straight from the fix, see `write(to:time:)`).
    init(_ fix: Fix, device: String?, timeText: Bool) {
        mode = fix.mode.rawValue
        self.device = device
        if let s = fix.status, s > 1 { status = s }
        if timeText { time = fix.time.map(GPSDTime.string) }
        leapseconds = fix.leapSeconds  // once known, in every TPV (with a time or not, at any mode)
        if fix.time != nil { ept = fix.timeError }
        if let wind = fix.marine?.wind {  // gpsd prints wind at any mode
            wanglem = wind.magneticDirection
            wangler = wind.apparentAngle
            wanglet = wind.trueDirection
            wspeedr = wind.apparentSpeed
            wspeedt = wind.trueSpeed
        }
        guard fix.mode >= .twoD else { return }
        lat = fix.coordinate?.latitude
        lon = fix.coordinate?.longitude
        let threeD = fix.mode >= .threeD
        // gpsd prints a known altitude in 2D too (a GGA with an altitude but 3 satellites used).
        altHAE = fix.altitudeHAE
        altMSL = fix.altitudeMSL
        alt = fix.altitudeMSL
        epx = fix.longitudeError
        epy = fix.latitudeError
        epv = fix.verticalAccuracy  // gpsd prints it in 2D too when a receiver sent one (GBS)
        track = fix.course
        magtrack = fix.magneticCourse
        magvar = fix.magneticVariation
        speed = fix.speed
        if threeD { climb = fix.climb }
        epd = fix.courseAccuracy
        eps = fix.speedAccuracy
        if threeD { epc = fix.climbError }
        velN = fix.velocityNED?.north
        velE = fix.velocityNED?.east
        velD = fix.velocityNED?.down
        if threeD { geoidSep = fix.geoidSeparation }  // gpsd 3.22 prints the separation in 3D only
        eph = fix.horizontalAccuracy
        sep = fix.sphericalError
        datum = fix.datum
        depth = fix.marine?.depth
        dgpsAge = fix.dgpsAge
        dgpsSta = fix.dgpsStation
    }

    /// The fix this report describes.
    public var fix: Fix {
        var f = Fix(time: time.flatMap(GPSDTime.parse), mode: FixMode(rawValue: mode) ?? .unknown)
        f.status = status ?? (mode >= 2 ? 1 : 0)
        if let lat, let lon { f.coordinate = .init(latitude: lat, longitude: lon) }
        f.altitudeHAE = altHAE
        f.altitudeMSL = altMSL ?? alt
        f.geoidSeparation = geoidSep
        f.speed = speed
        f.course = track
        f.magneticCourse = magtrack
        f.magneticVariation = magvar
        f.climb = climb
        f.horizontalAccuracy = eph
        f.verticalAccuracy = epv
        f.speedAccuracy = eps
        f.courseAccuracy = epd
        f.latitudeError = epy
        f.longitudeError = epx
        f.climbError = epc
        if velN != nil || velE != nil || velD != nil { f.velocityNED = VelocityNED(north: velN, east: velE, down: velD) }
        f.timeError = ept
        f.leapSeconds = leapseconds
        f.sphericalError = sep
        f.dgpsAge = dgpsAge
        f.dgpsStation = dgpsSta
        f.datum = datum
        if depth != nil || hasWind {
            f.marine = Marine(depth: depth, wind: hasWind ? Wind(apparentAngle: wangler, apparentSpeed: wspeedr, trueDirection: wanglet,
                                                                 magneticDirection: wanglem, trueSpeed: wspeedt) : nil)
        }
        return f
    }

    /// Whether the report carries any wind member (only the TPV of a wind sentence does).
    private var hasWind: Bool { wanglem != nil || wangler != nil || wanglet != nil || wspeedr != nil || wspeedt != nil }

    /// Appends the report as gpsd 3.22 prints it: one JSON object, gpsd's field order and precision.
    public func write(to json: inout JSONWriter) { write(to: &json, time: nil) }

    /// Appends the report with `time` written as gpsd's time text straight from the timestamp
    /// when given (the same bytes as `GPSDTime.string`), else the `time` text.
    func write(to json: inout JSONWriter, time timestamp: Timestamp?) {
        json.beginGPSDObject(class: "TPV")
        json.gpsdMember("device", device)
        json.member("status", status)
        json.member("mode", mode)
        if let timestamp {
            json.key("time")
            json.rawValue(maximumCount: Timestamp.iso8601MaximumCount + 2) { GPSDTime.writeQuoted(timestamp, to: $0) }
        } else {
            json.gpsdMember("time", time)
        }
        // The rest in two reservations around the datum, a string: 23 fixed-point members of at
        // most 8 + 4 + 330 bytes and an integer of at most 11 + 4 + 24, then 2 and one (see
        // `JSONWriter.InPlace`).
        json.inPlace(reserving: 7_950) { rest in
            rest.member("leapseconds", leapseconds)
            rest.gpsdMember("ept", ept, decimals: 3)
            rest.gpsdMember("lat", lat, decimals: 9)
            rest.gpsdMember("lon", lon, decimals: 9)
            rest.gpsdMember("altHAE", altHAE, decimals: 4)
            rest.gpsdMember("altMSL", altMSL, decimals: 4)
            rest.gpsdMember("alt", alt, decimals: 4)
            rest.gpsdMember("epx", epx, decimals: 3)
            rest.gpsdMember("epy", epy, decimals: 3)
            rest.gpsdMember("epv", epv, decimals: 3)
            rest.gpsdMember("track", track, decimals: 4)
            rest.gpsdMember("magtrack", magtrack, decimals: 4)
            rest.gpsdMember("magvar", magvar, decimals: 1)
            rest.gpsdMember("speed", speed, decimals: 3)
            rest.gpsdMember("climb", climb, decimals: 3)
            rest.gpsdMember("epd", epd, decimals: 4)
            rest.gpsdMember("eps", eps, decimals: 2)
            rest.gpsdMember("epc", epc, decimals: 2)
            rest.gpsdMember("velN", velN, decimals: 3)
            rest.gpsdMember("velE", velE, decimals: 3)
            rest.gpsdMember("velD", velD, decimals: 3)
            rest.gpsdMember("geoidSep", geoidSep, decimals: 3)
            rest.gpsdMember("eph", eph, decimals: 3)
            rest.gpsdMember("sep", sep, decimals: 3)
        }
        json.gpsdMember("datum", datum)
        json.inPlace(reserving: 730) { rest in
            rest.gpsdMember("depth", depth, decimals: 3)
            rest.gpsdMember("dgpsAge", dgpsAge, decimals: 1)
            rest.member("dgpsSta", dgpsSta)
        }
        if hasWind {
            json.gpsdMember("wanglem", wanglem, decimals: 1)
            json.gpsdMember("wangler", wangler, decimals: 1)
            json.gpsdMember("wanglet", wanglet, decimals: 1)
            json.gpsdMember("wspeedr", wspeedr, decimals: 1)
            json.gpsdMember("wspeedt", wspeedt, decimals: 1)
        }
        json.endObject()
    }
}
