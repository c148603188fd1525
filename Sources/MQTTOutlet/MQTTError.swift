/// What can go wrong setting up an MQTT outlet; each message is one line naming the bad input.
public enum MQTTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broker URL cannot be used.
    case badURL(String, reason: String)
    /// The vehicle id cannot be part of a topic.
    case badVehicleID(String, reason: String)
    /// A TLS option is unusable (missing file, certificate without key…).
    case badTLS(String)
    /// A numeric option is out of range.
    case badOption(name: String, reason: String)
    /// libmosquitto refused a call during set-up.
    case library(call: String, message: String)

    public var description: String {
        switch self {
        case .badURL(let url, let reason): "MQTT broker URL \"\(url)\": \(reason)"
        case .badVehicleID(let id, let reason): "vehicle id \"\(id)\": \(reason)"
        case .badTLS(let reason): "MQTT TLS: \(reason)"
        case .badOption(let name, let reason): "MQTT option \(name): \(reason)"
        case .library(let call, let message): "libmosquitto \(call): \(message)"
        }
    }
}
