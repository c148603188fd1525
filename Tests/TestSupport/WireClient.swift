import Foundation
import SystemIO
import JSON
import WireProtocol

/// A real client of a Waygate event socket, for end-to-end tests: connects (waiting for the
/// server to come up), sends requests and reads decoded messages with a deadline.
public final class WireClient {
    private let connection: SocketConnection
    private var framer = LineFramer(limit: LineFramer.serverLineLimit)
    private var pending: [ServerMessage] = []

    /// Connects to `path`, retrying for up to `timeout` seconds while the server starts.
    public init(path: String, timeout: Double = 30) throws {
        connection = try Self.connect(path: path, deadline: Date().addingTimeInterval(timeout))
        try connection.setReceiveTimeout(seconds: 0.5)
    }

    private static func connect(path: String, deadline: Date) throws -> SocketConnection {
        while true {
            if let connection = try? SocketConnection.connect(unixPath: path) { return connection }
            if Date() > deadline { return try SocketConnection.connect(unixPath: path) }
            usleep(50_000)
        }
    }

    deinit { connection.descriptor.close() }

    /// Sends one raw line (a newline is added).
    public func send(raw line: String) throws {
        try connection.sendAll(Array((line + "\n").utf8))
    }

    /// Sends a request.
    public func send(_ command: Command, id: Int = 1) throws {
        try connection.sendAll(try WireCoding.line(Request(id: .integer(Int64(id)), command: command)))
    }

    /// The next message, or nil when none arrives within `timeout` seconds.
    public func next(timeout: Double = 30) throws -> ServerMessage? {
        let deadline = Date().addingTimeInterval(timeout)
        while pending.isEmpty {
            if Date() > deadline { return nil }
            guard let bytes = try readOrTimeout() else { continue }
            if bytes.isEmpty { return nil }
            for case .line(let line) in framer.push(bytes) { pending.append(try ServerMessage.decode(line: line)) }
        }
        return pending.removeFirst()
    }

    /// One read; nil when the receive timeout passed without data.
    private func readOrTimeout() throws -> [UInt8]? {
        let result: Result<[UInt8], SystemError> = Result { () throws(SystemError) in try connection.read(upTo: 65_536) }
        switch result {
        case .success(let bytes): return bytes
        case .failure(let error):
            if error.code == EAGAIN || error.code == EWOULDBLOCK { return nil }
            throw error
        }
    }

    /// Reads messages until one satisfies `predicate` (returned) or `timeout` passes (nil).
    public func next(timeout: Double = 30, where predicate: (ServerMessage) -> Bool) throws -> ServerMessage? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let message = try next(timeout: deadline.timeIntervalSinceNow) else { return nil }
            if predicate(message) { return message }
        }
        return nil
    }

    /// The next event's payload matching `predicate`.
    public func nextEvent(timeout: Double = 30, where predicate: (EventPayload) -> Bool) throws -> Event? {
        let message = try next(timeout: timeout) { message in
            if case .event(let e) = message { return predicate(e.payload) }
            return false
        }
        if case .event(let e) = message { return e }
        return nil
    }
}
