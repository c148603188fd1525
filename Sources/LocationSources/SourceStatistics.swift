public import NMEA
public import Positioning

/// What a source has done so far, as the `status` command reports it.
public struct SourceStatistics: Sendable, Hashable {
    /// The last device state the source reported; nil before its first report.
    public var deviceState: DeviceState?
    /// The driver of the current or last connection (`termios`, `libserialport`, `gpsd`, `replay`).
    public var driver: String?
    /// The line speed of the current or last serial connection, bits per second.
    public var baudRate: Int?
    /// Bytes read from the device (serial and replay; 0 for gpsd).
    public var bytesRead = 0
    /// Valid NMEA sentences emitted.
    public var sentences = 0
    /// Fixes emitted.
    public var fixes = 0
    /// Sky views emitted.
    public var skyViews = 0
    /// How many times the device became connected.
    public var connections = 0
    /// How many times the device was lost.
    public var losses = 0
    /// The NMEA decoder's own counters (bad checksums, discarded bytes …), summed over the
    /// source's life; zero for gpsd.
    public var nmea = NMEAStatistics()
    /// The last error met while opening or reading, as one line; nil once connected again.
    public var lastError: String?
    /// Events the gateway fell too far behind to take (stream samples, superseded DEVICE states).
    public var droppedEvents = 0

    /// Empty counters.
    public init() {}

    /// Counts `event` and follows its device state.
    public mutating func record(_ event: SourceEvent) {
        switch event {
        case .fix: fixes += 1
        case .sky: skyViews += 1
        case .sentence: sentences += 1
        case .noise: break
        case .device(let state, let driver, let baud):
            deviceState = state
            if state == .connected {
                connections += 1
                lastError = nil
                if let driver { self.driver = driver }
                if let baud { baudRate = baud }
            } else if state == .lost {
                losses += 1
            }
        }
    }
}
