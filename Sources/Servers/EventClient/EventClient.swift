#if canImport(Glibc)
import Glibc
#endif
import Foundation
public import SystemIO
public import WireProtocol

/// A client of the event socket, for `waygate watch` and end-to-end tests: sends requests and
/// reads server messages on its own thread (blocking reads stay off the cooperative pool).
public final class EventClient: Sendable {
    private struct State {
        var reading = false
        var closed = false
    }

    /// The connected socket.
    public let connection: SocketConnection
    private let state = Locked(State())

    /// Connects to the event socket at `path`.
    public init(path: String) throws(SystemError) {
        connection = try SocketConnection.connect(unixPath: path)
    }

    /// Sends one request line.
    public func send(_ request: Request) throws {
        try connection.sendAll(WireCoding.line(request))
    }

    /// The server's messages in order, starting with HELLO; the stream ends when the server
    /// closes the connection or `close()` is called, and fails on an undecodable line.
    /// Call it once per client.
    public func messages() -> AsyncThrowingStream<ServerMessage, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ServerMessage.self)
        let start = state.withLock { s -> Bool in
            defer { s.reading = true }
            return !s.reading && !s.closed
        }
        guard start else {
            continuation.finish()
            return stream
        }
        let thread = Thread { [self] in
            var framer = LineFramer(limit: 1 << 24)
            readLoop: while true {
                guard let bytes = try? connection.read(upTo: 65_536), !bytes.isEmpty else { break }
                for case .line(let line) in framer.push(bytes) {
                    do {
                        continuation.yield(try ServerMessage.decode(line: line))
                    } catch {
                        continuation.finish(throwing: error)
                        break readLoop
                    }
                }
            }
            continuation.finish()
            state.withLock { s in
                s.closed = true
                connection.close()
            }
        }
        thread.name = "waygate-event-client"
        thread.start()
        return stream
    }

    /// Ends the connection (a running `messages()` stream finishes).
    public func close() {
        state.withLock { s in
            guard !s.closed else { return }
            s.closed = true
            if s.reading {
                _ = shutdown(connection.descriptor.rawValue, Int32(SHUT_RDWR))  // the reader thread then closes it
            } else {
                connection.close()
            }
        }
    }

    deinit { close() }
}
