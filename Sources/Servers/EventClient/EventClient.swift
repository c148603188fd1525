#if canImport(Glibc)
import Glibc
#endif
import Foundation
public import SystemIO
public import WireProtocol

/// Waygate's one client of the event socket: `waygate watch` reads a server through it, and the
/// end-to-end tests drive servers with it (TestSupport's `WireClient` is this type).
///
/// Reads are blocking and bounded by an optional timeout (`nextLine`, `nextMessage`), or run on
/// a thread of their own (`messages()`), so blocking reads stay off the cooperative pool.
public final class EventClient: Sendable {
    private struct State {
        var reading = false
        var closed = false
        var ended = false
    }

    /// The lines read and not yet handed out. Held across a blocking read: one reader at a time.
    private struct Inbox {
        var framer = LineFramer(limit: LineFramer.serverLineLimit)
        var lines: [[UInt8]] = []
        var nextLine = 0
    }

    /// The connected socket.
    public let connection: SocketConnection
    private let state = Locked(State())
    private let inbox = Locked(Inbox())

    /// Connects to the event socket at `path`, retrying every 50 ms for up to `seconds` while
    /// the server starts (0: one attempt); throws the last attempt's error.
    public init(path: String, waitingUpTo seconds: Double) throws(SystemError) {
        let deadline = Self.deadline(after: seconds)
        while true {
            do {
                connection = try SocketConnection.connect(unixPath: path)
                return
            } catch {
                if ContinuousClock.now >= deadline { throw error }
                usleep(50_000)
            }
        }
    }

    /// Sends one request line.
    public func send(_ request: Request) throws {
        try connection.sendAll(WireCoding.line(request))
    }

    /// Sends one raw line; a newline is added.
    public func send(line: String) throws(SystemError) {
        try connection.sendAll(Array((line + "\n").utf8))
    }

    /// Whether the server has closed the connection (a read saw end of file).
    public var hasEnded: Bool { state.withLock { $0.ended } }

    /// Whether a line has been read and not yet handed out: the next `nextLine` returns it
    /// without reading (waits while another thread's read is in progress).
    public var hasBufferedLine: Bool { inbox.withLock { $0.nextLine < $0.lines.count } }

    /// The next line from the server without its newline, waiting up to `timeout` seconds (nil:
    /// as long as it takes). Nil when none came in time or the server closed the connection
    /// (`hasEnded` tells which). Lines over `LineFramer.serverLineLimit` are skipped.
    public func nextLine(timeout: Double? = nil) throws(SystemError) -> [UInt8]? {
        let deadline = timeout.map(Self.deadline(after:))
        let result = inbox.withLock { inbox in Result { () throws(SystemError) in try fill(&inbox, until: deadline) } }
        return try result.get()
    }

    /// The instant `seconds` from now (negative counts as 0, more than a year as a year).
    private static func deadline(after seconds: Double) -> ContinuousClock.Instant {
        ContinuousClock.now + .milliseconds(Int64(min(max(0, seconds), 31_536_000) * 1000))
    }

    /// Reads into `inbox` until it holds a line (returned) or `deadline` passes or the stream ends (nil).
    private func fill(_ inbox: inout Inbox, until deadline: ContinuousClock.Instant?) throws(SystemError) -> [UInt8]? {
        while inbox.nextLine == inbox.lines.count {
            inbox.lines.removeAll(keepingCapacity: true)
            inbox.nextLine = 0
            if hasEnded { return nil }
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return nil }
                let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
                if try connection.descriptor.poll(events: Int16(POLLIN), timeoutMilliseconds: milliseconds) == 0 { continue }
            }
            let bytes = try connection.read(upTo: 65_536)
            if bytes.isEmpty {
                state.withLock { $0.ended = true }
                return nil
            }
            for case .line(let line) in inbox.framer.push(bytes) { inbox.lines.append(line) }
        }
        defer { inbox.nextLine += 1 }
        return inbox.lines[inbox.nextLine]
    }

    /// The next server message, waiting up to `timeout` seconds (nil: as long as it takes); nil
    /// as for `nextLine`. Throws on a line that is not a server message.
    public func nextMessage(timeout: Double? = nil) throws -> ServerMessage? {
        try nextLine(timeout: timeout).map { try ServerMessage.decode(line: $0) }
    }

    /// The server's messages in order, read on a thread of their own; the stream ends when the
    /// server closes the connection or `close()` is called, and fails on an undecodable line.
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
        NamedThread.start("wg-client") { [self] in
            do {
                while let message = try nextMessage() { continuation.yield(message) }
                continuation.finish()
            } catch is SystemError {
                continuation.finish()  // a failed read ends the stream like end of file
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return stream
    }

    /// Ends the connection in both directions: a running `messages()` stream finishes and reads
    /// see end of file. The descriptor itself is closed when the client goes away.
    public func close() {
        let first = state.withLock { s in
            defer { s.closed = true }
            return !s.closed
        }
        if first { _ = shutdown(connection.descriptor.rawValue, Int32(SHUT_RDWR)) }
    }

    deinit { connection.close() }
}
