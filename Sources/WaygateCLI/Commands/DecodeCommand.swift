import Foundation
import GPSDProtocol
import NMEA
import Positioning
import Servers
import SystemIO
import Timekeeping
import WireProtocol

/// `waygate decode`: NMEA in, one JSON object per line out — gpsd's TPV/SKY reports, or
/// Waygate's own LOCATION/SKY messages.
struct DecodeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "decode", abstract: "Decode an NMEA 0183 log into JSON, one object per line.",
        usage: "[--format gpsd|json] FILE|-",
        discussion: """
            --format gpsd prints the TPV and SKY objects gpsd 3.22 reports for the same input \
            (see docs/gpsd-compatibility.md); --format json prints Waygate's LOCATION and SKY \
            messages. '-' reads standard input. Counters go to standard error at the end.
            """,
        options: [
            OptionSpec("--format", value: "gpsd|json", help: "Output format.", default: "gpsd"),
            OptionSpec("--stats", help: "Print the decoder's counters to standard error when done."),
        ],
        positionals: 1...1)

    let format: String
    let input: String
    let showStatistics: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        format = try arguments.choice("--format", ["gpsd", "json"], default: "gpsd")
        input = arguments.positionals[0]
        showStatistics = arguments.flag("--stats")
    }

    func run(in environment: AppEnvironment) async throws {
        let fd: FileDescriptor
        if input == "-" {
            fd = FileDescriptor(rawValue: STDIN_FILENO)
        } else {
            do { fd = try FileContents.openForReading(input) } catch { throw RuntimeError("cannot read \(input): \(error)") }
        }
        defer { if input != "-" { fd.close() } }
        var console = Console()
        var lines = LineSource(format: format)
        while true {
            let chunk: [UInt8]
            do { chunk = try fd.read(upTo: 64 * 1024) } catch { throw RuntimeError("cannot read \(input): \(error.message)") }
            if chunk.isEmpty { break }
            for line in lines.push(Data(chunk)) { console.print(line) }
        }
        for line in lines.finish() { console.print(line) }
        console.flush()
        if showStatistics { Console.error("decode \(input): \(lines.statistics)") }
    }
}

/// The decoder behind `decode`, by output format.
private struct LineSource {
    let format: String
    var gpsd = GPSDReportStream()
    var json = NMEAStreamDecoder()
    var lastTime: Timestamp?

    init(format: String) { self.format = format }

    mutating func push(_ bytes: Data) -> [String] {
        format == "gpsd" ? gpsd.push(bytes) : WireLines.lines(for: json.push(bytes), lastTime: &lastTime)
    }

    mutating func finish() -> [String] {
        format == "gpsd" ? gpsd.finish() : WireLines.lines(for: json.finish(), lastTime: &lastTime)
    }

    var statistics: NMEAStatistics { format == "gpsd" ? gpsd.statistics : json.statistics }
}

/// Waygate's LOCATION and SKY messages for decoded source events (sentences are not printed).
private enum WireLines {
    static func lines(for events: [SourceEvent], lastTime: inout Timestamp?) -> [String] {
        events.compactMap { event in
            switch event {
            case .fix(let fix):
                if let t = fix.time { lastTime = t }
            case .sky: break
            case .sentence, .device: return nil
            }
            let message = TimeTaggedMessage(EventPayload(event, source: SourceID("decode")), time: lastTime)
            return (try? WireCoding.encode(message)).map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
