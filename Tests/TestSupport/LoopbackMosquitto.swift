import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real Eclipse Mosquitto broker (Debian `mosquitto` 2.0) for tests, on a loopback port with
/// its own config, log and (optionally) persistence file in a test directory. Stopped by
/// `stop()`, and killed by `ChildProcess`'s deinit if a test fails first.
public final class LoopbackMosquitto: @unchecked Sendable {  // `process` is only replaced by `restart`, called from the test's one task.
    /// The broker executable.
    public static let executable = "/usr/sbin/mosquitto"
    /// Whether the broker and its command-line clients are installed here.
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: executable) && FileManager.default.isExecutableFile(atPath: "/usr/bin/mosquitto_sub")
    }

    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// The test directory holding its files.
    public let dir: TemporaryDirectory
    /// The running broker.
    public private(set) var process: ChildProcess
    private var runs = 0

    /// `mqtt://127.0.0.1:PORT`.
    public var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Starts a broker on `port` (a free one by default); with `persistent`, sessions and retained messages survive
    /// a `restart` (saved on SIGTERM); `extraConfig` lines are appended to the config.
    public init(dir: TemporaryDirectory, port: Int? = nil, persistent: Bool = false, allowAnonymous: Bool = true, extraConfig: String = "") throws {
        self.dir = dir
        self.port = port ?? LoopbackGPSD.freePort()
        var config = "listener \(self.port) 127.0.0.1\nallow_anonymous \(allowAnonymous)\nlog_type all\n"
        if persistent {
            // Started as root, mosquitto drops to user `mosquitto`, which must be able to write here.
            let store = dir.file("mosquitto-store")
            try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
            config += "persistence true\npersistence_location \(store)/\npersistence_file mosquitto.db\nautosave_interval 0\n"
        }
        config += extraConfig
        try config.write(toFile: dir.file("mosquitto.conf"), atomically: true, encoding: .utf8)
        process = try Self.launch(dir: dir, run: 0)
        guard LoopbackGPSD.waitForListener(port: self.port) else { throw MosquittoTestError("mosquitto did not listen on \(self.port): \(log)") }
    }

    private static func launch(dir: TemporaryDirectory, run: Int) throws -> ChildProcess {
        try ChildProcess(executable, ["-c", dir.file("mosquitto.conf")], stdout: dir.file("mosquitto\(run).out"), stderr: dir.file("mosquitto\(run).log"))
    }

    /// Stops the broker (SIGTERM, so a persistent one saves its state) and waits for it.
    public func stop() { process.stop() }

    /// Kills the broker at once (SIGKILL): nothing saved, every connection reset.
    public func kill() {
        process.send(SIGKILL)
        process.wait(timeout: 5)
    }

    /// Starts the broker again on the same port.
    public func restart() throws {
        runs += 1
        process = try Self.launch(dir: dir, run: runs)
        guard LoopbackGPSD.waitForListener(port: port) else { throw MosquittoTestError("mosquitto did not listen again on \(port): \(log)") }
    }

    /// The broker's log so far (every run).
    public var log: String {
        (0...runs).map { (try? String(contentsOfFile: dir.file("mosquitto\($0).log"), encoding: .utf8)) ?? "" }.joined()
    }
}

/// A real `mosquitto_sub` writing every message it receives as `TOPIC QOS RETAINED PAYLOAD` lines.
public final class MosquittoSubscriber: @unchecked Sendable {  // immutable after init; the process guards itself.
    /// One received message.
    public struct Message: Sendable, Hashable, CustomStringConvertible {
        /// The topic.
        public let topic: String
        /// The QoS it was delivered with (the lower of publish and subscribe QoS).
        public let qos: Int
        /// Whether the broker sent it as a retained message (only to subscribers joining later).
        public let retained: Bool
        /// The payload as text.
        public let payload: String

        /// A message.
        public init(topic: String, qos: Int, retained: Bool, payload: String) {
            self.topic = topic
            self.qos = qos
            self.retained = retained
            self.payload = payload
        }

        public var description: String { "\(topic) q\(qos)\(retained ? " r" : "") \(payload)" }
    }

    /// The subscriber process.
    public let process: ChildProcess
    private let output: String

    /// Subscribes to `filter` at QoS 1 on `broker`; ready once `waitUntilReady` returns true.
    /// With `clientID` and `persistentSession`, the broker keeps its QoS 1 messages while it is away.
    public init(broker: LoopbackMosquitto, filter: String = "waygate/#", name: String, clientID: String? = nil, persistentSession: Bool = false) throws {
        output = broker.dir.file("\(name).out")
        var arguments = ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1", "-t", filter, "-t", "probe/\(name)", "-F", "%t %q %r %p"]
        if let clientID { arguments += ["-i", clientID] }
        if persistentSession { arguments += ["-c"] }
        process = try ChildProcess("/usr/bin/mosquitto_sub", arguments, stdout: output, stderr: broker.dir.file("\(name).err"))
        self.probeTopic = "probe/\(name)"
        self.port = broker.port
    }

    private let probeTopic: String
    private let port: Int

    /// Publishes probes (with `mosquitto_pub`) until one comes back: the subscription is active.
    public func waitUntilReady(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let pub = try? ChildProcess("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", String(port), "-t", probeTopic, "-m", "probe"]) {
                pub.wait(timeout: 5)
            }
            if messages.contains(where: { $0.topic == probeTopic }) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Everything received so far, probes excluded, in arrival order.
    public var messages: [Message] {
        guard let text = try? String(contentsOfFile: output, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line -> Message? in
            let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let qos = Int(parts[1]) else { return nil }
            return Message(topic: String(parts[0]), qos: qos, retained: parts[2] == "1", payload: String(parts[3]))
        }
    }

    /// The messages received (probes excluded), waiting up to `timeout` s until `done` holds.
    public func wait(timeout: Double = 10, until done: ([Message]) -> Bool) -> [Message] {
        let deadline = Date().addingTimeInterval(timeout)
        var received = messages.filter { $0.topic != probeTopic }
        while !done(received) && Date() < deadline {
            usleep(20_000)
            received = messages.filter { $0.topic != probeTopic }
        }
        return received
    }

    /// Stops the subscriber.
    public func stop() { process.stop() }
}

/// A test set-up failure with its reason.
public struct MosquittoTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension Array where Element == MosquittoSubscriber.Message {
    /// How many messages came on each `waygate/<vehicle>/<channel>` topic: channel counts by vehicle.
    public var countsPerVehicle: [String: [String: Int]] {
        var counts: [String: [String: Int]] = [:]
        for message in self {
            let levels = message.topic.split(separator: "/")
            guard levels.count == 3, levels[0] == "waygate" else { continue }
            counts[String(levels[1]), default: [:]][String(levels[2]), default: 0] += 1
        }
        return counts
    }
}
