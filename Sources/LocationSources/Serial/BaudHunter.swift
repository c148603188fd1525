import NMEA
public import Positioning

/// Finds the line speed of an NMEA receiver: listens at one rate after another until enough
/// checksummed sentences arrive (gpsd's `gpsd_next_hunt_setting` idea, NMEA only).
///
/// Pure logic: the caller sets the port to `currentRate`, pushes what it reads, calls
/// `windowElapsed()` when its listening time at a rate runs out, and re-clocks the port
/// whenever a verdict names a new rate. At a wrong rate a UART delivers framing garbage that
/// never checksums, so "two valid sentences" is a reliable lock.
public struct BaudHunter: Sendable {
    /// The rates GNSS receivers ship with, in the order they are tried.
    public static let standardRates = [4800, 9600, 19200, 38400, 57600, 115200]

    /// What the hunter concluded after some input.
    public enum Verdict: Sendable, Hashable {
        /// Keep listening at `currentRate`.
        case listening
        /// Valid sentences arrived at this rate.
        case locked(baud: Int)
        /// Nothing valid at the old rate: switch the port to `baud` and keep pushing.
        case tryNext(baud: Int)
        /// Every rate was tried once without a lock; hunting starts over at `baud`.
        case exhausted(baud: Int)
    }

    /// The rates in trial order.
    public let rates: [Int]
    /// Valid sentences needed for a lock.
    public let sentencesNeeded: Int
    /// Bytes heard at one rate without a lock before moving on.
    public let byteBudget: Int
    private var index = 0
    private var triedCount = 1
    private var decoder = NMEAStreamDecoder()
    private var bytesAtRate = 0
    /// The events decoded at the current rate so far (the sentences that led to the lock,
    /// to be passed on once the caller is connected).
    public private(set) var heardEvents: [SourceEvent] = []
    /// Every byte read at the current rate, for the caller's long-lived decoder.
    public private(set) var heardBytes: [UInt8] = []

    /// A hunter over `rates` (the `preferred` one first, e.g. the last rate that worked).
    public init(rates: [Int] = BaudHunter.standardRates, preferred: Int? = nil, sentencesNeeded: Int = 2, byteBudget: Int = 4096) {
        var ordered = rates.isEmpty ? BaudHunter.standardRates : rates
        if let preferred {
            ordered.removeAll { $0 == preferred }
            ordered.insert(preferred, at: 0)
        }
        self.rates = ordered
        self.sentencesNeeded = max(1, sentencesNeeded)
        self.byteBudget = max(82, byteBudget)
    }

    /// The rate being listened to.
    public var currentRate: Int { rates[index] }

    /// Feeds bytes read at `currentRate`.
    public mutating func push(_ bytes: some Collection<UInt8>) -> Verdict {
        bytesAtRate += bytes.count
        heardBytes.append(contentsOf: bytes)
        heardEvents += decoder.push(bytes)
        let valid = heardEvents.reduce(0) { n, e in if case .sentence = e { n + 1 } else { n } }
        if valid >= sentencesNeeded { return .locked(baud: currentRate) }
        return bytesAtRate >= byteBudget ? advance() : .listening
    }

    /// The caller listened long enough at `currentRate` without a lock: move on.
    public mutating func windowElapsed() -> Verdict { advance() }

    private mutating func advance() -> Verdict {
        index = (index + 1) % rates.count
        decoder = NMEAStreamDecoder()
        heardEvents = []
        heardBytes = []
        bytesAtRate = 0
        if triedCount >= rates.count {
            triedCount = 1
            return .exhausted(baud: currentRate)
        }
        triedCount += 1
        return .tryNext(baud: currentRate)
    }
}
