import Foundation
import JSON
import Servers
import WireProtocol

/// Answers request lines arriving on `…/command` with a REPLY or ERROR on `…/reply` (QoS 1),
/// through the `RequestRunner` when commands are enabled, refusing them otherwise.
final class CommandRelay: @unchecked Sendable {  // `storedConnection`, `pending` and `running` are only touched while `lock` is held.
    private let settings: MQTTSettings
    private let runner: (any RequestRunner)?
    private let lock = NSLock()
    private weak var storedConnection: MQTTConnection?
    /// Replies produced before the connection was attached (a command arriving during `init`).
    private var pending: [MQTTMessage] = []
    /// Commands being answered now; past `maximumRunning` more are refused (the broker cannot be
    /// told to wait, as the socket's reader can).
    private var running = 0

    /// The most commands answered at once, as the socket's `maxPendingRequests`.
    static let maximumRunning = 32

    init(settings: MQTTSettings, runner: (any RequestRunner)?) {
        self.settings = settings
        self.runner = runner
    }

    /// Attaches the connection replies go out on, sending any reply that was waiting for it.
    func attach(_ connection: MQTTConnection) {
        let waiting = lock.withLock { () -> [MQTTMessage] in
            storedConnection = connection
            defer { pending.removeAll() }
            return pending
        }
        if !waiting.isEmpty { connection.send(waiting) }
    }

    /// Called on the network thread for every message on a subscribed topic. A command the broker
    /// kept retained is refused, not run: it would run again at every connection (a `stop` left
    /// retained ended each guidance the daemon started, after every reconnect).
    func received(topic: String, payload: [UInt8], retained: Bool) {
        guard topic == settings.topic("command") else { return }
        var line = payload
        while let last = line.last, last == 0x0A || last == 0x0D { line.removeLast() }
        if line.count > LineFramer.defaultLimit {
            reply(Self.errorLine(RequestDecoder.tooLong(length: line.count)))
            return
        }
        if retained {
            reply(Self.errorLine(ErrorMessage(
                id: Self.id(of: line), code: .badRequest,
                message: "a retained command is not run (it would run again at every connection): publish it without the retain flag")))
            return
        }
        guard settings.commandsEnabled, let runner else {
            let id = Self.id(of: line)
            let reason = settings.commandsEnabled
                ? "this Waygate has no command handler for MQTT"
                : "commands over MQTT are disabled; start waygate with --mqtt-commands to accept them"
            reply(Self.errorLine(ErrorMessage(id: id, code: settings.commandsEnabled ? .internal : .forbidden, message: reason)))
            return
        }
        let admitted = lock.withLock { () -> Bool in
            guard running < Self.maximumRunning else { return false }
            running += 1
            return true
        }
        guard admitted else {
            reply(Self.errorLine(ErrorMessage(
                id: Self.id(of: line), code: .busy,
                message: "\(Self.maximumRunning) commands are being answered; send this one again later")))
            return
        }
        let request = line
        Task { [self] in
            reply(await runner.run(line: request, credentials: nil))
            lock.withLock { running -= 1 }
        }
    }

    /// The `id` of the request `line`, when it is one (for the ERROR refusing it).
    private static func id(of line: [UInt8]) -> JSONValue? {
        if case .success(let request) = RequestDecoder.decode(line: line) { request.id } else { nil }
    }

    private func reply(_ line: [UInt8]) {
        var payload = line
        if payload.last == 0x0A { payload.removeLast() }
        let message = MQTTMessage(topic: settings.topic("reply"), payload: payload, qos: 1, retain: false)
        let connection = lock.withLock { () -> MQTTConnection? in
            if storedConnection == nil && pending.count < 64 { pending.append(message) }
            return storedConnection
        }
        connection?.send([message])
    }

    static func errorLine(_ error: ErrorMessage) -> [UInt8] {
        (try? WireCoding.line(ServerMessage.error(error)))
            ?? Array(#"{"class":"ERROR","code":"internal","message":"cannot encode the error"}"#.utf8)
    }
}
