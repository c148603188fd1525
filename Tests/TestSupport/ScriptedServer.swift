import Foundation
import SystemIO

/// A stand-in for `waygate serve` on a Unix socket of its own, for seeing what a client
/// (`waygate watch`) makes of exactly the lines a test chooses. To the first client that connects
/// it sends `greeting` (HELLO, as the daemon does on connect), waits for the client's first
/// request (the subscribe), sends `script` and closes the connection, so a client expecting more
/// sees the server go. It serves on a thread of its own until then, `close()`, or `timeout`.
public final class ScriptedServer: Sendable {
    private let listener: UnixSocketListener
    private let stopped = Locked(false)
    private let finished = DispatchSemaphore(value: 0)

    /// The socket's path.
    public var path: String { listener.path }

    /// Listens at `path` and serves one client; `greeting` and `script` are whole wire lines,
    /// newline included (as `WireCoding.line` writes them).
    public init(path: String, greeting: [[UInt8]] = [], script: [[UInt8]], timeout: Double = 60) throws {
        listener = try UnixSocketListener(path: path)
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        NamedThread.start("scripted-serve") { [listener, stopped, finished] in
            defer { finished.signal() }
            let open = { !stopped.withLock { $0 } && ContinuousClock.now < deadline }
            var accepted: SocketConnection?
            while accepted == nil, open() {
                accepted = try? listener.accept()
                if accepted == nil { usleep(20_000) }
            }
            guard let connection = accepted else { return }
            defer { connection.close() }
            for line in greeting { try? connection.sendAll(line) }
            while open(), (try? connection.descriptor.poll(events: Int16(POLLIN), timeoutMilliseconds: 20)) == 0 {}
            _ = try? connection.read(upTo: 65_536)  // the request
            for line in script { try? connection.sendAll(line) }
        }
    }

    /// Stops serving (cutting off a client still waiting), waits for the thread and removes the socket.
    public func close() {
        stopped.withLock { $0 = true }
        finished.wait()
        listener.close()
    }
}
