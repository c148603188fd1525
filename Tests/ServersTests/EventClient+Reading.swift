import Foundation
import Servers
import WireProtocol

/// The server tests' reads: each bounded by `readTimeout` (a safety net, not an assertion) and
/// run on a thread of their own (`offPool`), so a test waiting for the server never blocks the
/// cooperative pool the server's tasks need.
extension EventClient {
    /// How long one read waits before the test gives up on it.
    static let readTimeout: Double = 20

    /// The next `count` messages.
    func received(_ count: Int) async throws -> [ServerMessage] {
        try await offPool { try (0..<count).map { _ in try self.nextMessageOrThrow() } }
    }

    /// The next `count` lines, undecoded (for high-volume tests).
    func receivedLines(_ count: Int) async throws -> [[UInt8]] {
        try await offPool { try (0..<count).map { _ in try self.nextLineOrThrow() } }
    }

    /// The next message.
    func received() async throws -> ServerMessage { try await received(1)[0] }

    /// Reads until `done` has seen enough; returns every message read.
    func read(until done: @escaping @Sendable ([ServerMessage]) -> Bool) async throws -> [ServerMessage] {
        try await offPool {
            var messages: [ServerMessage] = []
            while !done(messages) { messages.append(try self.nextMessageOrThrow()) }
            return messages
        }
    }

    /// Whether the server closed the connection (the next read sees end of file, no line).
    func readsEOF() async throws -> Bool {
        try await offPool { try self.nextLine(timeout: Self.readTimeout) == nil && self.hasEnded }
    }

    private func nextMessageOrThrow() throws -> ServerMessage {
        try ServerMessage.decode(line: nextLineOrThrow())
    }

    private func nextLineOrThrow() throws -> [UInt8] {
        guard let line = try nextLine(timeout: Self.readTimeout) else { throw TestClientError.closed }
        return line
    }
}

/// The server closed the connection, or sent nothing within `EventClient.readTimeout`.
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
