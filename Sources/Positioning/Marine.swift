public import Geodesy

/// What a vessel's instruments add to a report: water depth (NMEA DBT; gpsd `depth`) and wind
/// (MWD, MWV; gpsd `wangle*`/`wspeed*`).
///
/// A value type whose members live in one shared, immutable allocation: `Fix` carries it as an
/// optional of one reference's size, so fixes of plain receivers (nearly all) stay as small as
/// they were and are copied as fast.
public struct Marine: Sendable, Hashable, Codable {
    private final class Storage: Sendable {
        let depth: Meters?
        let wind: Wind?
        init(depth: Meters?, wind: Wind?) {
            self.depth = depth
            self.wind = wind
        }
    }

    private var storage: Storage

    /// Water depth below the transducer, metres.
    public var depth: Meters? {
        get { storage.depth }
        set { storage = Storage(depth: newValue, wind: storage.wind) }
    }

    /// Wind, when the sentence that made the report gave it (gpsd prints wind only then).
    public var wind: Wind? {
        get { storage.wind }
        set { storage = Storage(depth: storage.depth, wind: newValue) }
    }

    /// Readings with the given members.
    public init(depth: Meters? = nil, wind: Wind? = nil) {
        storage = Storage(depth: depth, wind: wind)
    }

    public static func == (a: Marine, b: Marine) -> Bool { a.depth == b.depth && a.wind == b.wind }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(depth)
        hasher.combine(wind)
    }

    private enum CodingKeys: String, CodingKey { case depth, wind }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(depth: try c.decodeIfPresent(Meters.self, forKey: .depth), wind: try c.decodeIfPresent(Wind.self, forKey: .wind))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(depth, forKey: .depth)
        try c.encodeIfPresent(wind, forKey: .wind)
    }
}
