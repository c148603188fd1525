/// Errors of the Gateway: maps that cannot be loaded and commands it refuses, each message
/// naming what was wrong.
public enum GatewayError: Error, CustomStringConvertible, Equatable {
    /// The map file does not exist or cannot be read.
    case mapUnreadable(path: String, reason: String)
    /// The map file is not a map, or is cut short or corrupt; `reason` says how.
    case badMap(path: String, reason: String)
    /// Importing the map would need more memory than the budget allows; `reason` says what.
    case mapOverBudget(path: String, reason: String)
    /// The map cache cannot be written at `path` (a read-only directory, a full disk).
    case cacheUnwritable(path: String)
    /// The command needs a map and the server runs without one.
    case noMap(command: String)
    /// `route` needs a position and no fix has arrived yet.
    case noFix
    /// An index beyond the last `route` reply.
    case noSuchRoute(index: Int, available: Int)
    /// A route (inline or file) that cannot be read or driven.
    case unusableRoute(String)
    /// No route between the points.
    case noRoute(String)
    /// A simulation speed multiplier that is not a positive finite number.
    case badSpeedMultiplier(Double)
    /// A route asked in a language no instructions are written in; `known` lists those there are.
    case unknownLanguage(String, known: [String])

    public var description: String {
        switch self {
        case .mapUnreadable(let path, let reason): "cannot read map \(path): \(reason)"
        case .badMap(let path, let reason): "bad map \(path): \(reason)"
        case .mapOverBudget(let path, let reason): "cannot import map \(path): \(reason)"
        case .cacheUnwritable(let path): "cannot write the map cache \(path) (read-only directory or disk full?)"
        case .noMap(let command): "'\(command)' needs a map: start the server with --map MAP"
        case .noFix: "no position yet: give an origin in waypoints, or wait for a fix"
        case .noSuchRoute(let index, let available):
            available == 0 ? "route_index \(index): no routes yet, send 'route' first" : "route_index \(index): only \(available) routes (0…\(available - 1))"
        case .unusableRoute(let reason): "unusable route: \(reason)"
        case .noRoute(let reason): reason
        case .badSpeedMultiplier(let value): "speed_multiplier: expected a number > 0, got \(value)"
        case .unknownLanguage(let tag, let known):
            "language \"\(tag)\": no instructions in it (known: \(known.joined(separator: ", ")); a tag such as it-IT is read by its language)"
        }
    }
}
