import JSON

/// LOCATION: one raw fix from a source. Units: degrees (WGS84), metres, m/s, degrees clockwise
/// from true north; accuracies in the same units as their values. Absent values are omitted.
public struct LocationMessage: WireMessage {
    public static let messageClass = "LOCATION"

    /// Where the fix came from: `serial:/dev/ttyACM0`, `gpsd:127.0.0.1:2947`, `replay:FILE`, `simulator`.
    public var source: String
    /// Fix mode as gpsd numbers it: 0 unknown, 1 no fix, 2 2D, 3 3D.
    public var mode: Int
    /// Latitude, degrees.
    public var lat: Double?
    /// Longitude, degrees.
    public var lon: Double?
    /// Altitude above mean sea level, metres.
    public var alt: Double?
    /// Speed over ground, m/s.
    public var speed: Double?
    /// Course over ground, degrees from true north.
    public var course: Double?
    /// Horizontal accuracy estimate, metres.
    public var horizontalAccuracy: Double?
    /// Vertical accuracy estimate, metres.
    public var verticalAccuracy: Double?
    /// Speed accuracy estimate, m/s.
    public var speedAccuracy: Double?
    /// Course accuracy estimate, degrees.
    public var courseAccuracy: Double?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Satellites used in the solution.
    public var satellitesUsed: Int?
    /// Whether Waygate's simulator made the fix.
    public var simulated: Bool

    /// A LOCATION with the given values.
    public init(source: String, mode: Int, lat: Double? = nil, lon: Double? = nil, alt: Double? = nil,
                speed: Double? = nil, course: Double? = nil, horizontalAccuracy: Double? = nil,
                verticalAccuracy: Double? = nil, speedAccuracy: Double? = nil, courseAccuracy: Double? = nil,
                hdop: Double? = nil, satellitesUsed: Int? = nil, simulated: Bool = false) {
        self.source = source
        self.mode = mode
        self.lat = lat
        self.lon = lon
        self.alt = alt
        self.speed = speed
        self.course = course
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speedAccuracy = speedAccuracy
        self.courseAccuracy = courseAccuracy
        self.hdop = hdop
        self.satellitesUsed = satellitesUsed
        self.simulated = simulated
    }

    enum CodingKeys: String, CodingKey {
        case source, mode, lat, lon, alt, speed, course
        case horizontalAccuracy = "h_acc", verticalAccuracy = "v_acc", speedAccuracy = "speed_acc"
        case courseAccuracy = "course_acc", hdop, satellitesUsed = "sats_used", simulated
    }
}

extension LocationMessage {
    /// Written in place (`WireObjectWriter.inPlace`): a LOCATION is published at every fix.
    public func writeMembers(to object: inout WireObjectWriter) {
        object.inPlace(reserving: 560 + JSONWriter.InPlace.maximumCount(of: source)) { run in
            run.member("alt", alt)
            run.member("course", course)
            run.member("course_acc", courseAccuracy)
            run.member("h_acc", horizontalAccuracy)
            run.member("hdop", hdop)
            run.member("lat", lat)
            run.member("lon", lon)
            run.member("mode", mode)
            run.member("sats_used", satellitesUsed)
            run.member("simulated", simulated)
            run.member("source", source)
            run.member("speed", speed)
            run.member("speed_acc", speedAccuracy)
            run.member("v_acc", verticalAccuracy)
        }
    }
}
