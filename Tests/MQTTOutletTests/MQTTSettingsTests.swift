import Testing
import WireProtocol
@testable import MQTTOutlet

@Suite("MQTT settings")
struct MQTTSettingsTests {
    @Test("broker URLs: scheme, credentials, IPv6, default ports")
    func readsURLs() throws {
        let plain = try MQTTBrokerAddress(url: "mqtt://broker.local")
        #expect(plain == MQTTBrokerAddress(host: "broker.local", port: 1883))
        let tls = try MQTTBrokerAddress(url: "mqtts://fleet:s3cr:et@10.0.0.7:9001/")
        #expect(tls == MQTTBrokerAddress(host: "10.0.0.7", port: 9001, usesTLS: true, username: "fleet", password: "s3cr:et"))
        #expect(tls.description == "mqtts://10.0.0.7:9001")
        let v6 = try MQTTBrokerAddress(url: "mqtt://[::1]:1884")
        #expect(v6.host == "::1" && v6.port == 1884 && v6.description == "mqtt://[::1]:1884")
        #expect(try MQTTBrokerAddress(url: "mqtts://h").port == 8883)
    }

    @Test("bad broker URLs get one line naming the URL and the problem",
          arguments: [
            ("http://h:1883", "MQTT broker URL \"http://h:1883\": the scheme must be mqtt:// or mqtts://"),
            ("mqtt://:1883", "MQTT broker URL \"mqtt://:1883\": the host is empty"),
            ("mqtt://h:0", "MQTT broker URL \"mqtt://h:0\": the port \"0\" is not a number from 1 to 65535"),
            ("mqtt://h:x", "MQTT broker URL \"mqtt://h:x\": the port \"x\" is not a number from 1 to 65535"),
            ("mqtt://h/topic", "MQTT broker URL \"mqtt://h/topic\": a broker URL has no path, query or fragment (topics are waygate/<vehicle>/…)"),
            ("mqtt://[::1:1883", "MQTT broker URL \"mqtt://[::1:1883\": the IPv6 address has no closing \"]\""),
          ])
    func rejectsBadURLs(url: String, message: String) {
        #expect(throws: MQTTError.self) { try MQTTBrokerAddress(url: url) }
        do {
            _ = try MQTTBrokerAddress(url: url)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("vehicle ids must be one topic level; the default is the machine id")
    func vehicleIDs() throws {
        #expect(throws: MQTTError.badVehicleID("a/b", reason: "it contains \"/\", which MQTT topics reserve")) { try VehicleIdentity.validate("a/b") }
        #expect(throws: MQTTError.badVehicleID("", reason: "it is empty")) { try MQTTSettings(url: "mqtt://h", vehicleID: "") }
        #expect(throws: MQTTError.badVehicleID("van#1", reason: "it contains \"#\", which MQTT topics reserve")) { try VehicleIdentity.validate("van#1") }
        let id = VehicleIdentity.default()
        #expect(!id.isEmpty && id.count <= 64)
        let settings = try MQTTSettings(url: "mqtt://h", vehicleID: "van-7")
        #expect(settings.topic("location") == "waygate/van-7/location")
        #expect(!settings.channels.contains(.nmea) && settings.channels.contains(.location) && settings.channels.count == Channel.concrete.count - 1)
    }

    @Test("options are checked: TLS pairs and files, keepalive, back-off, drop report interval")
    func validatesOptions() throws {
        var settings = try MQTTSettings(url: "mqtts://h", vehicleID: "v")
        settings.tls.certFile = "/nonexistent/cert.pem"
        #expect(throws: MQTTError.badTLS("a client certificate needs its key and a key its certificate (give both)")) { try settings.validate() }
        settings.tls.keyFile = "/nonexistent/key.pem"
        #expect(throws: MQTTError.badTLS("certificate /nonexistent/cert.pem cannot be read")) { try settings.validate() }
        settings = try MQTTSettings(url: "mqtt://h", vehicleID: "v")
        settings.keepalive = 2
        #expect(throws: MQTTError.badOption(name: "keepalive", reason: "2 s is outside 5…65535 s")) { try settings.validate() }
        settings.keepalive = 30
        settings.maximumReconnectDelay = 0.1
        #expect(throws: MQTTError.self) { try settings.validate() }
        settings.maximumReconnectDelay = 30
        settings.dropReportInterval = -1
        #expect(throws: MQTTError.badOption(name: "drop report interval", reason: "-1.0 s must be 0 or more seconds")) { try settings.validate() }
    }
}
