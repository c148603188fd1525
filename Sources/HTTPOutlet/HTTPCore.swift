import SystemIO
import CMicroHTTPD
import Foundation
import Servers
import WireProtocol

/// What the server shares with libmicrohttpd's threads: the routes, the open event streams, the
/// request deadlines and the callbacks. libmicrohttpd holds one retained reference (its `cls`)
/// from `start` to `release`.
final class HTTPCore: @unchecked Sendable {  // immutable except `streams`, which is `Locked`
    let roads: RoadLayer?
    let runner: any RequestRunner
    let leaflet: StaticFiles
    let activeRoute: (@Sendable () async -> [UInt8]?)?
    let limits: HTTPServer.Limits
    let browserGuard: BrowserGuard
    let deadlines: RequestDeadlines
    private let streams = Locked<(next: Int, open: [Int: EventStream], refusing: Bool)>((0, [:], false))

    init(
        roads: RoadLayer?, runner: any RequestRunner, leaflet: StaticFiles, activeRoute: (@Sendable () async -> [UInt8]?)?,
        limits: HTTPServer.Limits, loopbackOnly: Bool
    ) {
        browserGuard = BrowserGuard(loopbackOnly: loopbackOnly)
        deadlines = RequestDeadlines(timeout: limits.requestTimeout, maxWaiting: limits.maxWaitingConnections)
        self.roads = roads
        self.runner = runner
        self.leaflet = leaflet
        self.activeRoute = activeRoute
        self.limits = limits
    }

    // MARK: - Life

    /// Starts libmicrohttpd on the listening socket `fd` (it takes the descriptor over), and the
    /// deadlines' sweeper with it.
    func start(listening fd: Int32, limits: HTTPServer.Limits) -> OpaquePointer? {
        let flags =
            MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
            | MHD_USE_ITC.rawValue
        let cls = Unmanaged.passRetained(self).toOpaque()
        let daemon = waygate_mhd_start(
            flags, fd, UInt32(max(1, limits.maxConnections)), UInt32(max(0, limits.idleTimeout)),
            { cls, connection, url, method, version, upload, uploadSize, context in
                guard let cls, let connection, let url, let method, let version, let uploadSize, let context else { return .NO }
                return Unmanaged<HTTPCore>.fromOpaque(cls).takeUnretainedValue().handle(
                    connection, path: String(cString: url), method: String(cString: method), version: version, upload: upload,
                    uploadSize: uploadSize, context: context)
            },
            { cls, connection, context, termination in
                if let cls, let connection, termination == .REQUEST_TERMINATED_COMPLETED_OK {
                    Unmanaged<HTTPCore>.fromOpaque(cls).takeUnretainedValue().deadlines.answered(connection)
                }
                guard let context, let request = context.pointee else { return }
                Unmanaged<PendingRequest>.fromOpaque(request).release()
                context.pointee = nil
            },
            { cls, connection, _, notification in
                guard let cls, let connection else { return }
                let deadlines = Unmanaged<HTTPCore>.fromOpaque(cls).takeUnretainedValue().deadlines
                switch notification {
                case .CONNECTION_NOTIFY_STARTED: deadlines.connected(connection)
                case .CONNECTION_NOTIFY_CLOSED: deadlines.closed(connection)
                }
            },
            { _, uri, _ in
                // The URI as sent, before decoding: libmicrohttpd cuts the path at a %00 or a NUL
                // byte, which would make `/leaflet/leaflet.js%00.png` serve leaflet.js.
                let request = PendingRequest()
                if let uri {
                    let raw = String(cString: uri)
                    request.nulInURI = raw.contains("%00")
                    request.uriEnd = UnsafeRawPointer(uri) + raw.utf8.count
                }
                return Unmanaged.passRetained(request).toOpaque()
            }, cls)
        if daemon == nil {
            Unmanaged<HTTPCore>.fromOpaque(cls).release()
        } else {
            deadlines.start()
        }
        return daemon
    }

    /// Stops the deadlines' sweeper and drops libmicrohttpd's reference, once the daemon has stopped.
    func release() {
        deadlines.stop()
        Unmanaged.passUnretained(self).release()
    }

    // MARK: - Event streams

    func deliver(_ lines: [WireLine]) {
        let open = streams.withLock { Array($0.open.values) }
        guard !open.isEmpty, !lines.isEmpty else { return }
        let frames = lines.map { ($0.channel, EventFrame($0)) }
        for stream in open { stream.offer(frames) }
    }

    var streamCounts: [(queued: Int, dropped: Int)] {
        streams.withLock { $0.open.sorted { $0.key < $1.key }.map(\.value) }.map(\.counts)
    }

    /// Ends every open stream; later `/events` requests get 204, which tells EventSource not to reconnect.
    func closeStreams() {
        let open = streams.withLock { state in
            state.refusing = true
            return Array(state.open.values)
        }
        for stream in open { stream.close() }
    }

    /// Whether `/events` requests are answered 204 (after `closeStreams`).
    var isRefusingStreams: Bool { streams.withLock { $0.refusing } }

    private func register(_ stream: EventStream) -> Int {
        streams.withLock { state in
            state.next += 1
            state.open[state.next] = stream
            return state.next
        }
    }

    fileprivate func unregister(_ id: Int) { _ = streams.withLock { $0.open.removeValue(forKey: id) } }

    // MARK: - Requests

