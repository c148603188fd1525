import MQTTOutlet

/// What can stop a fleet run; each message is one line naming the bad input.
public enum FleetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An option is out of range.
    case badOption(name: String, reason: String)
    /// A line of the origin/destination file cannot be read.
    case badTrip(line: Int, reason: String)
    /// The map has no roads to drive on.
    case emptyMap
    /// The MQTT outlet could not be set up.
    case mqtt(MQTTError)

    public var description: String {
        switch self {
        case .badOption(let name, let reason): "fleet \(name): \(reason)"
        case .badTrip(let line, let reason): "fleet trips, line \(line): \(reason)"
        case .emptyMap: "fleet: the map has no roads"
        case .mqtt(let error): error.description
        }
    }
}
