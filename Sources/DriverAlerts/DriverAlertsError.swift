/// Why speech or notifications cannot work; each message is one line naming the part.
public enum DriverAlertsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// espeak-ng would not initialize (missing data directory, bad install).
    case speechEngine(String)
    /// There is nothing to play sound on.
    case noAudioDevice(String)
    /// The `--speak-to` file cannot be written.
    case speechFile(path: String, reason: String)
    /// No session bus address is known and the default one is not there.
    case noSessionBus(String)
    /// The session bus at an address refused or failed the connection.
    case sessionBusUnreachable(address: String, reason: String)
    /// A Notify call failed (no notification server, bus gone…).
    case notifyFailed(String)

    public var description: String {
        switch self {
        case .speechEngine(let reason): "speech: cannot initialize espeak-ng: \(reason)"
        case .noAudioDevice(let reason): "speech: no audio device (\(reason))"
        case .speechFile(let path, let reason): "speech: cannot write \(path): \(reason)"
        case .noSessionBus(let reason): "notifications: no D-Bus session bus (\(reason))"
        case .sessionBusUnreachable(let address, let reason): "notifications: cannot connect to the D-Bus session bus at \(address): \(reason)"
        case .notifyFailed(let reason): "notifications: Notify failed: \(reason)"
        }
    }
}
