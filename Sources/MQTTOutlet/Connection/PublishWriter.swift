import CMosquitto
import Foundation

/// QoS 0 PUBLISH packets (MQTT 3.1.1, the protocol libmosquitto speaks by default) that the
/// network thread writes to the broker's socket itself: a batch leaves in one `send` where
/// `mosquitto_publish` makes one `send` and one wake-up `write` per message (docs/fleet.md,
/// "Fifth pass"). The bytes are exactly those libmosquitto would write. Packets not yet written
/// stay here, in order; nothing else may be written to the socket until they are.
struct PublishWriter {
    private var bytes: [UInt8] = []
    /// Bytes of `bytes` already sent.
    private var sent = 0
    /// Where each packet ends in `bytes`, in order; `ends[firstUnsent...]` are not fully sent.
    private var ends: [Int] = []
    private var firstUnsent = 0

    /// Packets held and not fully sent.
    var pendingPackets: Int { ends.count - firstUnsent }
    var isEmpty: Bool { ends.count == firstUnsent }

    /// Appends the packet of `topic` and `payload`; false (nothing appended) for what
    /// `mosquitto_publish` refuses: an empty topic, one with a wildcard, not UTF-8 or control characters,
    /// longer than 65,535 bytes, or a packet past MQTT's 268,435,455-byte remaining length.
    mutating func append(topic: String, payload: [UInt8], retain: Bool) -> Bool {
        var topic = topic
        return topic.withUTF8 { name in
            guard let address = name.baseAddress, (1...65_535).contains(name.count) else { return false }
            let base = UnsafeRawPointer(address).assumingMemoryBound(to: CChar.self)
            guard mosquitto_pub_topic_check2(base, name.count) == MOSQ_ERR_SUCCESS.rawValue,
                  mosquitto_validate_utf8(base, Int32(name.count)) == MOSQ_ERR_SUCCESS.rawValue else { return false }
            var remaining = 2 + name.count + payload.count
            guard remaining <= 268_435_455 else { return false }
            bytes.append(0x30 | (retain ? 1 : 0))  // PUBLISH, DUP 0, QoS 0
            repeat {  // the remaining length, 7 bits a byte, low first
                let digit = UInt8(remaining & 0x7F)
                remaining >>= 7
                bytes.append(remaining > 0 ? digit | 0x80 : digit)
            } while remaining > 0
            bytes.append(UInt8(name.count >> 8))
            bytes.append(UInt8(name.count & 0xFF))
            bytes.append(contentsOf: name)
            bytes.append(contentsOf: payload)
            ends.append(bytes.count)
            return true
        }
    }

    /// Sends what the (non-blocking) `socket` takes now. Returns the packets this call
    /// completed, and the `errno` of a failed `send` (nil when it sent all or would block).
    mutating func send(to socket: Int32) -> (completed: Int, error: Int32?) {
        var error: Int32?
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.send(socket, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
                continue
            }
            let code = errno
            if count < 0 && code == EINTR { continue }
            if count < 0 && code != EAGAIN && code != EWOULDBLOCK { error = code }
            break
        }
        let before = firstUnsent
        while firstUnsent < ends.count && ends[firstUnsent] <= sent { firstUnsent += 1 }
        let completed = firstUnsent - before
        if sent == bytes.count { clear() }
        return (completed, error)
    }

    /// Forgets every packet (the connection is gone); returns how many were not fully sent.
    mutating func discard() -> Int {
        let pending = pendingPackets
        clear()
        return pending
    }

    private mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        sent = 0
        firstUnsent = 0
    }
}
