/// Cuts a raw byte stream into NMEA sentences.
///
/// Survives what real serial lines deliver: reads split anywhere, CR, LF or CRLF line ends,
/// leading garbage, NUL bytes and binary noise (a non-printable byte abandons the sentence it
/// lands in), sentences longer than `maxLength` (dropped) and `#` comment lines (trace headers,
/// skipped like gpsd's comment packets: a comment ends at LF; a CR or other non-printable byte
/// before it abandons the comment, and gpsd's lexer then reads the rest of the line again, so
/// a sentence quoted in a CRLF comment line is decoded) and `@` text lines (gpsd's lexer reads a
/// line starting with `@` between packets as Garmin simple text; one shorter than 57 bytes with
/// its line end is a bad packet that stays in gpsd's buffer, so a sentence starting right after
/// its LF fails its checksum and is lost: Waygate drops that sentence too). As gpsd's lexer, it
/// drops sentences whose talker gpsd does not know (`gpsdLeadLength`) and resumes a sentence
/// interrupted by another after it (`stash`). Every byte that does not end up in a frame, other
/// than line ends and comments, is counted in `discardedBytes`.
public struct NMEAFramer: Sendable {
    /// The longest sentence accepted, in bytes from `$` through its line end, CR and LF counted
    /// as gpsd's packet lexer counts them. NMEA allows 82; gpsd 3.22 takes up to 102 (100
    /// characters before CR LF, 101 before a lone LF: measured with gpsfake), drops longer ones
    /// (SkyTraq's `PSTI,030` with an RTK age and ratio, MTK's `PMTKCHN`), and so does Waygate.
    public let maxLength: Int
    /// Bytes thrown away: garbage between sentences, abandoned and overlong sentences.
    public private(set) var discardedBytes = 0
    /// Sentences dropped for exceeding `maxLength`.
    public private(set) var overlongSentences = 0

    private enum State: Sendable { case idle, lineStart, sentence, overlong, comment, textLine }
    private var state: State = .lineStart
    private var buffer: [UInt8] = []
    /// A sentence interrupted by a `$` once its talker was read, kept aside as gpsd's lexer keeps
    /// it (its packet stash, one deep): it is taken up again, and completed by what follows, after
    /// the next sentence that is taken (not one with a wrong checksum).
    private var stash: [UInt8] = []
    /// A sentence was taken at a CR with `stash` waiting: it is taken up again after the LF.
    private var resumePending = false
    /// Bytes of the `@` text line being read, line end included.
    private var textLineLength = 0
    /// A short `@` text line has just ended: a sentence starting at the next byte is lost.
    private var textLineLeftover = false
    /// The sentence being read started right after a short `@` text line and will be dropped.
    private var sentenceLost = false

    /// gpsd's lexer takes an `@` line of this many bytes or more (line end included) as a Garmin
    /// simple text packet; a shorter one is a bad packet left in its buffer.
    static let garminTextMinimum = 57
    /// gpsd's packet buffer: an `@` line without a line end is given up after this many bytes.
    static let gpsdPacketBuffer = 9216

    /// gpsd's limit, `maxLength`'s default.
    public static let gpsdMaxLength = 102

    /// A framer accepting sentences up to `maxLength` bytes, line end included.
    public init(maxLength: Int = NMEAFramer.gpsdMaxLength) {
        self.maxLength = maxLength
        buffer.reserveCapacity(max(0, maxLength))
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
                // The bytes `step` would append one by one: printable, not `$`/`!`, within the
                // room a line end leaves.
                let limit = min(n, i + max(0, maxLength - 1 - buffer.count))
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
        discardedBytes += stash.count
        stash.removeAll()
        resumePending = false
        buffer.removeAll(keepingCapacity: true)
        state = .lineStart
        textLineLeftover = false
        sentenceLost = false
        return []
    }

