public import Positioning
public import SystemIO
public import Timekeeping

/// NMEA from a serial receiver: a USB dongle, an on-board UART or a pseudo-terminal
/// (Bluetooth rfcomm, socat, `waygate simulate --pty`).
///
/// A dedicated thread opens the device (libserialport for real hardware, termios otherwise,
/// see `SerialPortOpener`), uses the given baud or hunts for it (`BaudHunter`), decodes with
/// `NMEAStreamDecoder` and emits:
/// - `.device(.connected, driver:, baud:)` once the device is open and (when hunting) speaking;
/// - `.sentence` / `.fix` / `.sky` as decoded;
/// - `.device(.lost …)` on hang-up (POLLHUP/POLLERR, EIO, end of file) or when nothing valid
///   arrives for `watchdog` seconds, followed by one `.device(.reconnecting …)` per outage;
///   it then retries with `backoff` delays and reports `.connected` when the device is back.
///
/// The stream never ends by itself; stop iterating (or cancel the task) to close the device.
public final class SerialNMEASource: LocationSource {
    /// How the source reads and retries.
    public struct Options: Sendable {
        /// A fixed line speed, or nil to hunt `huntRates`.
        public var baudRate: Int?
        /// Rates tried when hunting, in order.
        public var huntRates: [Int]
        /// Seconds to listen at one rate before trying the next.
        public var huntWindow: Double
        /// Seconds without a valid sentence after which a connected device counts as lost.
        public var watchdog: Double
        /// Delays between reconnection attempts.
        public var backoff: BackoffPolicy
        /// Which library opens the device.
        public var driver: SerialDriver

        /// Options; by default hunt the standard rates for 2.5 s each, a 5 s watchdog,
        /// 0.5 s → 8 s back-off, and the automatic driver choice.
        public init(baudRate: Int? = nil, huntRates: [Int] = BaudHunter.standardRates, huntWindow: Double = 2.5,
                    watchdog: Double = 5, backoff: BackoffPolicy = BackoffPolicy(), driver: SerialDriver = .automatic) {
            self.baudRate = baudRate
            self.huntRates = huntRates
            self.huntWindow = huntWindow
            self.watchdog = watchdog
            self.backoff = backoff
            self.driver = driver
        }
    }

    /// The wire name of the source.
    public let id: SourceID
    /// The device path (a symlink such as `/dev/gps0` is followed at every reconnection).
    public let path: String
    /// How the source reads and retries.
    public let options: Options
    private let timeSource: any TimeSource
    private let shared = SharedStatistics()

    /// A source reading `path`; `timeSource` drives the watchdog and back-off.
    public init(path: String, options: Options = Options(), timeSource: any TimeSource) {
        id = .serial(path)
        self.path = path
        self.options = options
        self.timeSource = timeSource
    }

    /// A receiver's fixes, as they are made.
    public var isLive: Bool { true }

    /// Counters and device state so far (all sessions of this source).
    public var statistics: SourceStatistics { shared.value }

    /// Starts a session (see the type's summary) and returns its events.
    public func events() -> AsyncStream<[SourceEvent]> {
        ReaderThread.stream(name: threadName, statistics: shared, session())
    }

    /// Runs a session (see the type's summary) until the task is cancelled, handing each read's
    /// batch to `sink` on the reader thread.
    public func run(_ sink: @escaping @Sendable ([SourceEvent]) -> Void) async {
        await ReaderThread.run(name: threadName, statistics: shared, sink: sink, session())
    }

    /// The reader thread's name: `wg-` and the path without `/dev/` (`wg-ttyUSB0`, `wg-pts/3`).
    private var threadName: String {
        "wg-" + (path.hasPrefix("/dev/") ? String(path.dropFirst(5)) : path)
    }

    /// A new session, as the reader thread's body.
    private func session() -> @Sendable (SourceEmitter, StopFlag) -> Void {
        let session = SerialSession(path: path, options: options, timeSource: timeSource, statistics: shared)
        return { emitter, stop in
            var session = session
            session.run(emitter, stop)
        }
    }
}
