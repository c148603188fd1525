/// What can go wrong when setting up a location source.
public enum LocationSourcesError: Error, CustomStringConvertible, Equatable {
    /// The replay log could not be read.
    case unreadableLog(path: String, reason: String)
    /// A speed multiplier that is not a positive finite number.
    case invalidSpeed(Double)
    /// gpsd could not be reached (`gps_open` failed).
    case gpsdUnreachable(host: String, port: String, reason: String)
    /// gpsd refused the WATCH request.
    case gpsdWatchFailed(host: String, port: String)

    /// One line naming the bad input.
    public var description: String {
        switch self {
        case .unreadableLog(let path, let reason): "cannot read NMEA log \(path): \(reason)"
        case .invalidSpeed(let speed): "replay speed must be a positive number, got \(speed)"
        case .gpsdUnreachable(let host, let port, let reason): "cannot connect to gpsd at \(host):\(port): \(reason)"
        case .gpsdWatchFailed(let host, let port): "gpsd at \(host):\(port) refused the WATCH request"
        }
    }
}