    private mutating func step(_ byte: UInt8, _ body: (NMEAFrame) -> Void) {
        if resumePending {
            resumePending = false
            resumeStash()
            if byte == 0x0A { return }
        }
        if textLineLeftover {
            // Only a sentence starting at once is lost: any other byte first empties gpsd's buffer.
            textLineLeftover = false
            if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "!") { sentenceLost = true }
        }
        if state == .textLine {
            readTextLine(byte)
            return
        }
        if state == .comment {
            if byte == 0x0A {
                buffer.removeAll(keepingCapacity: true)
                state = .lineStart
                return
            }
            if byte >= 0x20 && byte <= 0x7E {
                buffer.append(byte)
                return
            }
            rescanAbandonedComment(body)
        }
        switch byte {
        case 0x0D, 0x0A:
            // A CR is followed by an LF: the line end takes two bytes of the limit, a lone LF one.
            if state == .sentence, buffer.count + (byte == 0x0D ? 2 : 1) > maxLength {
                discardedBytes += buffer.count
                overlongSentences += 1
            } else if state == .sentence, !sentenceLost, let frame = Self.frame(buffer) {
                body(frame)
                resumePending = !stash.isEmpty && frame.checksum != .invalid
            } else if state == .sentence {
                discardedBytes += buffer.count
            }
            buffer.removeAll(keepingCapacity: true)
            sentenceLost = false
            state = .lineStart
            if resumePending && byte == 0x0A {
                resumePending = false
                resumeStash()
            }
        case UInt8(ascii: "$"), UInt8(ascii: "!"):
            if state == .sentence, byte == UInt8(ascii: "$"), buffer[0] == UInt8(ascii: "$"), Self.gpsdLeadLength(buffer) != nil {
                discardedBytes += stash.count
                swap(&stash, &buffer)
                sentenceLost = false
            } else if state == .sentence {
                discardedBytes += buffer.count
                sentenceLost = false
            }
            if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
            buffer.append(byte)
            state = .sentence
        case UInt8(ascii: "#") where state == .lineStart:
            state = .comment
        case UInt8(ascii: "@") where state == .lineStart || state == .idle:
            discardedBytes += 1
            textLineLength = 1
            state = .textLine
        case 0x20...0x7E:
            switch state {
            case .sentence:
                if buffer.count >= maxLength - 1 {
                    discardedBytes += buffer.count + 1
                    overlongSentences += 1
                    buffer.removeAll(keepingCapacity: true)
                    state = .overlong
                } else {
                    buffer.append(byte)
                }
            case .idle, .lineStart, .overlong, .comment, .textLine:
                discardedBytes += 1
                if state == .lineStart { state = .idle }
            }
        default:
            if state == .sentence { discardedBytes += buffer.count }
            buffer.removeAll(keepingCapacity: true)
            sentenceLost = false
            discardedBytes += 1
            state = .idle
        }
    }

    /// A byte of an `@` text line: printable bytes (`$` too) and CR stay in it up to its LF; `*`
    /// makes it a True North packet and a non-printable byte ends it, neither leaving anything
    /// behind in gpsd.
    private mutating func readTextLine(_ byte: UInt8) {
        textLineLength += 1
        switch byte {
        case 0x0A:
            textLineLeftover = textLineLength < Self.garminTextMinimum
            state = .lineStart
        case 0x0D:
            break
        case UInt8(ascii: "*"):
            discardedBytes += 1
            state = .idle
        case 0x20...0x7E where textLineLength < Self.gpsdPacketBuffer:
            discardedBytes += 1
        default:
            discardedBytes += 1
            state = .idle
        }
    }

    /// Takes the stashed, interrupted sentence up again (as reading its bytes again would: they
    /// were taken under the same limits): what follows it in the input completes it.
    private mutating func resumeStash() {
        swap(&buffer, &stash)
        stash.removeAll(keepingCapacity: true)
        state = .sentence
    }

    /// gpsd's lexer gives up a comment at a non-printable byte before its LF and reads what
    /// followed the `#` again: the comment's text up to its first `$` or `!` is dropped (as a
    /// comment), the rest is framed as any input.
    private mutating func rescanAbandonedComment(_ body: (NMEAFrame) -> Void) {
        let text = buffer
        buffer.removeAll(keepingCapacity: true)
        state = .idle
        guard let start = text.firstIndex(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "!") }) else { return }
        for byte in text[start...] { step(byte, body) }
    }

    /// How many bytes of a `$` sentence, the `$` included, gpsd 3.22's packet lexer reads before it
    /// is inside the sentence (its talker known); nil while `line` is not, or cannot become, a
    /// sentence it takes. It knows talkers by their first letters and drops any other sentence
    /// whole (probed with gpsfake: `GQ`, `GI`, `HE` are dropped): `GB GP GN GL GA`, `P` + letter,
    /// `II IN WI HC TI EC SD ST YX BD QZ` (three bytes), `AI` + letter and `Ack` (four), and
    /// anything after `C` or `O` (OceanServer; two).
    static func gpsdLeadLength(_ line: [UInt8]) -> Int? {
        func letter(_ x: UInt8) -> Bool { (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z") }
        guard line.count >= 2 else { return nil }
        let a = line[1]
        if a == UInt8(ascii: "C") || a == UInt8(ascii: "O") { return 2 }
        guard line.count >= 3 else { return nil }
        let b = line[2]
        switch (a, b) {
        case (UInt8(ascii: "G"), UInt8(ascii: "P")), (UInt8(ascii: "G"), UInt8(ascii: "N")), (UInt8(ascii: "G"), UInt8(ascii: "L")),
             (UInt8(ascii: "G"), UInt8(ascii: "A")), (UInt8(ascii: "G"), UInt8(ascii: "B")),
             (UInt8(ascii: "I"), UInt8(ascii: "I")), (UInt8(ascii: "I"), UInt8(ascii: "N")), (UInt8(ascii: "W"), UInt8(ascii: "I")),
             (UInt8(ascii: "H"), UInt8(ascii: "C")), (UInt8(ascii: "T"), UInt8(ascii: "I")), (UInt8(ascii: "E"), UInt8(ascii: "C")),
             (UInt8(ascii: "S"), UInt8(ascii: "D")), (UInt8(ascii: "S"), UInt8(ascii: "T")), (UInt8(ascii: "Y"), UInt8(ascii: "X")),
             (UInt8(ascii: "B"), UInt8(ascii: "D")), (UInt8(ascii: "Q"), UInt8(ascii: "Z")):
            return 3
        case (UInt8(ascii: "P"), _) where letter(b) && b != UInt8(ascii: "A"): return 3
        case (UInt8(ascii: "P"), UInt8(ascii: "A")), (UInt8(ascii: "A"), UInt8(ascii: "I")):
            return line.count >= 4 && letter(line[3]) ? 4 : nil
        case (UInt8(ascii: "A"), UInt8(ascii: "c")):
            return line.count >= 4 && line[3] == UInt8(ascii: "k") ? 4 : nil
        default: return nil
        }
    }

    /// Validates the shape of a finished line and classifies its checksum; nil if malformed.
    private static func frame(_ line: [UInt8]) -> NMEAFrame? {
        guard line.count >= 6, line[0] == UInt8(ascii: "!") || gpsdLeadLength(line) != nil else { return nil }
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
