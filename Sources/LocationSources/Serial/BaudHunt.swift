import SystemIO

/// Runs a `BaudHunter` against an open port: re-clocks it rate by rate and listens until
/// NMEA checksums, every rate has been tried once, the device hangs up, or `shouldStop`.
struct BaudHunt {
    /// How a hunt ended.
    enum Outcome: Equatable {
        /// NMEA heard at `baud`; `bytes` were read at that rate (for the decoder).
        case locked(baud: Int, bytes: [UInt8])
        /// Nothing valid at any rate.
        case silent
        /// The device went away.
        case hangup
        /// The caller asked to stop.
        case stopped
    }

    let rates: [Int]
    let preferred: Int?
    /// Seconds to listen at each rate.
    let window: Double

    /// Hunts on `port`; `now` is the clock (seconds) for the listening windows.
    func run(on port: any SerialConnection, now: () -> Double, shouldStop: () -> Bool) throws(SystemError) -> Outcome {
        var hunter = BaudHunter(rates: rates, preferred: preferred)
        if port.baudRate != hunter.currentRate { try port.setBaudRate(hunter.currentRate) }
        var windowEnd = now() + window
        while !shouldStop() {
            var verdict = BaudHunter.Verdict.listening
            switch try port.read(maxBytes: 4096, timeoutMilliseconds: 100) {
            case .data(let bytes): verdict = hunter.push(bytes)
            case .hangup: return .hangup
            case .timeout: break
            }
            if verdict == .listening, now() >= windowEnd { verdict = hunter.windowElapsed() }
            switch verdict {
            case .listening:
                continue
            case .locked(let baud):
                return .locked(baud: baud, bytes: hunter.heardBytes)
            case .tryNext(let baud):
                try port.setBaudRate(baud)
                windowEnd = now() + window
            case .exhausted:
                return .silent
            }
        }
        return .stopped
    }
}
