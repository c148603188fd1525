import CGPS
import Positioning
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// One libgps connection to a gpsd, WATCHing in JSON: owned by the source's reader thread and
/// never shared (`gps_data_t` holds a raw pointer and is not Sendable, TOOLCHAIN.md §7).
final class GPSDConnection {
    /// What one wait for gpsd produced.
    enum Report {
        /// Nothing arrived in time.
        case timeout
        /// gpsd closed the connection or the read failed (gpsd killed: `gps_read` = -1).
        case closed
        /// A TPV, copied into a `Fix` (absent fields are NaN in libgps and nil here).
        case fix(Fix)
        /// A SKY, copied into a `SkyView`.
        case sky(SkyView)
        /// A GST, copied into a `NoiseReport`.
        case noise(NoiseReport)
        /// Any other message (VERSION, DEVICES, WATCH, DEVICE …).
        case other
    }

    private let data: UnsafeMutablePointer<gps_data_t>
    private var isOpen = false
    /// Bytes read from gpsd and not yet unpacked: whole lines, then at most the start of one.
    private var pending: [UInt8] = []
    /// One read's worth, reused.
    private var chunk = [UInt8](repeating: 0, count: 16_384)
    /// A line longer than this is not gpsd JSON (its longest reports are a few KiB): it is skipped.
    private static let lineLimit = 65_536

    /// Connects to gpsd at `host`:`port` and starts a JSON WATCH.
    init(host: String, port: String) throws(LocationSourcesError) {
        guard let allocated = waygate_gps_alloc() else {
            throw .gpsdUnreachable(host: host, port: port, reason: "out of memory")
        }
        // From here on deinit runs even if init throws (TOOLCHAIN.md §7): it frees `data`,
        // so nothing below may free it too.
        data = allocated
        if gps_open(host, port, data) != 0 {
            // libgps leaves its (negative) netlib error code in gps_fd.
            throw .gpsdUnreachable(host: host, port: port, reason: String(cString: gps_errstr(data.pointee.gps_fd)))
        }
        isOpen = true
        if gps_stream(data, UInt32(WATCH_ENABLE | WATCH_JSON), nil) != 0 {
            throw .gpsdWatchFailed(host: host, port: port)
        }
    }

    deinit {
        if isOpen { _ = gps_close(data) }
        waygate_gps_free(data)
    }

    /// Waits up to `timeoutMicroseconds` for one message and decodes it with libgps's own parser
    /// (`gps_unpack`, what `gps_read` calls). The socket is polled and read here rather than by
    /// `gps_waiting`/`gps_read`: `gps_waiting` uses `select`, which aborts the process (glibc's
    /// FD_SETSIZE check) once the descriptor is past 1,023, as it is in a daemon serving a
    /// thousand clients.
    func next(timeoutMicroseconds: Int32) -> Report {
        if let report = unpackLine() { return report }
        let descriptor = FileDescriptor(rawValue: data.pointee.gps_fd)
        do {
            guard try descriptor.poll(events: Int16(POLLIN), timeoutMilliseconds: max(1, timeoutMicroseconds / 1_000)) != 0 else { return .timeout }
            let count = try descriptor.read(into: &chunk)
            if count == 0 { return .closed }
            pending += chunk[..<count]
        } catch where error.code == EAGAIN {
            return .timeout
        } catch {
            return .closed
        }
        return unpackLine() ?? .timeout
    }

    /// The next message already read (a line the last read completed), without waiting or
    /// reading; nil when no whole line is left.
    func buffered() -> Report? { unpackLine() }

    /// Takes the first whole line of `pending` and decodes it; nil when no line is whole yet.
    private func unpackLine() -> Report? {
        guard let newline = pending.firstIndex(of: 0x0A) else {
            if pending.count > Self.lineLimit { pending.removeAll() }
            return nil
        }
        var line = pending[..<newline].map { CChar(bitPattern: $0) }
        pending.removeSubrange(...newline)
        guard line.count <= Self.lineLimit else { return .other }
        line.append(0)
        let head = String(decoding: line.prefix(24).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let status = line.withUnsafeMutableBufferPointer { gps_unpack($0.baseAddress, data) }
        guard status == 0 else { return .other }
        if head.hasPrefix("{\"class\":\"TPV\"") { return .fix(Fix(libgps: data.pointee)) }
        if head.hasPrefix("{\"class\":\"SKY\"") { return .sky(SkyView(libgps: data.pointee)) }
        if head.hasPrefix("{\"class\":\"GST\"") { return .noise(NoiseReport(libgps: data.pointee)) }
        return .other
    }
}
