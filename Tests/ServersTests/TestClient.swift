import Foundation
import Synchronization
import SystemIO
import WireProtocol

/// A blocking socket client for the server tests. Reads run on their own thread (`offPool`), so
/// a test waiting for the server never blocks the cooperative pool the server's tasks need.
final class TestClient: Sendable {
    let socket: SocketConnection
    private let pending = Mutex<(framer: LineFramer, lines: [[UInt8]])>((LineFramer(limit: 1 << 20), []))

    /// Connects to `path`; reads give up after `timeout` seconds (a safety net, not an assertion).
    init(path: String, timeout: Double = 20) throws {
        socket = try SocketConnection.connect(unixPath: path)
        try socket.setReceiveTimeout(seconds: timeout)
    }

    deinit { socket.close() }

    /// Sends one raw line (a `\n` is added).
    func send(_ text: String) throws { try socket.sendAll(Array((text + "\n").utf8)) }

    /// Sends a request.
    func send(_ request: Request) throws { try socket.sendAll(WireCoding.line(request)) }

    /// The next `count` messages, read off the cooperative pool.
    func next(_ count: Int) async throws -> [ServerMessage] {
        try await offPool { try (0..<count).map { _ in try self.nextBlocking() } }
    }

    /// The next `count` lines, undecoded (for high-volume tests).
    func nextLines(_ count: Int) async throws -> [[UInt8]] {
        try await offPool { try (0..<count).map { _ in try self.nextLineBlocking() } }
    }

    /// The next message.
    func next() async throws -> ServerMessage { try await next(1)[0] }

    /// Reads until `predicate` has seen enough; returns every message read.
    func read(until done: @escaping @Sendable ([ServerMessage]) -> Bool) async throws -> [ServerMessage] {
        try await offPool {
            var messages: [ServerMessage] = []
            while !done(messages) { messages.append(try self.nextBlocking()) }
            return messages
        }
    }

    /// Whether the server closed the connection (reads end of file).
    func readsEOF() async throws -> Bool {
        try await offPool { try self.socket.read(upTo: 1).isEmpty }
    }

    private func nextBlocking() throws -> ServerMessage {
        try ServerMessage.decode(line: nextLineBlocking())
    }

    private func nextLineBlocking() throws -> [UInt8] {
        while true {
            if let line = pending.withLock({ $0.lines.isEmpty ? nil : $0.lines.removeFirst() }) { return line }
            let bytes = try socket.read(upTo: 65_536)
            guard !bytes.isEmpty else { throw TestClientError.closed }
            pending.withLock { p in
                for case .line(let line) in p.framer.push(bytes) { p.lines.append(line) }
            }
        }
    }
}

enum TestClientError: Error { case closed }

/// Runs blocking `body` on a new thread and returns its result.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// The `seq` of an event line, read without decoding the whole line; nil if it has none.
func seq(of line: [UInt8]) -> UInt64? {
    let key: [UInt8] = Array(#""seq":"#.utf8)
    return line.withUnsafeBufferPointer { bytes -> UInt64? in
        var i = 0
        while i + key.count <= bytes.count {
            var match = true
            for k in 0..<key.count where bytes[i + k] != key[k] {
                match = false
                break
            }
            if match {
                var value: UInt64 = 0
                var j = i + key.count
                while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 {
                    value = value * 10 + UInt64(bytes[j] - 48)
                    j += 1
                }
                return value
            }
            i += 1
        }
        return nil
    }
}
