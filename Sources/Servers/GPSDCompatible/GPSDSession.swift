import Foundation
import GPSDProtocol
import Positioning
import Timekeeping

/// What the gpsd-compatible server knows and how it answers gpsd's requests: the latest TPV,
/// SKY and GST of each device, the devices seen, and per client its WATCH policy and output buffer
/// (always used under `GPSDCompatibleServer`'s lock).
struct GPSDSession {
    /// One connected client's protocol state.
    struct Client {
        /// The client's WATCH policy as gpsd stores it (`?WATCH;` echoes it): off until a
        /// `?WATCH` enables it.
        var policy = Watch(enable: false, json: false) {
            didSet { watched = policy.device.map { GPSDSession.deviceName(of: SourceID($0)) } }
        }
        /// The name of the device `policy` restricts the client to, as its reports name it
        /// (`serial:/dev/ttyACM0` in a WATCH watches `/dev/ttyACM0`); nil: every device. Kept
        /// with the policy, so that no report's broadcast reads the device name again.
        private(set) var watched: String?
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

        /// Whether the policy names no device or the device named `id`.
        func shows(_ id: String) -> Bool { watched.map { $0 == id } ?? true }

        /// Whether the policy streams source `id`'s reports (gpsd's `subscribed`).
        func follows(_ id: String) -> Bool { policy.enable == true && shows(id) }

        /// Whether the policy streams source `id`'s NMEA sentences as received (`nmea`, or `raw` 1 or 2).
        func followsNMEA(of id: String) -> Bool { follows(id) && (policy.nmea == true || (policy.raw ?? 0) > 0) }
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
    /// Devices by their source id, in the order they connected, each with the time of its latest
    /// data (nil before any), which gpsd shows as the device's `activated`.
    var devices: [(id: String, device: Device, lastData: Timestamp?)] = []
    /// The latest TPV, SKY and GST of each source, in the order the sources first reported one.
    var latestTPV: [(id: String, report: TPV)] = []
    var latestSKY: [(id: String, report: SKY)] = []
    var latestGST: [(id: String, report: GPSDNoise)] = []
    /// The clock POLL's `time` is read from (gpsd's: the time of the reply).
    let clock: any TimeSource

