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
        /// Bytes waiting to be sent, never more than `maximumBuffered` (nor its allocation).
        var output: [UInt8] = []
        /// Set when a report or reply did not fit in `output`: the client cannot keep up and is
        /// disconnected.
        var overflowed = false

        /// Appends `bytes` to `output`, or marks the client overflowed when they would take it
        /// past `limit`. The buffer grows by doubling, but never past `limit`.
        mutating func queue(_ bytes: some Collection<UInt8>, limit: Int) {
            guard !overflowed else { return }
            let needed = output.count + bytes.count
            guard needed <= limit else {
                overflowed = true
                return
            }
            if needed > output.capacity { output.reserveCapacity(min(limit, max(needed, 2 * output.capacity))) }
            output += bytes
        }
    }

    /// Longest request, bytes; a longer one is skipped with one ERROR.
    static let maximumRequest = 8_192

    let version: Version
    let maximumBuffered: Int
    var clients: [Int32: Client] = [:]
    /// Connections refused because `maximumClients` were connected, since start.
    var refusedClients = 0
    /// Clients disconnected because their unsent output would have passed `maximumBuffered`.
    var slowClientsDisconnected = 0
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
        var client = Client()
        client.queue((version.json + "\r\n").utf8, limit: maximumBuffered)
        clients[fd] = client
    }

    /// Appends bytes read from client `fd` and answers every complete request in them.
    ///
    /// A request longer than `maximumRequest` gets one ERROR and is skipped up to its
    /// terminator; later requests are answered as usual. At most `maximumRequest` bytes are
    /// held per client, however long the request.
    mutating func receive(_ bytes: [UInt8], from fd: Int32) {
        // Taken out while it changes, so that its output is not copied.
        guard var client = clients.removeValue(forKey: fd) else { return }
        var rest = bytes[...]
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == UInt8(ascii: ";") || $0 == 0x0A }
            let chunk = rest[..<(end ?? rest.endIndex)]
            if !client.discarding {
                if client.input.count + chunk.count > Self.maximumRequest {
                    client.discarding = true
                    client.input.removeAll()
                    client.queue(Self.error("request too long (over \(Self.maximumRequest) bytes)").utf8, limit: maximumBuffered)
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
                    client.queue(Self.error("Invalid WATCH: \(argument)").utf8, limit: maximumBuffered)
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
            client.queue(Self.error("Unrecognized request '\(request)'").utf8, limit: maximumBuffered)
            return
        }
        for line in lines { client.queue((line + "\r\n").utf8, limit: maximumBuffered) }
    }

    /// Queues `line` (a TPV, SKY or DEVICE report) for every watching client; one without room
    /// for it is marked overflowed.
    mutating func broadcast(_ line: String) {
        let bytes = Array((line + "\r\n").utf8)
        // Keys copied first: iterating `clients.keys` would keep the dictionary shared and make
        // every append copy the client's whole buffer.
        for fd in Array(clients.keys) where clients[fd]?.watching == true {
            clients[fd]?.queue(bytes, limit: maximumBuffered)
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
