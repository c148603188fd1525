import NMEA
import Positioning
import SystemIO
import Timekeeping

/// One `events()` session of a `SerialNMEASource`: the open → hunt → read → lost → back-off
/// loop, run on the source's reader thread.
struct SerialSession: Sendable {
    let path: String
    let options: SerialNMEASource.Options
    let timeSource: any TimeSource
    let statistics: SharedStatistics
    private var decoder = NMEAStreamDecoder()
    private var backoff: BackoffPolicy
    private var lastGoodBaud: Int?
    private var inOutage = false

    init(path: String, options: SerialNMEASource.Options, timeSource: any TimeSource, statistics: SharedStatistics) {
        self.path = path
        self.options = options
        self.timeSource = timeSource
        self.statistics = statistics
        backoff = options.backoff
    }

    private func now() -> Double { timeSource.now().secondsSince1970 }

    /// Runs until `stop` is set.
    mutating func run(_ emitter: SourceEmitter, _ stop: StopFlag) {
        while !stop.isSet {
            if let port = connect(emitter, stop) {
                backoff.reset()
                inOutage = false
                read(port, emitter, stop)
                port.close()
                if stop.isSet { return }
                let rest = decoder.finish()
                updateNMEAStatistics()
                emitter.emit(rest + [.device(.lost, driver: port.driver, baud: port.baudRate)])
            }
            if stop.isSet { return }
            if !inOutage {
                inOutage = true
                emitter.emit(.device(.reconnecting, driver: nil, baud: nil))
            }
            _ = ReaderThread.pause(backoff.nextDelay(), stop: stop, now: now)
        }
    }

    /// Opens the device and settles its speed; emits `.connected` and the events of the bytes
    /// heard while hunting, one batch. Nil (with `lastError` recorded) if it is absent, hangs up or never speaks NMEA.
    private mutating func connect(_ emitter: SourceEmitter, _ stop: StopFlag) -> (any SerialConnection)? {
        let port: any SerialConnection
        do {
            port = try SerialPortOpener.open(path, baudRate: options.baudRate ?? lastGoodBaud ?? options.huntRates.first ?? 9600,
                                             driver: options.driver)
        } catch {
            statistics.update { $0.lastError = error.description }
            return nil
        }
        var heard: [UInt8] = []
        if options.baudRate == nil {
            guard let bytes = hunt(port, stop) else {
                port.close()
                return nil
            }
            heard = bytes
        }
        lastGoodBaud = port.baudRate
        statistics.update { $0.bytesRead += heard.count }
        let events = decoder.push(heard)
        updateNMEAStatistics()
        emitter.emit([.device(.connected, driver: port.driver, baud: port.baudRate)] + events)
        return port
    }

    /// Listens at each rate in turn until NMEA checksums; the bytes heard at the locked rate,
    /// or nil after a full round without a lock, a hang-up or a stop.
    private mutating func hunt(_ port: any SerialConnection, _ stop: StopFlag) -> [UInt8]? {
        let hunt = BaudHunt(rates: options.huntRates, preferred: lastGoodBaud, window: options.huntWindow)
        do {
            switch try hunt.run(on: port, now: now, shouldStop: { stop.isSet }) {
            case .locked(_, let bytes):
                return bytes
            case .silent:
                let rates = options.huntRates.map(String.init).joined(separator: ", ")
                statistics.update { [path] in $0.lastError = "no NMEA heard on \(path) at \(rates) baud" }
            case .hangup:
                statistics.update { [path] in $0.lastError = "\(path) hung up" }
            case .stopped:
                break
            }
        } catch {
            statistics.update { $0.lastError = error.description }
        }
        return nil
    }

    /// Reads and decodes until a hang-up, the watchdog, an error or a stop; each read's events
    /// are one batch.
    private mutating func read(_ port: any SerialConnection, _ emitter: SourceEmitter, _ stop: StopFlag) {
        var lastValid = now()
        while !stop.isSet {
            let result: SerialReadResult
            do {
                result = try port.read(maxBytes: 4096, timeoutMilliseconds: 200)
            } catch {
                statistics.update { $0.lastError = error.description }
                return
            }
            switch result {
            case .data(let bytes):
                let events = decoder.push(bytes)
                let nmea = decoder.statistics
                statistics.update { s in
                    s.bytesRead += bytes.count
                    s.nmea = nmea
                }
                if events.contains(where: { if case .sentence = $0 { true } else { false } }) { lastValid = now() }
                emitter.emit(events)
            case .hangup:
                statistics.update { $0.lastError = "\(self.path) hung up" }
                return
            case .timeout:
                break
            }
            if now() - lastValid > options.watchdog {
                statistics.update { $0.lastError = "no valid NMEA from \(self.path) for \(self.options.watchdog) s" }
                return
            }
        }
    }

    private func updateNMEAStatistics() {
        let nmea = decoder.statistics
        statistics.update { $0.nmea = nmea }
    }
}
