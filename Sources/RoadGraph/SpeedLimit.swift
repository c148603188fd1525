/// A posted speed limit as tagged in OSM (`maxspeed`), kept in its original unit.
public enum SpeedLimit: Hashable, Sendable, CustomStringConvertible {
    /// A limit in kilometres per hour.
    case kilometersPerHour(Int)
    /// A limit in miles per hour.
    case milesPerHour(Int)
    /// No limit (`maxspeed=none`, e.g. German autobahns).
    case unlimited

    /// The limit in km/h, nil when unlimited.
    public var kilometersPerHour: Double? {
        switch self {
        case .kilometersPerHour(let v): Double(v)
        case .milesPerHour(let v): Double(v) * 1.609344
        case .unlimited: nil
        }
    }

    /// A 16-bit packing for the binary graph: 0 = none tagged, 0x7FFF = unlimited, bit 15 = mph.
    public static func unpack(_ raw: UInt16) -> SpeedLimit? {
        switch raw {
        case 0: nil
        case 0x7FFF: .unlimited
        default: raw & 0x8000 != 0 ? .milesPerHour(Int(raw & 0x7FFF)) : .kilometersPerHour(Int(raw))
        }
    }

    /// The 16-bit packing of an optional limit (see `unpack`).
    public static func pack(_ limit: SpeedLimit?) -> UInt16 {
        switch limit {
        case nil: 0
        case .unlimited: 0x7FFF
        case .kilometersPerHour(let v): UInt16(clamping: min(v, 0x7FFE))
        case .milesPerHour(let v): 0x8000 | UInt16(clamping: min(v, 0x7FFE))
        }
    }

    /// A short human-readable form, for logs and error messages.
    public var description: String {
        switch self {
        case .kilometersPerHour(let v): "\(v) km/h"
        case .milesPerHour(let v): "\(v) mph"
        case .unlimited: "none"
        }
    }
}
