import Servers

/// One wire line framed as a Server-Sent Event: `id: <seq>\ndata: <the JSON line>\n\n`.
struct EventFrame: Sendable {
    /// The line's `seq`.
    let seq: UInt64
    /// Whether the line reports a state change and must never be dropped.
    let isState: Bool
    /// The framed bytes.
    let bytes: [UInt8]

    /// Frames `line` (its trailing newline becomes the blank line ending the event).
    init(_ line: WireLine) {
        seq = line.seq
        isState = line.isState
        var json = line.bytes[...]
        while let last = json.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { json = json.dropLast() }
        var bytes = Array("id: \(line.seq)\ndata: ".utf8)
        bytes.reserveCapacity(bytes.count + json.count + 2)
        bytes.append(contentsOf: json)
        bytes.append(contentsOf: [0x0A, 0x0A])
        self.bytes = bytes
    }

    /// The notice sent before the next events when `count` stream lines were dropped:
    /// `event: dropped\ndata: {"class":"DROPPED","count":N}\n\n` (the socket's DROPPED line).
    static func droppedNotice(_ count: Int) -> [UInt8] {
        Array("event: dropped\ndata: {\"class\":\"DROPPED\",\"count\":\(count)}\n\n".utf8)
    }

    /// A comment line keeping the connection alive (and finding out when the browser has gone).
    static let keepAlive = Array(": keep-alive\n\n".utf8)

    /// The first bytes of every stream: the browser's reconnect delay.
    static let preamble = Array("retry: 2000\n: waygate events\n\n".utf8)
}
