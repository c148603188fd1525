import JSON
import Foundation
import TestSupport
import Testing
import WireProtocol

/// MQTT through the real daemon, a real mosquitto and a real `mosquitto_sub`; and `waygate fleet`.
@Suite("waygate serve --mqtt and waygate fleet against a real mosquitto", .serialized)
struct ServeMQTTTests {
    @Test("a guided simulated drive arrives as waygate/<vehicle>/<channel> topics; retained LOCATION; commands refused without --mqtt-commands; last will when killed")
    func guidedDrive() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", ServeGuidedDriveTests.from, "--to", ServeGuidedDriveTests.to, "--format", "osrm"])
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let subscriber = try MosquittoSubscriber(broker: broker, name: "all")
        defer { subscriber.stop() }
        #expect(subscriber.waitUntilReady())
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--guide", dir.file("route.json"), "--speed-multiplier", "10",
             "--socket", dir.file("s.sock"), "--mqtt", broker.url, "--vehicle", "car7"],
            stderr: dir.file("serve.log"))
        let seen = subscriber.wait(timeout: 60) { messages in
            messages.filter { $0.topic == "waygate/car7/location" }.count >= 20 && messages.contains { $0.topic == "waygate/car7/progress" }
        }
        let topics = Set(seen.map(\.topic))
        #expect(topics.isSuperset(of: ["waygate/car7/status", "waygate/car7/location", "waygate/car7/progress", "waygate/car7/session"]))
        let locations = seen.filter { $0.topic == "waygate/car7/location" }
        #expect(locations.allSatisfy { $0.qos == 0 && $0.payload.contains(#""class":"LOCATION""#) })
        #expect(seen.first { $0.topic == "waygate/car7/status" }?.payload == #"{"online":true}"#)

        // A late subscriber gets the retained last LOCATION at once.
        let late = try MosquittoSubscriber(broker: broker, filter: "waygate/car7/location", name: "late")
        defer { late.stop() }
        let retained = late.wait(timeout: 10) { !$0.isEmpty }
        #expect(retained.first?.retained == true)

        // Commands are refused without --mqtt-commands.
        let replies = try MosquittoSubscriber(broker: broker, filter: "waygate/car7/reply", name: "reply")
        defer { replies.stop() }
        #expect(replies.waitUntilReady())
        let publish = try ChildProcess("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "waygate/car7/command", "-q", "1",
                                                                 "-m", #"{"cmd":"stop","id":5}"#])
        _ = publish.wait(timeout: 10)
        let answer = replies.wait(timeout: 10) { !$0.isEmpty }
        #expect(answer.first?.payload.contains(#""code":"forbidden""#) == true)

        // The socket's status reports the broker connection and its counters, balanced.
        let client = try WireClient(path: dir.file("s.sock"))
        try client.send(.status, id: 9)
        let status = try client.next(timeout: 30) { if case .reply = $0 { true } else { false } }
        guard case .reply(let reply) = status, let mqtt = reply.fields["mqtt"]?.objectValue else {
            Issue.record("no mqtt member in the status REPLY: \(String(describing: status))")
            return
        }
        #expect(mqtt["broker"] == .string(broker.url))
        #expect(mqtt["vehicle"] == .string("car7"))
        #expect(mqtt["connected"] == .bool(true) && mqtt["subscribed"] == .bool(true))
        let counts = ["offered", "published", "dropped_stream", "dropped_state", "queued", "in_flight"].map { mqtt[$0]?.intValue ?? -1 }
        #expect(counts.allSatisfy { $0 >= 0 })
        #expect(counts[1] >= 20)  // at least the LOCATIONs the subscriber saw
        #expect(counts[0] == counts[1] + counts[2] + counts[3] + counts[4] + counts[5])
        #expect(mqtt["dropped_state"] == .integer(0) && mqtt["reconnects"] == .integer(0))

        // Killed without a goodbye: the broker publishes the last will.
        server.send(SIGKILL)
        _ = server.wait(timeout: 10)
        let will = subscriber.wait(timeout: 60) { messages in messages.contains { $0.topic == "waygate/car7/status" && $0.payload == #"{"online":false}"# } }
        #expect(will.contains { $0.topic == "waygate/car7/status" && $0.payload == #"{"online":false}"# })
    }

    @Test("broker killed (SIGKILL) mid-drive: the overflowing outbox gives a DEVICE event from mqtt:HOST:PORT and a drop count in status; after the restart the daemon reconnects and the state published meanwhile reaches a persistent subscriber")
    func brokerKilledMidDrive() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-kill")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir, persistent: true)
        defer { broker.stop() }
        // A persistent subscriber session, saved to the broker's store by a clean stop before the
        // drive: a SIGKILL saves nothing, but the restarted broker keeps this session and queues
        // the QoS 1 messages for it.
        let clientID = "waygate-kill-\(getpid())"
        let primer = try MosquittoSubscriber(broker: broker, filter: "waygate/car9/device", name: "primer", clientID: clientID, persistentSession: true)
        #expect(primer.waitUntilReady())
        primer.stop()
        broker.stop()
        try broker.restart()

        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", ServeGuidedDriveTests.from, "--to", ServeGuidedDriveTests.to, "--format", "osrm"])
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--speed-multiplier", "4", "--socket", dir.file("s.sock"),
             "--mqtt", broker.url, "--vehicle", "car9", "--mqtt-outbox", "5"],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"))
        try client.send(.subscribe([.device]))
        let source = "mqtt:127.0.0.1:\(broker.port)"
        func device(_ match: @escaping (DeviceMessage) -> Bool) throws -> DeviceMessage? {
            guard case .device(let d)? = try client.nextEvent(timeout: 30, where: { if case .device(let d) = $0 { d.source == source && match(d) } else { false } })?.payload
            else { return nil }
            return d
        }
        func mqttStatus(id: Int) throws -> [String: JSONValue]? {
            try client.send(.status, id: id)
            guard case .reply(let reply)? = try client.next(timeout: 30, where: { if case .reply = $0 { true } else { false } }) else { return nil }
            return reply.fields["mqtt"]?.objectValue
        }
        // Connected (the DEVICE event of the first connect may precede the subscription).
        var connected = false
        for id in 100..<400 where !connected {
            connected = try mqttStatus(id: id)?["connected"] == .bool(true)
            if !connected { usleep(100_000) }
        }
        #expect(connected)

        broker.kill()
        let lost = try device { $0.state == .lost }
        #expect(lost?.driver?.hasPrefix("mqtt: lost the connection to \(broker.url)") == true, "\(String(describing: lost))")
        // Four or so lines a simulated second at 4× overflow five stream messages within a second or two.
        let dropped = try device { $0.driver?.contains(" dropped (") == true }
        #expect(dropped?.state == .reconnecting)
        #expect(dropped?.driver?.hasSuffix("so far) while not connected to \(broker.url)") == true, "\(String(describing: dropped))")
        let down = try #require(try mqttStatus(id: 2))
        #expect(down["connected"] == .bool(false))
        #expect((down["dropped_stream"]?.intValue ?? 0) > 0, "\(down)")
        #expect(down["dropped_state"] == .integer(0))

        try broker.restart()
        let back = try device { $0.state == .connected }
        #expect(back?.driver == "mqtt: reconnected to \(broker.url)")
        // The DEVICE events of the outage were state (QoS 1), kept in the outbox while the broker
        // was away and delivered after the reconnect to the session the broker had kept.
        let subscriber = try MosquittoSubscriber(broker: broker, filter: "waygate/car9/device", name: "after", clientID: clientID, persistentSession: true)
        defer { subscriber.stop() }
        let received = subscriber.wait(timeout: 30) { messages in
            messages.contains { $0.payload.contains("lost the connection") } && messages.contains { $0.payload.contains(" dropped (") }
        }
        #expect(received.contains { $0.qos == 1 && $0.payload.contains(#""driver":"mqtt: lost the connection to \#(broker.url)"#) }, "\(received) \(broker.log)")
        #expect(received.contains { $0.qos == 1 && $0.payload.contains(" dropped (") && $0.payload.contains(#""state":"reconnecting""#) }, "\(received)")
        let after = try #require(try mqttStatus(id: 3))
        #expect(after["connected"] == .bool(true) && after["reconnects"] == .integer(1))
        #expect(after["dropped_state"] == .integer(0))
    }

    @Test("waygate fleet --vehicles 50 delivers 50 vehicles' streams: per vehicle a LOCATION per simulated second and its two statuses, every published message received; a dry run without --mqtt says so")
    func fleet() throws {
        let dir = try TemporaryDirectory(prefix: "fleet")
        defer { dir.remove() }
        // No per-subscriber queue limits: the subscriber must see every QoS 0 message of the burst.
        let broker = try LoopbackMosquitto(dir: dir, extraConfig: "max_queued_messages 0\nmax_inflight_messages 0\n")
        defer { broker.stop() }
        let subscriber = try MosquittoSubscriber(broker: broker, name: "fleet")
        defer { subscriber.stop() }
        #expect(subscriber.waitUntilReady())
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        // Unpaced (no --speed-multiplier): 20 simulated seconds as fast as the cores go.
        let run = try WaygateRunner.run(["fleet", "--map", map, "--vehicles", "50", "--duration", "20", "--seed", "3", "--mqtt", broker.url])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("50 vehicles"))
        // "50 vehicles, T trips, N lines, M published, 0 dropped": M = N + 100 statuses (online and offline).
        let words = run.stdout.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
        let number = { (name: Substring) in words.firstIndex(of: name).flatMap { Int(words[words.index(before: $0)]) } }
        let lines = try #require(number("lines"), "\(run.stdout)")
        #expect(number("published") == lines + 100, "\(run.stdout)")
        #expect(run.stdout.hasSuffix(" 0 dropped\n"))

        let received = subscriber.wait(timeout: 30) { $0.count >= lines + 100 }
        #expect(received.count == lines + 100)
        let counts = received.countsPerVehicle
        #expect(counts.count == 50)
        #expect(Set(counts.keys) == Set((0..<50).map { "sim-" + String(repeating: "0", count: 5 - String($0).count) + String($0) }))
        for (vehicle, topics) in counts {
            #expect(topics["location"] == 20, "\(vehicle): \(topics)")
            #expect(topics["status"] == 2, "\(vehicle): \(topics)")
        }
        #expect(received.filter { $0.topic == "waygate/sim-00049/status" }.map(\.payload) == [#"{"online":true}"#, #"{"online":false}"#])

        let dry = try WaygateRunner.run(["fleet", "--map", map, "--vehicles", "2", "--duration", "10"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("dry run"))
    }

    @Test("waygate fleet over mqtts:// with --mqtt-ca and credentials: a broker with a test certificate made by openssl accepts every message",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
    func fleetOverTLS() throws {
        let dir = try TemporaryDirectory(prefix: "fleet-tls")
        defer { dir.remove() }
        let (broker, certificates) = try LoopbackMosquitto.secured(dir: dir, user: "fleet", password: "s3cret")
        defer { broker.stop() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let url = "mqtts://127.0.0.1:\(broker.port)"
        let run = try WaygateRunner.run(["fleet", "--map", map, "--vehicles", "3", "--duration", "10", "--seed", "5", "--mqtt", url,
                                         "--mqtt-ca", certificates.ca, "--mqtt-user", "fleet", "--mqtt-password", "s3cret"])
        #expect(run.status == 0, "\(run.stderr)")
        let words = run.stdout.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
        let number = { (name: Substring) in words.firstIndex(of: name).flatMap { Int(words[words.index(before: $0)]) } }
        let lines = try #require(number("lines"), "\(run.stdout)")
        #expect(lines >= 30, "\(run.stdout)")  // a LOCATION per vehicle-second at least
        #expect(number("published") == lines + 6, "\(run.stdout)")
        #expect(run.stdout.hasSuffix(" 0 dropped\n"))
    }

    @Test("waygate fleet passes --mqtt-user and --mqtt-password through to a broker that requires them; broker options without --mqtt are refused")
    func fleetCredentials() throws {
        let dir = try TemporaryDirectory(prefix: "fleet-auth")
        defer { dir.remove() }
        let passwords = dir.file("passwords")
        let passwd = try ChildProcess("/usr/bin/mosquitto_passwd", ["-b", "-c", passwords, "fleet", "s3cret"])
        #expect(passwd.wait(timeout: 10) == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passwords)
        let broker = try LoopbackMosquitto(dir: dir, allowAnonymous: false, extraConfig: "password_file \(passwords)\n")
        defer { broker.stop() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let run = try WaygateRunner.run(["fleet", "--map", map, "--vehicles", "3", "--duration", "10", "--seed", "5",
                                         "--mqtt", broker.url, "--mqtt-user", "fleet", "--mqtt-password", "s3cret"])
        #expect(run.status == 0, "\(run.stderr)")
        // "3 vehicles, 3 trips, N lines, M published, 0 dropped": every line and the 6 statuses (online, offline) accepted.
        let words = run.stdout.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
        let lines = words.firstIndex(of: "lines").flatMap { Int(words[words.index(before: $0)]) }
        let published = words.firstIndex(of: "published").flatMap { Int(words[words.index(before: $0)]) }
        #expect(lines.map { $0 >= 30 } == true, "\(run.stdout)")  // a LOCATION per vehicle-second at least
        #expect(published != nil && published == lines.map { $0 + 6 }, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("0 dropped\n"))

        let orphan = try WaygateRunner.run(["fleet", "--map", map, "--vehicles", "1", "--mqtt-user", "fleet"])
        #expect(orphan.status != 0)
        #expect(orphan.stderr.contains("--mqtt-user needs --mqtt URL"), "\(orphan.stderr)")
    }
}
