import Foundation
import GPSDProtocol
import JSON
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
        // One reused output buffer and one write to standard output per input chunk.
        let output = FileDescriptor(rawValue: 1)
        var json = JSONWriter(capacity: 256 * 1024)
        var lines = LineSource(format: format)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)  // one reused input buffer too
        while true {
            let count: Int
            do { count = try fd.read(into: &chunk) } catch { throw RuntimeError("cannot read \(input): \(error.message)") }
            if count == 0 { break }
            json.reset()
            lines.push(chunk[..<count], into: &json)
            if !json.isEmpty { try json.withBytes { try output.writeAll(UnsafeRawBufferPointer($0)) } }
        }
        json.reset()
        lines.finish(into: &json)
        if !json.isEmpty { try json.withBytes { try output.writeAll(UnsafeRawBufferPointer($0)) } }
        if showStatistics { Console.error("decode \(input): \(lines.statistics)") }
    }
}

/// The decoder behind `decode`, by output format: appends one line per report to a writer.
private struct LineSource {
    let format: String
    var gpsd = GPSDReportStream()
    var json = NMEAStreamDecoder()
    var lastTime: Timestamp?

    init(format: String) { self.format = format }

    mutating func push(_ bytes: ArraySlice<UInt8>, into writer: inout JSONWriter) {
        if format == "gpsd" {
            gpsd.push(bytes, into: &writer)
        } else {
            WireLines.write(json.push(bytes), lastTime: &lastTime, into: &writer)
        }
    }

    mutating func finish(into writer: inout JSONWriter) {
        if format == "gpsd" {
            gpsd.finish(into: &writer)
        } else {
            WireLines.write(json.finish(), lastTime: &lastTime, into: &writer)
        }
    }

    var statistics: NMEAStatistics { format == "gpsd" ? gpsd.statistics : json.statistics }
}

/// Waygate's LOCATION and SKY messages for decoded source events (sentences are not printed).
private enum WireLines {
    static let source = SourceID("decode")

    static func write(_ events: [SourceEvent], lastTime: inout Timestamp?, into writer: inout JSONWriter) {
        for event in events {
            switch event {
            case .fix(let fix):
                if let t = fix.time { lastTime = t }
            case .sky: break
            case .sentence, .noise, .device: continue
            }
            guard let payload = EventPayload(event, source: source) else { continue }
            TimeTaggedMessage(payload, time: lastTime).writeLine(to: &writer)
        }
    }
}
