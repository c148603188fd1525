public import NMEA

/// NMEA bytes in, gpsd 3.22 JSON report lines out: what `waygate decode --format gpsd` prints.
///
/// Each line is one TPV, SKY or GST object, without a device field and without a line end,
/// in the order and with the content gpsd reports for the same input (except the documented
/// differences in docs/gpsd-compatibility.md).
public struct GPSDReportStream: Sendable {
    private var decoder = NMEAStreamDecoder()

    /// A stream with no history.
    public init() {}

    /// Feeds bytes; returns the report lines they complete.
    public mutating func push(_ bytes: some Collection<UInt8>) -> [String] {
        decoder.pushReports(bytes).map(Self.line)
    }

    /// Ends the stream; returns any last lines.
    public mutating func finish() -> [String] {
        _ = decoder.finish()
        return []
    }

    /// Decoder counters.
    public var statistics: NMEAStatistics { decoder.statistics }

    /// All report lines for a complete input.
    public static func reports(for bytes: some Collection<UInt8>) -> [String] {
        var stream = GPSDReportStream()
        return stream.push(bytes) + stream.finish()
    }

    static func line(_ report: AssembledReport) -> String {
        switch report {
        case .fix(let fix): TPV(fix).json
        case .sky(let sky): SKY(sky).json
        case .noise(let noise): GPSDNoise(noise).json
        }
    }
}
