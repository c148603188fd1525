import Dispatch
import Foundation
public import JSON
public import SystemIO
import Timekeeping
public import WireProtocol

/// Serves Waygate's JSON-lines protocol on a Unix socket: HELLO on connect, subscriptions,
/// fan-out of published events, and requests answered by the server or a `CommandHandler`.
///
/// Events arrive as encoded `WireLine`s from a `WireFanout` (`deliver`). One dedicated thread
/// runs a `poll` loop over the listener and every client with non-blocking sockets, so no client
/// can stall the server or another client: each client's events go through a bounded queue
/// that drops the oldest and later says so with `DROPPED`. Handler calls run on the cooperative pool.
/// At most `Configuration.maxClients` are served at once: a connection past them gets one ERROR
/// `busy` line and is closed, with one line to `log`. Call `stop()` to close every connection
/// and remove the socket file.
public final class EventServer: WireOutlet {
    /// How the server behaves.
    public struct Configuration: Sendable {
        /// Server version announced in HELLO.
        public var version: String
        /// Channels announced in HELLO.
        public var channels: [Channel]
        /// Session mode announced in HELLO until a SESSION event says otherwise.
        public var initialSessionMode: SessionMode
        /// Most events queued per client before the oldest is dropped.
        public var maxQueuedEvents: Int
        /// Unanswered requests plus unsent replies at which the server stops reading a client.
        public var maxPendingRequests: Int
        /// Bytes of HELLO, REPLY and ERROR lines queued for a client at which the server answers
        /// none of its further requests, and reads none, until it reads its replies: a client's
        /// queued replies stay below this plus one reply.
        public var maxUnsentReplyBytes: Int
        /// Who may send state-changing commands.
        public var access: AccessPolicy
        /// The most clients served at once (at least 1); a connection past them is refused.
        public var maxClients: Int

        /// The default `maxClients`: 1,024, fewer when the open-file limit (`OpenFileLimit`)
        /// leaves less than 512 descriptors beside them, but at least 32. Each client holds one
        /// descriptor; the 512 are for the rest of the daemon, whose descriptors a crowd of
        /// socket clients must never take: up to 256 gpsd-port clients and 64 HTTP connections
        /// (libmicrohttpd busy-waits when it cannot accept while it has no connection open), serial
        /// ports, gpsd and MQTT connections, wake pipes, the map and the session bus. systemd's
        /// default limit of 1,024 gives 512 clients.
        public static var defaultMaxClients: Int { min(1_024, max(32, OpenFileLimit.current - 512)) }

        /// A configuration; the defaults are the documented ones (4,096 events, 32 requests,
        /// 4 MiB of replies, open access, `defaultMaxClients`).
        public init(version: String, channels: [Channel] = Channel.concrete, initialSessionMode: SessionMode = .freeDrive,
                    maxQueuedEvents: Int = 4_096, maxPendingRequests: Int = 32, maxUnsentReplyBytes: Int = 4 << 20,
                    access: AccessPolicy = .open, maxClients: Int = Configuration.defaultMaxClients) {
            self.version = version
            self.channels = channels
            self.initialSessionMode = initialSessionMode
            self.maxQueuedEvents = maxQueuedEvents
            self.maxPendingRequests = maxPendingRequests
            self.maxUnsentReplyBytes = maxUnsentReplyBytes
            self.access = access
            self.maxClients = max(1, maxClients)
        }
    }

    /// Counters of the server since it started.
    public struct Statistics: Sendable, Hashable {
        /// Clients connected now.
        public var clients: Int
        /// Event lines delivered to the server (those of channels some client wanted).
        public var eventsPublished: UInt64
        /// Events discarded from slow clients' queues.
        public var eventsDropped: UInt64
        /// The longest any client's event queue has been (never above `maxQueuedEvents`).
        public var deepestQueue: Int
        /// The most bytes of replies any client has had queued (below `maxUnsentReplyBytes`
        /// plus one reply).
        public var deepestReplyBytes: Int
        /// Connections refused because `maxClients` were connected.
        public var refusedClients: UInt64
    }

    struct State {
        var outboxes: [UInt64: ClientOutbox] = [:]
        var sessionMode: SessionMode
        var statistics = Statistics(clients: 0, eventsPublished: 0, eventsDropped: 0, deepestQueue: 0, deepestReplyBytes: 0, refusedClients: 0)
        var wakePending = false
        var stopping = false
        /// The union of every client's subscriptions, kept until one changes (nil: to compute).
        var channelsWanted: ChannelSet?
        /// Members added to every `status` reply (`addStatus`), in the order added.
        var statusMembers: [(key: String, value: @Sendable () -> JSONValue)] = []
        /// The reused buffer a batch of lines is joined in for one `send` per client.
        var scratch: [UInt8] = []
    }

