/// Why a simulator could not be set up: each case names the bad input.
public enum SimulationError: Error, Equatable, CustomStringConvertible {
    /// The route or polyline has no coordinates to drive along.
    case emptyGeometry
    /// A coordinate is not a finite latitude/longitude in range (index into the geometry).
    case invalidCoordinate(index: Int)
    /// An option is out of its range (option name, offending value).
    case invalidOption(name: String, value: Double)
    /// Per-vertex or per-segment side data does not match the geometry (name, expected count, found count).
    case countMismatch(name: String, expected: Int, found: Int)

    /// One line naming the bad input.
    public var description: String {
        switch self {
        case .emptyGeometry: "route geometry is empty: nothing to drive along"
        case .invalidCoordinate(let index): "route coordinate \(index) is not a valid latitude/longitude"
        case .invalidOption(let name, let value): "simulation option \(name) = \(value) is out of range"
        case .countMismatch(let name, let expected, let found): "\(name) has \(found) values, expected \(expected)"
        }
    }
}