    /// libmicrohttpd's access handler, for a request the URI log callback allocated: called first
    /// with the headers, then with each chunk of body, then once more with nothing left to upload
    /// (the request is complete, which ends its deadline; we answer).
    private func handle(
        _ connection: OpaquePointer, path: String, method: String, version: UnsafePointer<CChar>, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = context.pointee else { return .NO }
        let request = Unmanaged<PendingRequest>.fromOpaque(raw).takeUnretainedValue()
        if !request.headersRead {
            request.headersRead = true
            // libmicrohttpd parses the request line in place: the URI ends at the NUL it writes
            // over the space before the version. One that ends sooner was cut by a NUL byte.
            if let end = request.uriEnd, UnsafeRawPointer(version) != end + 1 { request.nulInURI = true }
            if let length = Self.value(connection, .HEADER_KIND, "Content-Length").flatMap({ Int($0) }),
                length > limits.maxBodyBytes
            {
                request.bodyTooLarge = true
            }
            return .YES
        }
        if uploadSize.pointee > 0 {
            if !request.bodyTooLarge, let upload, request.body.count + uploadSize.pointee <= limits.maxBodyBytes {
                upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                    request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                }
            } else {
                request.bodyTooLarge = true
                request.body = []
            }
            uploadSize.pointee = 0
            return .YES
        }
        deadlines.received(connection)
        let header = { (name: String) in Self.value(connection, .HEADER_KIND, name) }
        let outcome: RouteOutcome
        if request.nulInURI {
            outcome = .response(.error(400, code: "bad_request", "the request URI contains a NUL byte (raw or as %00)"), allow: nil)
        } else if let refusal = browserGuard.refusal(
            method: method, path: path, host: header("Host"), origin: header("Origin"), contentType: header("Content-Type"))
        {
            outcome = .response(refusal, allow: nil)
        } else {
            outcome = route(method: method, path: path, query: { Self.value(connection, .GET_ARGUMENT_KIND, $0) }, request: request)
        }
        switch outcome {
        case .response(let response, let allow):
            let acceptsGzip = Self.value(connection, .HEADER_KIND, "Accept-Encoding")?.contains("gzip") ?? false
            return Self.queue(response, allow: allow, gzip: acceptsGzip, on: connection)
        case .events(let channels): return queueEvents(channels, on: connection)
        }
    }

    /// A header or query argument of the request.
    private static func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ key: String) -> String? {
        MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
    }

    /// Queues a whole response, gzip-compressed when the client accepts it and the body is over 1 KiB.
    private static func queue(_ response: HTTPResponse, allow: String?, gzip: Bool, on connection: OpaquePointer) -> MHD_Result {
        var body = response.body
        var compressed = false
        if gzip, body.count > 1024, !response.contentType.hasPrefix("image/"), let packed = Gzip.compress(body) {
            body = packed
            compressed = true
        }
        let handle = body.withUnsafeMutableBytes { raw in
            MHD_create_response_from_buffer(raw.count, raw.baseAddress, .RESPMEM_MUST_COPY)
        }
        guard let handle else { return .NO }
        defer { MHD_destroy_response(handle) }
        MHD_add_response_header(handle, "Content-Type", response.contentType)
        MHD_add_response_header(handle, "Cache-Control", response.cacheable ? "max-age=3600" : "no-store")
        if let allow { MHD_add_response_header(handle, "Allow", allow) }
        if compressed { MHD_add_response_header(handle, "Content-Encoding", "gzip") }
        MHD_add_response_header(handle, "Vary", "Accept-Encoding")
        return MHD_queue_response(connection, UInt32(response.status), handle)
    }

    private func queueEvents(_ channels: ChannelSet, on connection: OpaquePointer) -> MHD_Result {
        let stream = EventStream(
            channels: channels, capacity: limits.maxQueuedLines, keepAliveInterval: limits.keepAliveInterval)
        let registration = StreamRegistration(core: self, stream: stream, id: register(stream))
        let cls = Unmanaged.passRetained(registration).toOpaque()
        let handle = MHD_create_response_from_callback(
            UInt64.max, 32 * 1024,
            { cls, _, buffer, max in
                guard let cls, let buffer else { return -2 }
                return Unmanaged<StreamRegistration>.fromOpaque(cls).takeUnretainedValue().stream.read(
                    into: UnsafeMutableRawPointer(buffer), max: max)
            },
            cls,
            { cls in
                guard let cls else { return }
                let registration = Unmanaged<StreamRegistration>.fromOpaque(cls).takeRetainedValue()
                registration.core.unregister(registration.id)
            })
        guard let handle else {
            Unmanaged<StreamRegistration>.fromOpaque(cls).release()
            unregister(registration.id)
            return .NO
        }
        defer { MHD_destroy_response(handle) }
        MHD_add_response_header(handle, "Content-Type", "text/event-stream")
        MHD_add_response_header(handle, "Cache-Control", "no-store")
        return MHD_queue_response(connection, 200, handle)
    }
}

/// A request being read, from its request line on.
final class PendingRequest: @unchecked Sendable {  // touched only by its connection's thread
    /// Whether its URI holds a NUL byte, raw or as `%00`: refused (400).
    var nulInURI = false
    /// Where the URI libmicrohttpd read from the request line ends (its terminating NUL).
    var uriEnd: UnsafeRawPointer?
    /// Whether the access handler has seen its headers (its first call).
    var headersRead = false
    var body: [UInt8] = []
    var bodyTooLarge = false
}

/// What the content reader of one `/events` response holds.
private final class StreamRegistration: Sendable {
    let core: HTTPCore
    let stream: EventStream
    let id: Int

    init(core: HTTPCore, stream: EventStream, id: Int) {
        self.core = core
        self.stream = stream
        self.id = id
    }
}