    /// The listening socket.
    public let listener: UnixSocketListener
    /// The configuration it runs with.
    public let configuration: Configuration
    let handler: any CommandHandler
    let log: @Sendable (String) -> Void
    let state: Locked<State>
    let wakePipe: WakePipe
    let stopped = DispatchSemaphore(value: 0)

    /// Starts serving on `listener` at once, on a dedicated thread; `log` gets one line per
    /// connection refused and per run of failed accepts (the daemon writes it to standard error).
    public init(listener: UnixSocketListener, configuration: Configuration, handler: any CommandHandler,
                log: @escaping @Sendable (String) -> Void = { _ in }) throws(SystemError) {
        self.listener = listener
        self.configuration = configuration
        self.handler = handler
        self.log = log
        state = Locked(State(sessionMode: configuration.initialSessionMode))
        wakePipe = try WakePipe()
        NamedThread.start("wg-events") { [self] in runLoop() }
    }

    /// Sends `lines` to every client subscribed to their channel (a `WireOutlet`: called by
    /// the `WireFanout` that numbered and encoded them): straight to the socket of a client
    /// with nothing pending, one `send` for all of them, else into its queue for the I/O thread.
    /// Never blocks on clients.
    public func deliver(_ lines: [WireLine]) {
        let wake = state.withLock { s in
            s.statistics.eventsPublished += UInt64(lines.count)
            for line in lines { if let mode = line.sessionMode { s.sessionMode = mode } }
            var queued = false
            // Index by key, not `values.indices`: those hold a copy of the dictionary and
            // would make every queue append copy the whole queue.
            for id in Array(s.outboxes.keys) {
                guard let index = s.outboxes.index(forKey: id) else { continue }
                s.statistics.eventsDropped += UInt64(s.outboxes.values[index].writeThrough(lines, scratch: &s.scratch))
                queued = queued || s.outboxes.values[index].hasOutput
                s.statistics.deepestQueue = max(s.statistics.deepestQueue, s.outboxes.values[index].events.count)
            }
            return queued && Self.claimWake(&s)
        }
        if wake { wakePipe.wake() }
    }

    /// The channels some client is subscribed to now.
    public var channelsWanted: ChannelSet {
        state.withLock { s in
            if let wanted = s.channelsWanted { return wanted }
            let wanted = s.outboxes.values.reduce(into: ChannelSet()) { $0.formUnion($1.subscriptions) }
            s.channelsWanted = wanted
            return wanted
        }
    }

    /// The server's counters now.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Adds member `key` to every `status` reply, its value read by `value` when the request is
    /// answered: how another outlet reports its counters (`serve --mqtt` adds `mqtt`).
    public func addStatus(_ key: String, _ value: @escaping @Sendable () -> JSONValue) {
        state.withLock { $0.statusMembers.append((key, value)) }
    }

    /// Closes every connection, stops listening, removes the socket file and waits for the I/O
    /// thread to finish. Calling it again does nothing.
    public func stop() {
        let first = state.withLock { s in
            defer { s.stopping = true }
            return !s.stopping
        }
        guard first else { return }
        wakePipe.wake()
        stopped.wait()
    }

    /// Queues a HELLO/REPLY/ERROR line for client `id` (dropped if the client is gone) and wakes the loop.
    func sendControl(_ message: ServerMessage, to id: UInt64, answering: Bool) {
        guard let line = try? WireCoding.line(message) else { return }
        let wake = state.withLock { s -> Bool in
            guard let index = s.outboxes.index(forKey: id) else { return false }
            s.outboxes.values[index].queueControl(line)
            s.statistics.deepestReplyBytes = max(s.statistics.deepestReplyBytes, s.outboxes.values[index].controlBytes)
            if answering { s.outboxes.values[index].pendingRequests -= 1 }
            return Self.claimWake(&s)
        }
        if wake { wakePipe.wake() }
    }

    /// Returns once client `id` has less than `maxUnsentReplyBytes` of replies queued, or is gone:
    /// a client that does not read its replies gets no further request answered meanwhile (the
    /// I/O thread resumes the wait when it takes the replies out of the queue).
    func waitForReplyRoom(_ id: UInt64) async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let room = state.withLock { s -> Bool in
                guard let index = s.outboxes.index(forKey: id),
                      s.outboxes.values[index].controlBytes >= configuration.maxUnsentReplyBytes else { return true }
                s.outboxes.values[index].replyRoomWaiter = waiter
                return false
            }
            if room { waiter.resume() }
        }
    }

    /// Marks a wake-up as pending; true when the caller must write to the wake pipe.
    static func claimWake(_ s: inout State) -> Bool {
        if s.wakePending { return false }
        s.wakePending = true
        return true
    }
}
