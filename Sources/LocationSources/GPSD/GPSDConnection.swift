import CGPS
import Positioning

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
        /// Any other message (VERSION, DEVICES, WATCH, DEVICE …).
        case other
    }

    private let data: UnsafeMutablePointer<gps_data_t>
    private var isOpen = false
    private var message = [CChar](repeating: 0, count: 16_384)

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

    /// Waits up to `timeoutMicroseconds` for one message and decodes it.
    func next(timeoutMicroseconds: Int32) -> Report {
        guard gps_waiting(data, timeoutMicroseconds) else { return .timeout }
        let count = message.withUnsafeMutableBufferPointer { gps_read(data, $0.baseAddress, Int32($0.count)) }
        if count < 0 { return .closed }
        let head = message.prefix(24).prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("{\"class\":\"TPV\"") { return .fix(Fix(libgps: data.pointee)) }
        if text.hasPrefix("{\"class\":\"SKY\"") { return .sky(SkyView(libgps: data.pointee)) }
        return .other
    }
}
