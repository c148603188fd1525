public import JSON
public import NMEA
import Positioning

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

    /// Feeds bytes; appends the report lines they complete to `json`, each ended by `\n`
    /// (nothing is reset: one buffer can collect a whole chunk's lines).
    public mutating func push(_ bytes: some Collection<UInt8>, into json: inout JSONWriter) {
        decoder.pushReports(bytes) { report in
            Self.write(report, to: &json)
            json.endLine()
        }
    }

    /// Ends the stream; returns any last lines.
    public mutating func finish() -> [String] {
        _ = decoder.finish()
        return []
    }

    /// Ends the stream; appends any last lines to `json`.
    public mutating func finish(into json: inout JSONWriter) {
        for line in finish() {
            json.raw(line.utf8)
            json.endLine()
        }
    }

    /// Decoder counters.
    public var statistics: NMEAStatistics { decoder.statistics }

    /// All report lines for a complete input.
    public static func reports(for bytes: some Collection<UInt8>) -> [String] {
        var stream = GPSDReportStream()
        return stream.push(bytes) + stream.finish()
    }

    static func line(_ report: AssembledReport) -> String {
        var json = JSONWriter(capacity: 512)
        write(report, to: &json)
        return json.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the object gpsd reports for `report`.
    static func write(_ report: AssembledReport, to json: inout JSONWriter) {
        switch report {
        case .fix(let fix): TPV(fix, device: nil, timeText: false).write(to: &json, time: fix.time)
        case .sky(let sky): SKY(sky, device: nil, entries: false).write(to: &json, satellites: sky.gpsdListed.lazy.map(SKY.Entry.init))
        case .noise(let noise): GPSDNoise(noise).write(to: &json)
        }
    }
}
