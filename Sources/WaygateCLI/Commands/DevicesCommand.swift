import Foundation
import Timekeeping
import LocationSources
import Positioning
import SystemIO

/// `waygate devices`: the serial ports, their USB identity, and with `--probe` whether NMEA is
/// heard and at which baud — what a user runs right after plugging a dongle in.
struct DevicesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "devices", abstract: "List serial ports with their USB identity; --probe listens for NMEA.",
        usage: "[--probe] [--seconds N] [--format text|json] [PATH…]",
        discussion: """
            Without PATHs, lists every port libserialport finds. Give PATHs to look at other \
            devices too (pseudo-terminals, Bluetooth rfcomm links). --probe opens each port, \
            hunts 4800…115200 baud and reports the rate at which checksummed NMEA arrives.
            """,
        options: [
            OptionSpec("--probe", help: "Open each port and listen for NMEA."),
            OptionSpec("--seconds", value: "N", help: "How long --probe listens per port.", default: "16"),
            OptionSpec("--format", value: "text|json", help: "Output format.", default: "text"),
        ],
        positionals: 0...64)

    let probe: Bool
    let seconds: Double
    let json: Bool
    let paths: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        probe = arguments.flag("--probe")
        seconds = try arguments.double("--seconds", default: 16, in: 0.5...600) ?? 16
        json = try arguments.choice("--format", ["text", "json"], default: "text") == "json"
        paths = arguments.positionals
    }

    /// One row of the listing.
    struct Row: Encodable {
        var port: String
        var usbID: String?
        var manufacturer: String?
        var product: String?
        var serialNumber: String?
        var description: String?
        var knownReceiver: String?
        var nmeaBaud: Int?
        var nmeaHeard: Bool?

        enum CodingKeys: String, CodingKey {
            case port, usbID = "usb_id", manufacturer, product, serialNumber = "serial_number", description
            case knownReceiver = "known_receiver", nmeaBaud = "nmea_baud", nmeaHeard = "nmea_heard"
        }
    }

    func run(in environment: AppEnvironment) async throws {
        var infos: [SerialPortInfo]
        do {
            infos = paths.isEmpty ? try SerialPortEnumerator.ports() : []
        } catch {
            throw RuntimeError("cannot list serial ports: \(error)")
        }
        for path in paths {
            guard FileManager.default.fileExists(atPath: path) else { throw RuntimeError("no such device: \(path)") }
            infos.append((try? SerialPortEnumerator.port(at: path)) ?? SerialPortInfo(name: path))
        }
        var rows = infos.map {
            Row(port: $0.name, usbID: $0.usbID, manufacturer: $0.manufacturer, product: $0.product, serialNumber: $0.serialNumber,
                description: $0.description, knownReceiver: KnownReceivers.name(forUSBID: $0.usbID))
        }
        if probe {
            let bauds = await Self.probe(rows.map(\.port), seconds: seconds, timeSource: environment.timeSource)
            for i in rows.indices {
                rows[i].nmeaBaud = bauds[rows[i].port] ?? nil
                rows[i].nmeaHeard = rows[i].nmeaBaud != nil
            }
        }
        var console = Console()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for row in rows { console.print(String(decoding: try encoder.encode(row), as: UTF8.self)) }
        } else if rows.isEmpty {
            console.print("no serial ports found (plug a receiver in, or name a device: waygate devices --probe PATH)")
        } else {
            for row in rows { console.print(Self.describe(row, probed: probe)) }
        }
        console.flush()
    }

    static func describe(_ row: Row, probed: Bool) -> String {
        var parts = [row.port]
        if let id = row.usbID { parts.append("usb \(id)") }
        let identity = [row.manufacturer, row.product].compactMap { $0 }.joined(separator: " ")
        if !identity.isEmpty { parts.append(identity) } else if let d = row.description { parts.append(d) }
        if let s = row.serialNumber { parts.append("serial \(s)") }
        if let known = row.knownReceiver { parts.append("known GNSS: \(known)") }
        if probed { parts.append(row.nmeaBaud.map { "NMEA at \($0) baud" } ?? "no NMEA heard") }
        return parts.joined(separator: "  ")
    }

    /// Listens on every port at once; the baud at which each one spoke NMEA (nil: silent).
    static func probe(_ ports: [String], seconds: Double, timeSource: any TimeSource) async -> [String: Int?] {
        await withTaskGroup(of: (String, Int?).self) { group in
            for port in ports {
                group.addTask {
                    let source = SerialNMEASource(path: port, options: .init(watchdog: seconds), timeSource: timeSource)
                    return (port, await listen(to: source, seconds: seconds, timeSource: timeSource))
                }
            }
            var result: [String: Int?] = [:]
            for await (port, baud) in group { result[port] = baud }
            return result
        }
    }

    private static func listen(to source: SerialNMEASource, seconds: Double, timeSource: any TimeSource) async -> Int? {
        await withTaskGroup(of: Int?.self) { group in
            group.addTask {
                for await events in source.events() {
                    for case .device(.connected, _, let baud) in events { return baud }
                }
                return nil
            }
            group.addTask {
                try? await timeSource.sleep(for: seconds)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
