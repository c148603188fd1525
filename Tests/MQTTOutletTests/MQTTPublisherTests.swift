import Foundation
import MQTTOutlet
import JSON
import Servers
import SystemIO
import TestSupport
import Testing
import WireProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Replies to every request with `{"class":"REPLY","id":…,"ok":true,"echo":<the request line>}`.
struct EchoRunner: RequestRunner {
    func run(line: [UInt8], credentials: PeerCredentials?) async -> [UInt8] {
        let id: JSONValue? = if case .success(let request) = RequestDecoder.decode(line: line) { request.id } else { nil }
        let reply = ReplyMessage(id: id, fields: ["echo": .string(String(decoding: line, as: UTF8.self))])
        return (try? WireCoding.line(ServerMessage.reply(reply))) ?? []
    }
}

/// A wire line of `channel` with a small JSON body naming its class and seq.
func wireLine(_ seq: UInt64, _ channel: Channel) -> WireLine {
    let messageClass: String = switch channel {
    case .guidance: "REROUTE"
    case .instructions: "BANNER"
    default: channel.rawValue.uppercased()
    }
    return WireLine(seq: seq, channel: channel, bytes: Array(#"{"class":"\#(messageClass)","seq":\#(seq)}"#.utf8) + [0x0A])
}

/// Polls `condition` every 20 ms for up to `timeout` seconds.
func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

@Suite("MQTT publisher against a real mosquitto", .serialized, .enabled(if: LoopbackMosquitto.isInstalled))
struct MQTTPublisherTests {
    private func settings(_ broker: LoopbackMosquitto, vehicle: String) throws -> MQTTSettings {
        var settings = try MQTTSettings(url: broker.url, vehicleID: vehicle)
        settings.reconnectDelay = 0.1
        settings.maximumReconnectDelay = 0.5
        settings.keepalive = 5
        return settings
    }

    @Test("lines arrive as waygate/<vehicle>/<channel> topics, in order, QoS 1 for state and 0 for streams")
    func linesArriveInOrder() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-order")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        let subscriber = try MosquittoSubscriber(broker: broker, name: "sub")
        defer { subscriber.stop() }
        #expect(subscriber.waitUntilReady())

        let publisher = try MQTTPublisher(settings: settings(broker, vehicle: "van-1"))
        defer { publisher.stop() }
        let channels: [Channel] = [.device, .session, .location, .match, .nmea, .camera, .progress, .instructions, .guidance, .sky]
        var lines: [WireLine] = []
        for round in 0..<20 {
            for (i, channel) in channels.enumerated() { lines.append(wireLine(UInt64(round * channels.count + i + 1), channel)) }
        }
        publisher.deliver(Array(lines[..<50]))
        publisher.deliver(Array(lines[50...]))
        let expected = lines.filter { $0.channel != .nmea }
        let received = subscriber.wait { $0.filter { $0.topic != "waygate/van-1/status" }.count >= expected.count }
        let events = received.filter { $0.topic != "waygate/van-1/status" }
        #expect(events.count == expected.count)
        // MQTT orders messages per topic (and QoS), not across them: the broker lets QoS 0 pass
        // QoS 1 messages waiting for the subscriber's in-flight window.
        for channel in Set(expected.map(\.channel)) {
            let topic = "waygate/van-1/\(channel.rawValue)"
            let sent = expected.filter { $0.channel == channel }
            let got = events.filter { $0.topic == topic }
            #expect(got.map(\.payload) == sent.map { String(decoding: $0.bytes.dropLast(), as: UTF8.self) }, "\(topic)")
            #expect(got.allSatisfy { $0.qos == (channel.carriesState ? 1 : 0) && !$0.retained }, "\(topic)")
        }
        #expect(Set(events.map(\.topic)) == Set(expected.map { "waygate/van-1/\($0.channel.rawValue)" }))
        #expect(received.first == MosquittoSubscriber.Message(topic: "waygate/van-1/status", qos: 1, retained: false, payload: #"{"online":true}"#))
        #expect(eventually { publisher.statistics.published == UInt64(expected.count) + 1 })
        let stats = publisher.statistics
        #expect(stats.isConnected && stats.dropped == 0 && stats.queued == 0 && stats.reconnects == 0)

        publisher.stop()
        let last = subscriber.wait { $0.last?.topic == "waygate/van-1/status" && $0.count > expected.count + 1 }
        #expect(last.last == MosquittoSubscriber.Message(topic: "waygate/van-1/status", qos: 1, retained: false, payload: #"{"online":false}"#))
        #expect(!publisher.statistics.isConnected)
    }

    @Test("a late subscriber sees the retained last LOCATION and SESSION and the status")
    func retainedForLateSubscribers() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-retain")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        let publisher = try MQTTPublisher(settings: settings(broker, vehicle: "van-2"))
        defer { publisher.stop() }
        // The DEVICE line (QoS 1) goes last: its PUBACK means the broker has handled everything before
        // it (QoS 0 messages count as published once written, not once the broker has read them).
        publisher.deliver([wireLine(1, .session), wireLine(2, .location), wireLine(3, .match), wireLine(4, .location), wireLine(5, .progress),
                           wireLine(6, .device)])
        #expect(eventually { publisher.statistics.published == 7 && publisher.statistics.inFlight == 0 })

        let late = try MosquittoSubscriber(broker: broker, name: "late")
        defer { late.stop() }
        let received = late.wait { $0.count >= 3 }
        #expect(Set(received) == [
            MosquittoSubscriber.Message(topic: "waygate/van-2/status", qos: 1, retained: true, payload: #"{"online":true}"#),
            MosquittoSubscriber.Message(topic: "waygate/van-2/session", qos: 1, retained: true, payload: #"{"class":"SESSION","seq":1}"#),
            MosquittoSubscriber.Message(topic: "waygate/van-2/location", qos: 0, retained: true, payload: #"{"class":"LOCATION","seq":4}"#),
        ])
        #expect(received.count == 3)
    }

    @Test("the broker publishes the last will when the connection dies without DISCONNECT")
    func lastWillOnAbruptLoss() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-will")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        let subscriber = try MosquittoSubscriber(broker: broker, filter: "waygate/+/status", name: "sub")
        defer { subscriber.stop() }
        #expect(subscriber.waitUntilReady())
        // The publisher reaches the broker through a TCP relay; killing the relay cuts the
        // connection the way a crashed daemon or a dead link does: no DISCONNECT is ever sent.
        let relayPort = LoopbackGPSD.freePort()
        let relay = try ChildProcess("/usr/bin/socat", ["TCP-LISTEN:\(relayPort),bind=127.0.0.1,reuseaddr", "TCP:127.0.0.1:\(broker.port)"])
        defer { relay.stop() }
        // (No probe connection: the relay serves exactly one. The publisher retries until it listens.)
        var settings = try settings(broker, vehicle: "van-3")
        settings.broker = MQTTBrokerAddress(host: "127.0.0.1", port: relayPort)
        let changes = Changes()
        let publisher = try MQTTPublisher(settings: settings, onConnectionChange: { up, reason in changes.append(up, reason) })
        defer { publisher.stop(flushTimeout: 0) }
        let online = subscriber.wait { $0.contains { $0.payload == #"{"online":true}"# } }
        #expect(online.map(\.payload) == [#"{"online":true}"#])

        relay.send(SIGKILL)
        let received = subscriber.wait { $0.count >= 2 }
        #expect(received.map(\.payload) == [#"{"online":true}"#, #"{"online":false}"#])
        #expect(eventually { !publisher.statistics.isConnected })
        #expect(changes.values.first?.0 == true && changes.values.first?.1 == "connected to mqtt://127.0.0.1:\(relayPort)")
        #expect(changes.values.dropFirst().first?.0 == false)
        #expect(publisher.statistics.lastError?.hasPrefix("lost the connection to mqtt://127.0.0.1:\(relayPort)") == true)
    }

    @Test("broker stopped (SIGTERM) or killed (SIGKILL) and restarted mid-drive: reconnect, state queued while down delivered, streams dropped and counted",
          arguments: [false, true])
    func brokerRestart(killed: Bool) throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-restart")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir, persistent: true)
        defer { broker.stop() }
        let first = try MosquittoSubscriber(broker: broker, name: "sub0", clientID: "waygate-test-\(getpid())", persistentSession: true)
        #expect(first.waitUntilReady())
        var settings = try settings(broker, vehicle: "van-4")
        settings.outbox = MQTTOutboxLimits(streamMessages: 10, stateMessages: 100)
        settings.dropReportInterval = 0.2
        let changes = Changes()
        let drops = Changes()
        let publisher = try MQTTPublisher(settings: settings, onConnectionChange: { up, reason in changes.append(up, reason) },
                                          onDrops: { up, total, line in drops.append(up, "\(total) \(line)") })
        defer { publisher.stop() }
        publisher.deliver([wireLine(1, .session), wireLine(2, .location)])
        #expect(first.wait { $0.count >= 3 }.count == 3)
        first.stop()

        if killed {
            // A SIGKILL saves nothing: a clean restart first saves the subscriber's session, which the
            // killed broker then comes back with (with none of what it took after the save).
            broker.stop()
            try broker.restart()
            #expect(eventually { publisher.statistics.isConnected && publisher.statistics.reconnects == 1 })
            broker.kill()
        } else {
            broker.stop()  // SIGTERM: the broker saves the subscriber's session and goes away
        }
        #expect(eventually { !publisher.statistics.isConnected })
        var seq: UInt64 = 3
        var stateSent: [WireLine] = []
        for n in 0..<50 {
            if n % 10 == 0 {
                let state = wireLine(seq, n == 0 ? .device : .guidance)
                stateSent.append(state)
                publisher.deliver([state])
                seq += 1
            }
            publisher.deliver([wireLine(seq, .location)])
            seq += 1
        }
        let down = publisher.statistics
        #expect(down.queued == 15 && down.droppedStream == 40 && down.droppedState == 0)
        // The drops are reported (for the daemon's DEVICE-like event) while disconnected, summed up to 40.
        #expect(eventually { drops.values.last?.1.hasPrefix("40 ") == true })
        #expect(drops.values.allSatisfy { !$0.0 && $0.1.hasSuffix("so far) while not connected to \(broker.url)") }, "\(drops.values)")
        #expect(drops.values.first?.1.contains(" dropped (") == true)

        try broker.restart()
        #expect(eventually { publisher.statistics.isConnected && publisher.statistics.queued == 0 && publisher.statistics.inFlight == 0 })
        let second = try MosquittoSubscriber(broker: broker, name: "sub1", clientID: "waygate-test-\(getpid())", persistentSession: true)
        defer { second.stop() }
        let received = second.wait { got in stateSent.allSatisfy { line in got.contains { $0.payload == String(decoding: line.bytes.dropLast(), as: UTF8.self) } } }
        let state = received.filter { $0.qos == 1 && !$0.retained && $0.topic != "waygate/van-4/status" }
        #expect(state.map(\.payload) == stateSent.map { String(decoding: $0.bytes.dropLast(), as: UTF8.self) }, "\(received) \(broker.log)")
        let stats = publisher.statistics
        #expect(stats.reconnects == (killed ? 2 : 1) && stats.droppedStream == 40 && stats.droppedState == 0)
        #expect(changes.values.map(\.0) == (killed ? [true, false, true, false, true] : [true, false, true]))
        #expect(changes.values.last?.1 == "reconnected to \(broker.url)")
    }

    @Test("a stalled network: deliver keeps returning, the outbox stays within its limits, streams are dropped and counted")
    func stalledNetwork() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-stall")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        let relayPort = LoopbackGPSD.freePort()
        let relay = try ChildProcess("/usr/bin/socat", ["TCP-LISTEN:\(relayPort),bind=127.0.0.1,reuseaddr", "TCP:127.0.0.1:\(broker.port)"])
        defer {
            relay.send(SIGCONT)
            relay.stop()
        }
        var settings = try settings(broker, vehicle: "van-6")
        settings.broker = MQTTBrokerAddress(host: "127.0.0.1", port: relayPort)
        settings.outbox = MQTTOutboxLimits(streamMessages: 100, stateMessages: 1_000, bytes: 4 << 20)
        settings.inFlightLimit = 64
        settings.keepalive = 60  // the stall must outlast the test, not end in a keepalive timeout
        let publisher = try MQTTPublisher(settings: settings)
        defer { publisher.stop(flushTimeout: 0) }
        #expect(eventually { publisher.statistics.isConnected })

        relay.send(SIGSTOP)  // the relay stops reading: TCP buffers fill, then nothing moves
        let padding = String(repeating: "x", count: 4_000)
        var seq: UInt64 = 0
        for n in 0..<5_000 {
            seq += 1
            let channel: Channel = n % 100 == 0 ? .guidance : .location
            publisher.deliver([WireLine(seq: seq, channel: channel, bytes: Array(#"{"class":"X","pad":"\#(padding)","seq":\#(seq)}"#.utf8) + [0x0A])])
        }
        // 20 MB offered; the kernel's buffers take a few MB, libmosquitto at most 64 messages.
        #expect(eventually { publisher.statistics.droppedStream > 0 })
        let stats = publisher.statistics
        #expect(stats.queued <= 100 + 50)
        #expect(stats.inFlight <= 64)
        #expect(stats.droppedState == 0)
        // Every message is accounted for (+ the online status), in any snapshot.
        #expect(stats.offered == 5_000 + 1)
        #expect(stats.isBalanced)
    }

    @Test("statistics are one snapshot: offered = published + dropped + queued + in flight at every moment")
    func consistentStatistics() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-snapshot")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        var settings = try settings(broker, vehicle: "van-8")
        // A small window and outbox: the network thread hands over many small batches, and some
        // stream messages are dropped, while this thread takes snapshots.
        settings.inFlightLimit = 8
        settings.outbox = MQTTOutboxLimits(streamMessages: 200, stateMessages: 10_000, bytes: 4 << 20)
        let publisher = try MQTTPublisher(settings: settings)
        defer { publisher.stop(flushTimeout: 0) }
        #expect(eventually { publisher.statistics.isConnected })

        let total = 20_000
        let producer = Thread {
            var seq: UInt64 = 0
            while seq < UInt64(total) {
                let batch = (0..<Int(seq % 7) + 1).map { n -> WireLine in wireLine(seq + UInt64(n) + 1, n == 3 ? .session : .location) }
                seq += UInt64(batch.count)
                publisher.deliver(batch)
            }
        }
        producer.start()
        var snapshots = 0
        var unbalanced: [MQTTStatistics] = []
        let deadline = Date().addingTimeInterval(60)
        var last = publisher.statistics
        // Until every line was offered and each has its outcome (or a generous timeout).
        while Date() < deadline && !(last.offered >= UInt64(total) + 1 && last.queued == 0 && last.inFlight == 0) {
            last = publisher.statistics
            snapshots += 1
            if !last.isBalanced && unbalanced.count < 5 { unbalanced.append(last) }
        }
        #expect(unbalanced.isEmpty, "unbalanced snapshots: \(unbalanced)")
        #expect(snapshots > 100)
        #expect(last.offered >= UInt64(total) + 1)
        #expect(last.queued == 0 && last.inFlight == 0)
        #expect(last.published + last.dropped == last.offered)
        #expect(last.droppedState == 0)
    }

    @Test("with the broker's socket past descriptor 1,024 (a daemon serving a thousand clients) it connects and publishes")
    func descriptorPastSelectLimit() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-fd")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        let subscriber = try MosquittoSubscriber(broker: broker, name: "sub")
        defer { subscriber.stop() }
        #expect(subscriber.waitUntilReady())
        let held = try #require(HighDescriptors(), "the limit on open files is below 1,100 (ulimit -n)")
        defer { held.release() }
        let publisher = try MQTTPublisher(settings: settings(broker, vehicle: "van-fd"))
        defer { publisher.stop() }
        publisher.deliver([wireLine(1, .session), wireLine(2, .location), wireLine(3, .device)])
        let received = subscriber.wait { $0.count >= 4 }
        #expect(Set(received.map(\.topic)) == ["waygate/van-fd/status", "waygate/van-fd/session", "waygate/van-fd/location", "waygate/van-fd/device"])
        #expect(eventually { publisher.statistics.published == 4 })
        #expect(publisher.statistics.isConnected)
    }

    @Test("publishing starts once a broker that was down at start comes up")
    func brokerDownAtStart() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-late")
        defer { dir.remove() }
        let port = LoopbackGPSD.freePort()
        var settings = try MQTTSettings(url: "mqtt://127.0.0.1:\(port)", vehicleID: "van-5")
        settings.reconnectDelay = 0.1
        settings.maximumReconnectDelay = 0.4
        let publisher = try MQTTPublisher(settings: settings)
        defer { publisher.stop() }
        publisher.deliver([wireLine(1, .session), wireLine(2, .location), wireLine(3, .device)])
        #expect(eventually { publisher.statistics.failedAttempts >= 2 })
        let waiting = publisher.statistics
        #expect(!waiting.isConnected && waiting.queued == 3)
        #expect(waiting.lastError == "cannot connect to mqtt://127.0.0.1:\(port): Connection refused")

        let broker = try LoopbackMosquitto(dir: dir, port: port)
        defer { broker.stop() }
        #expect(eventually { publisher.statistics.published == 4 })
        let late = try MosquittoSubscriber(broker: broker, name: "late")
        defer { late.stop() }
        #expect(Set(late.wait { $0.count >= 3 }.map(\.topic)) == ["waygate/van-5/status", "waygate/van-5/session", "waygate/van-5/location"])
        #expect(publisher.statistics.reconnects == 0)
    }

    @Test("commands on …/command are refused without --mqtt-commands and answered with it")
    func commands() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-cmd")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        let subscriber = try MosquittoSubscriber(broker: broker, filter: "waygate/+/reply", name: "sub")
        defer { subscriber.stop() }
        #expect(subscriber.waitUntilReady())

        for enabled in [false, true] {
            var settings = try settings(broker, vehicle: enabled ? "open" : "closed")
            settings.commandsEnabled = enabled
            let publisher = try MQTTPublisher(settings: settings, runner: EchoRunner())
            defer { publisher.stop() }
            #expect(eventually { publisher.statistics.isSubscribed })
            let command = #"{"cmd":"status","id":7}"#
            let pub = try ChildProcess("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1",
                                                                  "-t", "waygate/\(settings.vehicleID)/command", "-m", command])
            #expect(pub.wait(timeout: 10) == 0)
            let replies = subscriber.wait { $0.contains { $0.topic == "waygate/\(settings.vehicleID)/reply" } }
                .filter { $0.topic == "waygate/\(settings.vehicleID)/reply" }
            #expect(replies.count == 1)
            let reply = try #require(replies.first)
            #expect(reply.qos == 1)
            let message = try ServerMessage.decode(line: Array(reply.payload.utf8))
            if enabled {
                #expect(message == .reply(ReplyMessage(id: .integer(7), fields: ["echo": .string(command)])))
            } else {
                #expect(message == .error(ErrorMessage(id: .integer(7), code: .forbidden,
                                                       message: "commands over MQTT are disabled; start waygate with --mqtt-commands to accept them")))
            }
        }
    }
}

