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

    @Test("waygate fleet --vehicles 5 publishes five vehicles' streams; a dry run without --mqtt says so")
    func fleet() throws {
        let dir = try TemporaryDirectory(prefix: "fleet")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }
        let subscriber = try MosquittoSubscriber(broker: broker, filter: "waygate/+/location", name: "fleet")
        defer { subscriber.stop() }
        #expect(subscriber.waitUntilReady())
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let run = try WaygateRunner.run(["fleet", "--map", map, "--vehicles", "5", "--duration", "30", "--seed", "3", "--mqtt", broker.url])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("5 vehicles"))
        let seen = subscriber.wait(timeout: 30) { Set($0.map(\.topic)).count >= 5 }
        #expect(Set(seen.map(\.topic)).count == 5)
        let dry = try WaygateRunner.run(["fleet", "--map", map, "--vehicles", "2", "--duration", "10"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("dry run"))
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
