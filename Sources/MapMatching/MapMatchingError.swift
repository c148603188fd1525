import Geodesy

/// Errors of the MapMatching module: traces that cannot be matched at all.
public enum MapMatchingError: Error, Equatable, CustomStringConvertible {
    /// The trace holds no fixes.
    case emptyTrace
    /// The trace holds no fix with a position.
    case noPositions
    /// The fix at this index (0-based, input order) has no timestamp.
    case missingTime(index: Int)
    /// The fix at this index is earlier than the one before it.
    case timeNotIncreasing(index: Int)
    /// The fix at this index lies outside the map's area.
    case outsideMap(index: Int, coordinate: Coordinate)
    /// The road graph has no edge the matching profile may use.
    case emptyMap

    public var description: String {
        switch self {
        case .emptyTrace: "trace is empty: no fixes to match"
        case .noPositions: "trace has no fix with a position"
        case .missingTime(let i): "fix \(i) has no time; map matching needs timestamped fixes"
        case .timeNotIncreasing(let i): "fix \(i) is earlier than the fix before it"
        case .outsideMap(let i, let c): "fix \(i) at \(c) lies outside the map"
        case .emptyMap: "the map has no road usable by the matching profile"
        }
    }
}