/// A broker, a subscriber to every vehicle's replies and a way to publish commands: what each
/// test of commands above the limits sets up.
final class CommandBroker {
    let dir: TemporaryDirectory
    let broker: LoopbackMosquitto
    let subscriber: MosquittoSubscriber

    init(prefix: String) throws {
        dir = try TemporaryDirectory(prefix: prefix)
        broker = try LoopbackMosquitto(dir: dir)
        subscriber = try MosquittoSubscriber(broker: broker, filter: "waygate/+/reply", name: "sub")
        #expect(subscriber.waitUntilReady())
    }

    func stop() {
        subscriber.stop()
        broker.stop()
        dir.remove()
    }

    /// Publishes `commands` on `vehicle`'s command topic in order, a message each (QoS 1).
    func publish(_ commands: [String], vehicle: String, retained: Bool = false) throws {
        try Data(commands.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: dir.file("commands")))
        let pub = try ChildProcess("/bin/sh", ["-c", "/usr/bin/mosquitto_pub -h 127.0.0.1 -p \(broker.port) -q 1 \(retained ? "-r " : "")"
                                               + "-t waygate/\(vehicle)/command -l < \(dir.file("commands"))"])
        #expect(pub.wait(timeout: 10) == 0)
    }

    /// `vehicle`'s replies once there are at least `count`, decoded, in order.
    func replies(_ count: Int, vehicle: String) -> [ServerMessage?] {
        let topic = "waygate/\(vehicle)/reply"
        return subscriber.wait { $0.filter { $0.topic == topic }.count >= count }
            .filter { $0.topic == topic }
            .map { try? ServerMessage.decode(line: Array($0.payload.utf8)) }
    }
}

