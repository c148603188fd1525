/// Splits a client's byte stream into lines at `\n` (a trailing `\r` is removed), enforcing a
/// length limit without ever buffering more than the limit.
///
/// A line longer than `limit` bytes is reported once as `.tooLong` and skipped up to its end;
/// the stream then continues normally. Reads may split lines anywhere.
public struct LineFramer: Sendable {
    /// One framed result.
    public enum Output: Sendable, Hashable {
        /// A complete line without its terminator.
        case line([UInt8])
        /// A line that exceeded the limit; `length` is its full length (excluding `\n`).
        case tooLong(length: Int)
    }

    /// The wire's line limit: 64 KiB.
    public static let defaultLimit = 65_536

    /// The limit for reading a server's lines, which are not bound by the client limit: a
    /// `route` reply with alternatives and all their instructions easily passes 64 KiB.
    public static let serverLineLimit = 16 << 20

    /// Longest accepted line in bytes, excluding the terminator.
    public let limit: Int
    private var buffer: [UInt8] = []
    private var discarding = 0  // bytes of an overlong line skipped so far; 0 = not discarding

    /// A framer accepting lines of at most `limit` bytes.
    public init(limit: Int = LineFramer.defaultLimit) { self.limit = limit }

    /// Bytes buffered for the line in progress (never more than `limit`).
    public var bufferedCount: Int { buffer.count }

    /// Feeds `bytes` and returns the lines they complete, in order.
    public mutating func push(_ bytes: some Collection<UInt8>) -> [Output] {
        var out: [Output] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: 0x0A)
            let chunk = rest[..<(newline ?? rest.endIndex)]
            if discarding > 0 {
                discarding += chunk.count
            } else if buffer.count + chunk.count > limit {
                discarding = buffer.count + chunk.count
                buffer.removeAll(keepingCapacity: false)
            } else {
                buffer.append(contentsOf: chunk)
            }
            guard let newline else { break }
            if discarding > 0 {
                out.append(.tooLong(length: discarding))
                discarding = 0
            } else {
                if buffer.last == 0x0D { buffer.removeLast() }
                out.append(.line(buffer))
                buffer.removeAll(keepingCapacity: true)
            }
            rest = rest[rest.index(after: newline)...]
        }
        return out
    }
}
