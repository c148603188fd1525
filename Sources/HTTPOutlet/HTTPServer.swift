import CMicroHTTPD
import Foundation
public import RoadGraph
public import Servers
import SystemIO
import WireProtocol

/// The live map's HTTP server (libmicrohttpd, one thread per connection): the page, Leaflet from
/// the system path, the road graph as GeoJSON per view, the event bus as Server-Sent Events and
/// the socket's requests as `POST /command`. See docs/live-map.md for the endpoints and limits.
///
/// As a `WireOutlet` it takes every line the bus publishes; `deliver` only appends to the
/// bounded queue of each `/events` connection and never waits for a browser.
public final class HTTPServer: WireOutlet, @unchecked Sendable {  // `daemon` is guarded by its own lock; the rest is immutable.
    /// Limits on what one browser can make the server hold.
    public struct Limits: Sendable, Hashable {
        /// Stream lines queued per `/events` connection before the oldest are dropped (as `--max-queue`).
        public var maxQueuedLines: Int
        /// The largest `POST /command` body, in bytes; larger ones get 413.
        public var maxBodyBytes: Int
        /// Connections served at once (each has its own thread); a connection over it is refused.
        public var maxConnections: Int
        /// How long a command may take before the answer is 504, in seconds.
        public var commandTimeout: Double
        /// Seconds between keep-alive comments on an idle event stream.
        public var keepAliveInterval: Double
        /// Seconds a connection may go without any byte moving before it is closed (an event
        /// stream whose browser stopped reading); 0 never.
        public var idleTimeout: Int
        /// Seconds a connection has to deliver a whole request (headers and body) from when it
        /// connected or its previous response completed (keep-alive); past it the connection is
        /// closed, however slowly bytes still arrive. Answers and event streams are not limited.
        public var requestTimeout: Double

        /// The most connections waiting for their request at once: half of `maxConnections`, at
        /// least 1. When one more starts waiting, the one that has waited longest is closed, so
        /// slow clients never hold every slot.
        public var maxWaitingConnections: Int { max(1, maxConnections / 2) }

        /// Limits, by default 4,096 lines, 64 KiB bodies, 64 connections, 120 s commands, 15 s keep-alives, 60 s idle,
        /// 10 s to send a request.
        public init(
            maxQueuedLines: Int = 4096, maxBodyBytes: Int = 65_536, maxConnections: Int = 64, commandTimeout: Double = 120,
            keepAliveInterval: Double = 15, idleTimeout: Int = 60, requestTimeout: Double = 10
        ) {
            self.idleTimeout = idleTimeout
            self.requestTimeout = requestTimeout
            self.maxQueuedLines = maxQueuedLines
            self.maxBodyBytes = maxBodyBytes
            self.maxConnections = maxConnections
            self.commandTimeout = commandTimeout
            self.keepAliveInterval = keepAliveInterval
        }
    }

    /// The numeric host listened on.
    public let host: String
    /// The port listened on (the kernel's choice when 0 was asked for).
    public let port: UInt16
    private let core: HTTPCore
    private let daemon: Locked<OpaquePointer?>

    /// Starts serving on `host:port` (port 0 picks a free one).
    /// - Parameters:
    ///   - host: a numeric IPv4/IPv6 address or `localhost`; only loopback unless `allowNonLoopback`.
    ///   - roads: the loaded map for `/roads`, nil when the daemon runs without one (then `/roads` is 404).
    ///   - runner: answers `POST /command` as the socket would; HTTP clients have no peer credentials.
    ///   - leafletDirectory: where `leaflet.js`, `leaflet.css` and `images/` are (Debian's libjs-leaflet).
    ///   - activeRoute: the Route JSON object of the active guidance, for `GET /route`; nil when none.
    ///   - limits: queue, body, connection and time limits.
    public init(
        host: String, port: UInt16, allowNonLoopback: Bool = false, roads: RoadGraph?, runner: any RequestRunner,
        leafletDirectory: String = "/usr/share/javascript/leaflet",
        activeRoute: (@Sendable () async -> [UInt8]?)? = nil, limits: Limits = Limits()
    ) throws(HTTPOutletError) {
        let address = try ListenAddress(host: host, allowNonLoopback: allowNonLoopback)
        guard FileManager.default.fileExists(atPath: leafletDirectory + "/leaflet.js") else {
            throw .leafletMissing(directory: leafletDirectory)
        }
        let listener: TCPListener
        do {
            listener = try TCPListener(host: address.host, port: port)
        } catch {
            throw .cannotListen(address: address.description(port: port), reason: error.message)
        }
        let core = HTTPCore(
            roads: roads.map(RoadLayer.init), runner: runner, leaflet: StaticFiles(directory: leafletDirectory),
            activeRoute: activeRoute, limits: limits, loopbackOnly: ListenAddress.isLoopback(address.host))
        guard let daemon = core.start(listening: listener.descriptor.rawValue, limits: limits) else {
            listener.close()
            throw .daemonFailed(address: address.description(port: listener.port))
        }
        self.host = address.host
        self.port = listener.port
        self.core = core
        self.daemon = Locked(daemon)
    }

    /// `http://host:port/`, the page's address.
    public var url: String {
        "http://\(ListenAddress.isIPv6(host) ? "[\(host)]" : host):\(port)/"
    }

    /// Queues `lines` on every open `/events` connection subscribed to their channel; never blocks.
    public func deliver(_ lines: [WireLine]) { core.deliver(lines) }

    /// The `/events` connections open now.
    public var eventStreamCount: Int { core.streamCounts.count }

    /// Per open `/events` connection: lines queued and stream lines dropped so far.
    public var eventStreamCounts: [(queued: Int, dropped: Int)] { core.streamCounts }

    /// Ends every open `/events` stream and answers later ones with 204 No Content, which tells
    /// browsers not to reconnect; the rest of the server keeps serving. `stop()` does it first.
    public func closeEventStreams() { core.closeStreams() }

    /// Closes every event stream and stops the server (waits for its threads); idempotent.
    public func stop() {
        guard let daemon = daemon.withLock({ d -> OpaquePointer? in
            defer { d = nil }
            return d
        }) else { return }
        core.closeStreams()
        MHD_stop_daemon(daemon)
        core.release()
    }

    deinit { stop() }
}