/// A runner that answers as `EchoRunner` once `open` is set, holding every command until then.
struct GatedRunner: RequestRunner {
    let open = Locked(false)
    func run(line: [UInt8], credentials: PeerCredentials?) async -> [UInt8] {
        while !open.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
        return await EchoRunner().run(line: line, credentials: credentials)
    }
}

extension MQTTPublisherTests {
    @Test("a command the broker kept retained is refused, not run; a plain one after it is answered")
    func retainedCommandIsRefused() throws {
        let bench = try CommandBroker(prefix: "mqtt-retained")
        defer { bench.stop() }
        var settings = try settings(bench.broker, vehicle: "kept")
        settings.commandsEnabled = true
        // Left on the broker before the daemon connects: it would run at every connection.
        try bench.publish([#"{"cmd":"stop","id":9}"#], vehicle: "kept", retained: true)
        let publisher = try MQTTPublisher(settings: settings, runner: EchoRunner())
        defer { publisher.stop() }
        #expect(eventually { publisher.statistics.isSubscribed })
        try bench.publish([#"{"cmd":"status","id":10}"#], vehicle: "kept")
        #expect(bench.replies(2, vehicle: "kept") == [
            .error(ErrorMessage(id: .integer(9), code: .badRequest,
                                message: "a retained command is not run (it would run again at every connection): publish it without the retain flag")),
            .reply(ReplyMessage(id: .integer(10), fields: ["echo": .string(#"{"cmd":"status","id":10}"#)])),
        ])
    }

    @Test("at most 32 commands are answered at once: the 33rd to 40th get ERROR busy, the 32 their replies once answered")
    func commandsBeyondTheLimitAreRefused() throws {
        let bench = try CommandBroker(prefix: "mqtt-busy")
        defer { bench.stop() }
        var settings = try settings(bench.broker, vehicle: "busy")
        settings.commandsEnabled = true
        let runner = GatedRunner()
        let publisher = try MQTTPublisher(settings: settings, runner: runner)
        defer { publisher.stop() }
        #expect(eventually { publisher.statistics.isSubscribed })
        try bench.publish((1...40).map { #"{"cmd":"status","id":\#($0)}"# }, vehicle: "busy")
        #expect(bench.replies(8, vehicle: "busy") == (33...40).map {
            .error(ErrorMessage(id: .integer($0), code: .busy, message: "32 commands are being answered; send this one again later"))
        })
        runner.open.withLock { $0 = true }
        let answered = bench.replies(40, vehicle: "busy").dropFirst(8).compactMap { message -> Int? in
            guard case .reply(let reply)? = message, case .integer(let id)? = reply.id else { return nil }
            return Int(id)
        }
        #expect(answered.sorted() == Array(1...32))
    }
}

/// Connection changes reported by a publisher, in order.
final class Changes: @unchecked Sendable {  // `list` is only touched while `lock` is held.
    private let lock = NSLock()
    private var list: [(Bool, String)] = []
    func append(_ up: Bool, _ reason: String) { lock.withLock { list.append((up, reason)) } }
    var values: [(Bool, String)] { lock.withLock { list } }
}