    init(version: Version, maximumBuffered: Int, clock: any TimeSource) {
        self.version = version
        self.maximumBuffered = maximumBuffered
        self.clock = clock
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
                if !request.isEmpty { answer(request, terminator: rest[end], client: &client) }
            }
            rest = rest[rest.index(after: end)...]
        }
        clients[fd] = client
    }

    /// Answers one request; `terminator` is the byte that ended it (`;` or a newline).
    private func answer(_ request: String, terminator: UInt8, client: inout Client) {
        var lines: [String] = []
        let (name, argument) = Self.split(request)
        switch (name, argument) {
        case ("?VERSION", nil): lines = [version.json]
        case ("?DEVICES", nil): lines = [devicesJSON]
        case ("?DEVICE", nil): lines = devices.map { Self.reported($0).json }
        case ("?DEVICE", _?):
            // gpsd's answer when built without device configuration: Waygate does not reconfigure receivers.
            lines = [Self.errorJSON("Device configuration support not compiled.")]
        case ("?POLL", nil): lines = [poll(for: client).json]
        case ("?WATCH", _):
            // As gpsd: `?WATCH;` shows the policy; a request updates it (an invalid one as far as
            // gpsd's parser read it, with its message), and a valid, enabled one naming an
            // unknown device gets only an ERROR (the policy is kept, as gpsd keeps it). Text
            // after the object is, as in gpsd, an unrecognized request of its own.
            var trailing: Substring = ""
            if let argument {
                let outcome = client.policy.updated(byRequest: argument + String(UnicodeScalar(terminator)))
                client.policy = outcome.policy
                trailing = outcome.trailing
                if let error = outcome.error {
                    lines = [Self.errorJSON("Invalid WATCH: \(error)")]
                } else if client.policy.enable == true, let device = client.policy.device,
                          !devices.contains(where: { $0.id == client.watched }) {
                    lines = [Self.errorJSON("No such device as \(device)")]
                    break
                }
            }
            lines += [devicesJSON, client.policy.jsonText]
            if !trailing.isEmpty { lines.append(Self.unrecognized(trailing)) }
        default:
            lines = [Self.unrecognized(request + String(UnicodeScalar(terminator)))]
        }
        for line in lines { client.queue((line + "\r\n").utf8, limit: maximumBuffered) }
    }

    /// gpsd's POLL for `client`: the devices it watches (none unless its WATCH is enabled) that
    /// have reported, each with its latest TPV, its latest GST (as gpsd, only `device` from a
    /// receiver that sent no GST) and its latest SKY.
    private func poll(for client: Client) -> Poll {
        let active = devices.map(\.id).filter { id in
            client.follows(id) && (latestTPV.contains { $0.id == id } || latestSKY.contains { $0.id == id })
        }
        return Poll(time: clock.now().iso8601, active: active.count,
                    tpv: latestTPV.filter { active.contains($0.id) }.map(\.report),
                    gst: active.map { id in latestGST.first { $0.id == id }?.report ?? GPSDNoise(device: id) },
                    sky: latestSKY.filter { active.contains($0.id) }.map(\.report))
    }

    /// gpsd's ERROR for a request it does not know: `text` is the request as sent, with the `;`
    /// or newline that ended it, and gpsd adds a newline to what a client sent when it has none
    /// (`Unrecognized request '?FOO;\n'`).
    static func unrecognized(_ text: some StringProtocol) -> String {
        errorJSON("Unrecognized request '\(text)\(text.hasSuffix("\n") ? "" : "\n")'")
    }

    /// Queues `line` (a TPV, SKY or DEVICE report of source `id`) for every client whose policy
    /// streams that source's JSON reports; one without room for it is marked overflowed.
    mutating func broadcast(_ line: String, from id: String) {
        broadcast(Array((line + "\r\n").utf8)) { $0.policy.json == true && $0.follows(id) }
    }

    /// Queues `sentence` as received, with CR LF, for every client whose policy streams source
    /// `id`'s NMEA.
    mutating func broadcast(_ sentence: SentenceText, from id: String) {
        guard clients.values.contains(where: { $0.followsNMEA(of: id) }) else { return }
        broadcast(sentence.withBytes { Array($0) } + [0x0D, 0x0A]) { $0.followsNMEA(of: id) }
    }

    private mutating func broadcast(_ bytes: [UInt8], to wanted: (Client) -> Bool) {
        // Keys copied first: iterating `clients.keys` would keep the dictionary shared and make
        // every append copy the client's whole buffer.
        let limit = maximumBuffered
        for fd in Array(clients.keys) where clients[fd].map(wanted) == true {
            clients[fd]?.queue(bytes, limit: limit)
        }
    }

    /// The `device` / `path` gpsd clients see for a source: a serial receiver's path, as gpsd
    /// names the device it reads (`/dev/ttyACM0` for `serial:/dev/ttyACM0`); any other source's
    /// Waygate id (`simulator`, `replay:FILE`, `gpsd:HOST:PORT`).
    static func deviceName(of source: SourceID) -> String {
        let id = source.rawValue
        return id.hasPrefix("serial:") ? String(id.dropFirst("serial:".count)) : id
    }

    var devicesJSON: String { Devices(devices: devices.map(Self.reported)).json }

    /// A device as gpsd reports it: `activated` is the time of its latest data (gpsd's
    /// `gpsdata.online`, renewed by every read), the time it connected until it has sent any.
    static func reported(_ entry: (id: String, device: Device, lastData: Timestamp?)) -> Device {
        guard let time = entry.lastData else { return entry.device }
        var device = entry.device
        device.activated = time.iso8601
        return device
    }

    /// Splits `?NAME=ARGUMENT` into its name and optional JSON argument.
    private static func split(_ request: String) -> (String, String?) {
        guard let eq = request.firstIndex(of: "=") else { return (request, nil) }
        return (String(request[..<eq]), String(request[request.index(after: eq)...]))
    }

    /// gpsd's ERROR object, with its line end.
    static func error(_ message: String) -> String { errorJSON(message) + "\r\n" }

    /// gpsd's ERROR object: `message` with `"` and `\` escaped, a newline, return or tab by
    /// letter and other control characters as spaces.
    static func errorJSON(_ message: String) -> String {
        var escaped = ""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20: escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "{\"class\":\"ERROR\",\"message\":\"\(escaped)\"}"
    }
}
