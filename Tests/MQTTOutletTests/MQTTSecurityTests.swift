import Foundation
import MQTTOutlet
import Servers
import TestSupport
import Testing
import WireProtocol

@Suite("MQTT over TLS with a user name and password", .serialized,
       .enabled(if: LoopbackMosquitto.isInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
struct MQTTSecurityTests {
    @Test("mqtts:// with a CA file and credentials connects and publishes; a wrong password is refused with a clear line")
    func tlsAndPassword() throws {
        let dir = try TemporaryDirectory(prefix: "mqtt-tls")
        defer { dir.remove() }
        let (broker, certificates) = try LoopbackMosquitto.secured(dir: dir, user: "fleet", password: "s3cret")
        defer { broker.stop() }

        var settings = try MQTTSettings(url: "mqtts://fleet:s3cret@127.0.0.1:\(broker.port)", vehicleID: "secure")
        settings.tls.caFile = certificates.ca
        settings.reconnectDelay = 0.1
        settings.maximumReconnectDelay = 0.3
        let publisher = try MQTTPublisher(settings: settings)
        defer { publisher.stop() }
        publisher.deliver([WireLine(seq: 1, channel: .session, bytes: Array(#"{"class":"SESSION","seq":1}"#.utf8) + [0x0A])])
        #expect(eventually { publisher.statistics.published == 2 })  // status + SESSION, both acknowledged (QoS 1)
        #expect(publisher.statistics.isConnected)

        var wrong = settings
        wrong.password = "guess"
        wrong.vehicleID = "intruder"
        let refused = try MQTTPublisher(settings: wrong)
        defer { refused.stop() }
        #expect(eventually { refused.statistics.failedAttempts >= 2 })
        #expect(!refused.statistics.isConnected && refused.statistics.published == 0)
        #expect(refused.statistics.lastError == "mqtts://127.0.0.1:\(broker.port) refused the connection: Connection Refused: not authorised.")
    }
}
