/// Cuts a raw byte stream into NMEA sentences.
///
/// Survives what real serial lines deliver: reads split anywhere, CR, LF or CRLF line ends,
/// leading garbage, NUL bytes and binary noise (a non-printable byte abandons the sentence it
/// lands in), sentences longer than `maxLength` (dropped) and `#` comment lines (trace headers,
/// skipped like gpsd's comment packets). Every byte that does not end up in a frame, other than
/// line ends and comments, is counted in `discardedBytes`.
public struct NMEAFramer: Sendable {
    /// The longest sentence accepted, in bytes from `$` to the last checksum digit.
    /// NMEA allows 82 including CR LF; real receivers exceed it, so the default is 200.
    public let maxLength: Int
    /// Bytes thrown away: garbage between sentences, abandoned and overlong sentences.
    public private(set) var discardedBytes = 0
    /// Sentences dropped for exceeding `maxLength`.
    public private(set) var overlongSentences = 0

    private enum State: Sendable { case idle, lineStart, sentence, overlong, comment }
    private var state: State = .lineStart
    private var buffer: [UInt8] = []

    /// A framer accepting sentences up to `maxLength` bytes.
    public init(maxLength: Int = 200) {
        self.maxLength = maxLength
        buffer.reserveCapacity(maxLength)
    }

    /// Feeds bytes; returns the frames completed by them, in order.
    public mutating func push(_ bytes: some Collection<UInt8>) -> [NMEAFrame] {
        var frames: [NMEAFrame] = []
        push(bytes) { frames.append($0) }
        return frames
    }

    /// Feeds bytes; hands each frame they complete to `body`, in order, as soon as it is cut.
    /// The frame's bytes are the framer's own buffer: a `body` that does not keep them lets
    /// the framer reuse that buffer for the next sentence (no array per sentence).
    public mutating func push(_ bytes: some Collection<UInt8>, _ body: (NMEAFrame) -> Void) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { scan($0, body) }
        if done == nil {
            for byte in bytes { step(byte, body) }
        }
    }

    /// `step` over contiguous bytes, copying a sentence's printable run into the buffer at once.
    private mutating func scan(_ input: UnsafeBufferPointer<UInt8>, _ body: (NMEAFrame) -> Void) {
        var i = 0
        let n = input.count
        while i < n {
            if state == .sentence {
                // The bytes `step` would append one by one: printable, not `$`/`!`, within maxLength.
                let limit = min(n, i + max(0, maxLength - buffer.count))
                var j = i
                // Eight bytes at a time while none of them ends the run, then byte by byte.
                if let base = input.baseAddress {
                    while j + 8 <= limit, !Self.endsRun(UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)) {
                        j += 8
                    }
                }
                while j < limit {
                    let b = input[j]
                    if b < 0x20 || b > 0x7E || b == UInt8(ascii: "$") || b == UInt8(ascii: "!") { break }
                    j += 1
                }
                if j > i {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<j]))
                    i = j
                    continue
                }
            }
            step(input[i], body)
            i += 1
        }
    }

    /// Whether any of the eight bytes in `word` would end a sentence's printable run: below
    /// 0x20, above 0x7E, `$` or `!` (the exact test, a byte at a time, in `scan`'s loop).
    @inline(__always)
    private static func endsRun(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// Whether some byte of `x` is zero (exact for bytes below 0x80, as they are when tested).
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        if word & highs != 0 { return true }  // a byte of 0x80 or more
        // With every byte below 0x80, adding one carries into no other byte.
        if (word &+ ones) & highs != 0 { return true }  // 0x7F
        if (word &- 0x20 &* ones) & ~word & highs != 0 { return true }  // below 0x20
        return hasZero(word ^ (0x24 &* ones)) || hasZero(word ^ (0x21 &* ones))  // `$`, `!`
    }

    /// Ends the stream: an unterminated last sentence is dropped and counted.
    public mutating func finish() -> [NMEAFrame] {
        if state == .sentence { discardedBytes += buffer.count }
        buffer.removeAll(keepingCapacity: true)
        state = .lineStart
        return []
    }

    private mutating func step(_ byte: UInt8, _ body: (NMEAFrame) -> Void) {
        switch byte {
        case 0x0D, 0x0A:
            if state == .sentence, let frame = Self.frame(buffer) {
                body(frame)
            } else if state == .sentence {
                discardedBytes += buffer.count
            }
            buffer.removeAll(keepingCapacity: true)
            state = .lineStart
        case UInt8(ascii: "$"), UInt8(ascii: "!"):
            if state == .comment { return }
            if state == .sentence { discardedBytes += buffer.count }
            if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
            buffer.append(byte)
            state = .sentence
        case UInt8(ascii: "#") where state == .lineStart:
            state = .comment
        case 0x20...0x7E:
            switch state {
            case .sentence:
                if buffer.count >= maxLength {
                    discardedBytes += buffer.count + 1
                    overlongSentences += 1
                    buffer.removeAll(keepingCapacity: true)
                    state = .overlong
                } else {
                    buffer.append(byte)
                }
            case .comment: break
            case .idle, .lineStart, .overlong:
                discardedBytes += 1
                if state == .lineStart { state = .idle }
            }
        default:
            if state == .comment { return }
            if state == .sentence { discardedBytes += buffer.count }
            buffer.removeAll(keepingCapacity: true)
            discardedBytes += 1
            state = .idle
        }
    }

    /// Validates the shape of a finished line and classifies its checksum; nil if malformed.
    private static func frame(_ line: [UInt8]) -> NMEAFrame? {
        guard line.count >= 6 else { return nil }
        guard let star = line.lastIndex(of: UInt8(ascii: "*")) else {
            return NMEAFrame(bytes: line, checksum: .absent)
        }
        guard star == line.count - 3,
              let high = NMEAChecksum.hexValue(line[star + 1]),
              let low = NMEAChecksum.hexValue(line[star + 2])
        else { return nil }
        let sum = NMEAChecksum.of(line[1..<star])
        return NMEAFrame(bytes: line, checksum: sum == (high << 4 | low) ? .valid : .invalid)
    }
}
