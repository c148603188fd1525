public import Geodesy

/// A receiver's velocity as north, east and down components, m/s (gpsd `velN`, `velE`, `velD`),
/// from the few receivers that send them (SkyTraq `PSTI,030`).
///
/// A value type whose members live in one shared, immutable allocation: `Fix` carries it as an
/// optional of one reference's size, so fixes of receivers that send no components (nearly all)
/// stay as small as they were and are copied as fast.
public struct VelocityNED: Sendable, Hashable, Codable {
    private final class Storage: Sendable {
        let north: MetersPerSecond?, east: MetersPerSecond?, down: MetersPerSecond?
        init(north: MetersPerSecond?, east: MetersPerSecond?, down: MetersPerSecond?) {
            self.north = north
            self.east = east
            self.down = down
        }
    }

    private let storage: Storage

    /// Velocity north, m/s; nil where not given.
    public var north: MetersPerSecond? { storage.north }
    /// Velocity east, m/s; nil where not given.
    public var east: MetersPerSecond? { storage.east }
    /// Velocity down (positive towards the ground), m/s; nil where not given.
    public var down: MetersPerSecond? { storage.down }

    /// A velocity with the given components.
    public init(north: MetersPerSecond?, east: MetersPerSecond?, down: MetersPerSecond?) {
        storage = Storage(north: north, east: east, down: down)
    }

    public static func == (a: VelocityNED, b: VelocityNED) -> Bool { a.north == b.north && a.east == b.east && a.down == b.down }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(north)
        hasher.combine(east)
        hasher.combine(down)
    }

    private enum CodingKeys: String, CodingKey { case north, east, down }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(north: try c.decodeIfPresent(MetersPerSecond.self, forKey: .north),
                  east: try c.decodeIfPresent(MetersPerSecond.self, forKey: .east),
                  down: try c.decodeIfPresent(MetersPerSecond.self, forKey: .down))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(north, forKey: .north)
        try c.encodeIfPresent(east, forKey: .east)
        try c.encodeIfPresent(down, forKey: .down)
    }
}
