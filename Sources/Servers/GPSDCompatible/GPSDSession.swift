import Foundation
import GPSDProtocol
import JSON

/// What the gpsd-compatible server knows and how it answers gpsd's requests: the latest TPV and
/// SKY, the devices seen, and per client its watch flag and output buffer (always used under
/// `GPSDCompatibleServer`'s lock).
struct GPSDSession {
    /// One connected client's protocol state.
    struct Client {
        /// Whether the client asked for JSON reports with `?WATCH`.
        var watching = false
        /// Bytes read but not yet ending in a command terminator.
        var input: [UInt8] = []
        /// Whether the request being read passed `maximumRequest` (and is skipped to its end).
        var discarding = false
        /// Bytes waiting to be sent, at most `maximumBuffered` report bytes.
        var output: [UInt8] = []
        /// Reports not queued because the buffer was full.
        var dropped = 0
    }

    /// Longest request, bytes; a longer one is skipped with one ERROR.
    static let maximumRequest = 8_192

    let version: Version
    let maximumBuffered: Int
    var clients: [Int32: Client] = [:]
    /// Devices by their source id, in the order they connected.
    var devices: [(id: String, device: Device)] = []
    var lastTPV: TPV?
    var lastSKY: SKY?
    var lastTime: String?

    init(version: Version, maximumBuffered: Int) {
        self.version = version
        self.maximumBuffered = maximumBuffered
    }

    /// A new client: greeted with VERSION at once, as gpsd does.
    mutating func connect(_ fd: Int32) {
        clients[fd] = Client(output: Array((version.json + "\r\n").utf8))
    }

    /// Appends bytes read from client `fd` and answers every complete request in them.
    ///
    /// A request longer than `maximumRequest` gets one ERROR and is skipped up to its
    /// terminator; later requests are answered as usual. At most `maximumRequest` bytes are
    /// held per client, however long the request.
    mutating func receive(_ bytes: [UInt8], from fd: Int32) {
        guard var client = clients[fd] else { return }
        var rest = bytes[...]
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == UInt8(ascii: ";") || $0 == 0x0A }
            let chunk = rest[..<(end ?? rest.endIndex)]
            if !client.discarding {
                if client.input.count + chunk.count > Self.maximumRequest {
                    client.discarding = true
                    client.input.removeAll()
                    client.output += Self.error("request too long (over \(Self.maximumRequest) bytes)").utf8
                } else {
                    client.input += chunk
                }
            }
            guard let end else { break }
            if client.discarding {
                client.discarding = false
            } else {
                let request = String(decoding: client.input, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                client.input.removeAll(keepingCapacity: true)
                if !request.isEmpty { answer(request, client: &client) }
            }
            rest = rest[rest.index(after: end)...]
        }
        clients[fd] = client
    }

    private func answer(_ request: String, client: inout Client) {
        var lines: [String] = []
        let (name, argument) = Self.split(request)
        switch name {
        case "?VERSION": lines = [version.json]
        case "?DEVICES": lines = [devicesJSON]
        case "?POLL":
            lines = [Poll(time: lastTime, active: devices.count, tpv: lastTPV.map { [$0] } ?? [], sky: lastSKY.map { [$0] } ?? []).json]
        case "?WATCH":
            var watch = Watch(enable: true, json: true)
            if let argument {
                guard let asked = try? JSONValueDecoder().decode(Watch.self, from: Array(argument.utf8), source: "WATCH") else {
                    client.output += Self.error("Invalid WATCH: \(argument)").utf8
                    return
                }
                watch.enable = asked.enable ?? true
                watch.json = asked.json ?? (watch.enable == true)
                watch.nmea = asked.nmea
                watch.device = asked.device
            }
            client.watching = watch.enable == true && watch.json == true
            lines = (watch.enable == true ? [devicesJSON] : []) + [watch.jsonText]
        default:
            client.output += Self.error("Unrecognized request '\(request)'").utf8
            return
        }
        for line in lines { client.output += (line + "\r\n").utf8 }
    }

    /// Queues `line` (a TPV, SKY or DEVICE report) for every watching client with room for it.
    mutating func broadcast(_ line: String) {
        let bytes = Array((line + "\r\n").utf8)
        for fd in clients.keys where clients[fd]?.watching == true {
            if clients[fd]!.output.count + bytes.count > maximumBuffered {
                clients[fd]!.dropped += 1
            } else {
                clients[fd]!.output += bytes
            }
        }
    }

    var devicesJSON: String { Devices(devices: devices.map(\.device)).json }

    /// Splits `?NAME=ARGUMENT` into its name and optional JSON argument.
    private static func split(_ request: String) -> (String, String?) {
        guard let eq = request.firstIndex(of: "=") else { return (request, nil) }
        return (String(request[..<eq]), String(request[request.index(after: eq)...]))
    }

    /// gpsd's ERROR object, with its line end.
    static func error(_ message: String) -> String {
        var escaped = ""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "{\"class\":\"ERROR\",\"message\":\"\(escaped)\"}\r\n"
    }
}
