/// Errors of the Gateway module's map handling, each naming the file at fault.
public enum GatewayError: Error, Equatable, CustomStringConvertible {
    /// The map file does not exist or cannot be read.
    case mapUnreadable(path: String, reason: String)
    /// The map file is not a map, or is cut short or corrupt; `reason` says how.
    case badMap(path: String, reason: String)

    /// A short human-readable form, for logs and error messages.
    public var description: String {
        switch self {
        case .mapUnreadable(let path, let reason): "cannot read map \(path): \(reason)"
        case .badMap(let path, let reason): "bad map \(path): \(reason)"
        }
    }
}
