public import SystemIO
public import Timekeeping

/// Answers "is this port a GNSS receiver, and at which speed?" for `waygate devices --probe`:
/// opens the port, hunts the NMEA rates (`BaudHunter`) and closes it again. Blocking: call it
/// off the cooperative pool (a detached thread) when probing many ports.
public enum SerialNMEAProbe {
    /// What a probe found.
    public enum Result: Sendable, Hashable {
        /// Checksummed NMEA arrived at `baud` through `driver`.
        case nmea(baud: Int, driver: String)
        /// The port opened but no rate gave valid NMEA.
        case silent
        /// The port could not be opened or hung up; the one-line reason.
        case unavailable(String)
    }

    /// Probes `path`, listening `window` seconds per rate (worst case ≈ rates × window).
    public static func probe(_ path: String, rates: [Int] = BaudHunter.standardRates, window: Double = 1.5,
                             driver: SerialDriver = .automatic, timeSource: any TimeSource) -> Result {
        do {
            let port = try SerialPortOpener.open(path, baudRate: rates.first ?? 9600, driver: driver)
            defer { port.close() }
            let hunt = BaudHunt(rates: rates, preferred: nil, window: window)
            switch try hunt.run(on: port, now: { timeSource.now().secondsSince1970 }, shouldStop: { false }) {
            case .locked(let baud, _): return .nmea(baud: baud, driver: port.driver)
            case .silent, .stopped: return .silent
            case .hangup: return .unavailable("\(path) hung up")
            }
        } catch {
            return .unavailable(error.description)
        }
    }
}
