public import Positioning
public import Timekeeping

/// Fixes, sky views and noise statistics from a running gpsd, through libgps (`gps_open`, JSON WATCH).
///
/// A dedicated thread connects, streams TPV/SKY/GST as `.fix` / `.sky` / `.noise`, and reports the receiver
/// behind gpsd as a device: `.connected` (driver `gpsd`) with the first report, `.lost` when
/// gpsd goes away (`gps_read` fails) or when no TPV/SKY/GST arrives for `watchdog` seconds — gpsd
/// itself notices a vanished receiver only after ~11 s — and `.connected` again when reports
/// resume. Lost connections are retried with `backoff` (one `.reconnecting` per outage).
/// The stream never ends by itself; stop iterating to disconnect.
public final class GPSDClientSource: LocationSource {
    /// The wire name of the source.
    public let id: SourceID
    /// gpsd's host name or address.
    public let host: String
    /// gpsd's TCP port.
    public let port: Int
    /// Seconds without a TPV, SKY or GST after which the receiver counts as lost.
    public let watchdog: Double
    /// Delays between reconnection attempts.
    public let backoff: BackoffPolicy
    private let timeSource: any TimeSource
    private let shared = SharedStatistics()

    /// A source reading gpsd at `host`:`port` (default 2947).
    public init(host: String = "127.0.0.1", port: Int = 2947, watchdog: Double = 5, backoff: BackoffPolicy = BackoffPolicy(),
                timeSource: any TimeSource) {
        id = .gpsd(host: host, port: port)
        self.host = host
        self.port = port
        self.watchdog = watchdog
        self.backoff = backoff
        self.timeSource = timeSource
    }

    /// A receiver's fixes, as they are made.
    public var isLive: Bool { true }

    /// Counters and device state so far (all sessions of this source).
    public var statistics: SourceStatistics { shared.value }

    /// Starts a session (see the type's summary) and returns its events.
    public func events() -> AsyncStream<[SourceEvent]> {
        ReaderThread.stream(name: "wg-gpsd-in", statistics: shared, session())
    }

    /// Runs a session (see the type's summary) until the task is cancelled, handing each read's
    /// batch to `sink` on the reader thread.
    public func run(_ sink: @escaping @Sendable ([SourceEvent]) -> Void) async {
        await ReaderThread.run(name: "wg-gpsd-in", statistics: shared, sink: sink, session())
    }

    /// A new session, as the reader thread's body.
    private func session() -> @Sendable (SourceEmitter, StopFlag) -> Void {
        let session = GPSDSession(host: host, port: String(port), watchdog: watchdog, backoff: backoff,
                                  timeSource: timeSource, statistics: shared)
        return { emitter, stop in
            var session = session
            session.run(emitter, stop)
        }
    }
}

/// One `events()` session of a `GPSDClientSource`, run on its reader thread.
struct GPSDSession: Sendable {
    let host: String
    let port: String
    let watchdog: Double
    var backoff: BackoffPolicy
    let timeSource: any TimeSource
    let statistics: SharedStatistics

    private func now() -> Double { timeSource.now().secondsSince1970 }

    /// Connects, reads and reconnects until `stop` is set.
    mutating func run(_ emitter: SourceEmitter, _ stop: StopFlag) {
        var inOutage = false
        while !stop.isSet {
            do {
                let connection = try GPSDConnection(host: host, port: port)
                if read(connection, emitter, stop) { inOutage = false }
            } catch {
                statistics.update { $0.lastError = error.description }
            }
            if stop.isSet { return }
            if !inOutage {
                inOutage = true
                emitter.emit(.device(.reconnecting, driver: "gpsd", baud: nil))
            }
            _ = ReaderThread.pause(backoff.nextDelay(), stop: stop, now: now)
        }
    }

    /// Streams reports until gpsd closes or a stop, the reports of one read as one batch; true
    /// if the receiver was seen at all.
    private mutating func read(_ connection: GPSDConnection, _ emitter: SourceEmitter, _ stop: StopFlag) -> Bool {
        var receiverUp = false
        var seen = false
        var lastReport = now()
        while !stop.isSet {
            var events: [SourceEvent] = []
            var report = connection.next(timeoutMicroseconds: 200_000)
            while true {
                var event: SourceEvent?
                switch report {
                case .closed:
                    statistics.update { [host, port] in $0.lastError = "gpsd at \(host):\(port) closed the connection" }
                    if receiverUp { events.append(.device(.lost, driver: "gpsd", baud: nil)) }
                    emitter.emit(events)
                    return seen
                case .fix(let fix): event = .fix(fix)
                case .sky(let sky): event = .sky(sky)
                case .noise(let noise): event = .noise(noise)
                case .timeout, .other: break
                }
                if let event {
                    if !receiverUp {
                        receiverUp = true
                        seen = true
                        backoff.reset()
                        events.append(.device(.connected, driver: "gpsd", baud: nil))
                    }
                    events.append(event)
                }
                // The rest of what that read brought, without waiting.
                guard let more = connection.buffered() else { break }
                report = more
            }
            if !events.isEmpty {
                lastReport = now()
                emitter.emit(events)
            } else if receiverUp, now() - lastReport > watchdog {
                receiverUp = false
                statistics.update { [host, port, watchdog] in $0.lastError = "no report from gpsd at \(host):\(port) for \(watchdog) s" }
                emitter.emit(.device(.lost, driver: "gpsd", baud: nil))
            }
        }
        return seen
    }
}
