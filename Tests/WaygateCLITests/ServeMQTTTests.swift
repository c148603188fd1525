import Foundation
import TestSupport
import Testing

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
}
