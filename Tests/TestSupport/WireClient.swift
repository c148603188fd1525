import JSON
public import Servers
public import WireProtocol

/// The end-to-end tests' client of a Waygate event socket: `Servers.EventClient`, Waygate's one
/// event-socket client, under the name the tests know.
public typealias WireClient = EventClient

/// The tests' habits on top of `EventClient`: connecting waits for the server to come up, and
/// every read has a deadline (nil when nothing arrives in time).
extension EventClient {
    /// Connects to `path`, retrying for up to `timeout` seconds while the server starts.
    public convenience init(path: String, timeout: Double = 30) throws {
        try self.init(path: path, waitingUpTo: timeout)
    }

    /// Sends one raw line (a newline is added).
    public func send(raw line: String) throws {
        try send(line: line)
    }

    /// Sends a request.
    public func send(_ command: Command, id: Int = 1) throws {
        try send(Request(id: .integer(Int64(id)), command: command))
    }

    /// The next message, or nil when none arrives within `timeout` seconds.
    public func next(timeout: Double = 30) throws -> ServerMessage? {
        try nextMessage(timeout: timeout)
    }

    /// Reads messages until one satisfies `predicate` (returned) or `timeout` passes (nil).
    public func next(timeout: Double = 30, where predicate: (ServerMessage) -> Bool) throws -> ServerMessage? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        while case let left = deadline - ContinuousClock.now, left > .zero {
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
            guard let message = try nextMessage(timeout: seconds) else { return nil }
            if predicate(message) { return message }
        }
        return nil
    }

    /// The next event whose payload satisfies `predicate`, or nil when none arrives within `timeout` seconds.
    public func nextEvent(timeout: Double = 30, where predicate: (EventPayload) -> Bool) throws -> Event? {
        let message = try next(timeout: timeout) { message in
            if case .event(let e) = message { return predicate(e.payload) }
            return false
        }
        if case .event(let e) = message { return e }
        return nil
    }
}
