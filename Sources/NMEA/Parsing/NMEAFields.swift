/// The comma-separated fields of one sentence, read without copying or Foundation splitting.
///
/// Field 0 is the address (`GPGGA`); the checksum is not a field. Every accessor returns nil
/// for an empty or missing field, which is how NMEA says "unknown".
public struct NMEAFields: Sendable {
    /// The sentence bytes from `$`/`!` through the checksum.
    public let bytes: [UInt8]
    /// Where each field ends, after the position before the first field's start: field i spans
    /// `edges[i] + 1..<edges[i + 1]` for i below `count` (one store per comma; the array may be
    /// longer: its memory is reused from sentence to sentence).
    private var edges: [Int]
    /// Number of fields including the address.
    public let count: Int

    /// The field count gpsd 3.22's `nmea_parse` works with: it turns the checksum's `*` into a comma
    /// and counts the commas, so without a checksum the field after the last comma is not counted.
    public var gpsdFieldCount: Int { bytes.lastIndex(of: UInt8(ascii: "*")) == nil ? count - 1 : count }

    /// Throws `NMEAError.tooFewFields` when the sentence has fewer than `minimum` fields as gpsd 3.22
    /// counts them (`gpsdFieldCount`): `minimum` is the sentence's `nf` in gpsd's sentence table
    /// (`nmea_phrase`), below which gpsd ignores the sentence as too short.
    public func requireGPSDFieldCount(_ minimum: Int) throws {
        guard gpsdFieldCount >= minimum else { throw NMEAError.tooFewFields(text, needed: minimum, got: gpsdFieldCount) }
    }

    /// Splits `bytes` (a framed sentence) into fields.
    public init(_ bytes: [UInt8]) {
        var storage: [Int] = []
        self.init(bytes, reusing: &storage)
    }

    /// Splits `bytes` into fields, keeping their bounds in `storage`'s memory (taken, and left
    /// empty): a decoder hands back `reclaimStorage()` for the next sentence, so no array is
    /// allocated per sentence.
    init(_ bytes: [UInt8], reusing storage: inout [Int]) {
        self.bytes = bytes
        var edges = storage
        storage = []
        var end = bytes.count
        if let star = bytes.lastIndex(of: UInt8(ascii: "*")) { end = star }
        let first = min(1, bytes.count)
        // At most one comma per byte, plus the first start and the last end, written in one pass.
        let room = (max(first, end) - first) + 2
        if edges.count < room { edges = [Int](repeating: 0, count: max(room, 64)) }
        count = bytes.withUnsafeBufferPointer { sentence in
            edges.withUnsafeMutableBufferPointer { edges in
                edges[0] = first - 1
                var n = 1
                var i = first
                // Eight bytes at a time: a word's commas found at once, then taken lowest first.
                if let base = sentence.baseAddress {
                    while i + 8 <= end {
                        var commas = Self.commas(in: UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
                        while commas != 0 {
                            edges[n] = i + commas.trailingZeroBitCount / 8
                            n += 1
                            commas &= commas - 1
                        }
                        i += 8
                    }
                }
                while i < end {
                    if sentence[i] == UInt8(ascii: ",") {
                        edges[n] = i
                        n += 1
                    }
                    i += 1
                }
                edges[n] = max(edges[n - 1] + 1, end)
                return n
            }
        }
        self.edges = edges
    }

    /// The top bit of each byte of `word` (memory order: lowest byte first) that is a comma, the
    /// others clear. Exact for every byte value: no carry crosses from one byte to the next.
    @inline(__always)
    private static func commas(in word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ 0x2C2C_2C2C_2C2C_2C2C  // a comma's byte becomes zero
        // Top bit set where the byte is not zero: its low seven bits carry into it, or it had it.
        let nonzero = ((x & lows) &+ lows) | x
        return ~nonzero & ~lows
    }

    /// The bounds' memory, for the next `init(_:reusing:)`.
    consuming func reclaimStorage() -> [Int] { edges }

    /// The address, e.g. `GPGGA` or `PGRME`.
    public var address: String { string(0) ?? "" }
    /// The sentence as text, for error messages.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The raw bytes of field `i` (empty when missing).
    public func raw(_ i: Int) -> ArraySlice<UInt8> {
        guard i < count else { return [] }
        return bytes[edges[i] + 1..<edges[i + 1]]
    }

    /// Whether field `i` is empty or missing.
    public func isEmpty(_ i: Int) -> Bool { i >= count || edges[i] + 1 == edges[i + 1] }

    /// Field `i` as text.
    public func string(_ i: Int) -> String? {
        isEmpty(i) ? nil : String(decoding: raw(i), as: UTF8.self)
    }

    /// The first character of field `i`.
    public func character(_ i: Int) -> Character? {
        isEmpty(i) ? nil : Character(Unicode.Scalar(bytes[edges[i] + 1]))
    }

    /// The first byte of field `i`, nil when it is empty or missing (a comparison of it makes no
    /// `Character`).
    func firstByte(_ i: Int) -> UInt8? {
        isEmpty(i) ? nil : bytes[edges[i] + 1]
    }

    /// Field `i` as a decimal number (`-12.5`, `+3`, `.5`), correctly rounded; nil if empty or not a number.
    public func double(_ i: Int) -> Double? {
        guard !isEmpty(i) else { return nil }
        return NumberParsing.double(bytes, edges[i] + 1..<edges[i + 1])
    }

    /// Field `i` as an integer the way C `atoi` reads it (leading digits), nil if it has none.
    public func int(_ i: Int) -> Int? {
        withUnsafeFields { $0.int(i) }
    }

    /// Runs `body` with the sentence's bytes and the fields' bounds at pointers, for readers of many
    /// fields (a GSV's sixteen numbers): no array bounds check or call per field.
    func withUnsafeFields<R>(_ body: (UnsafeFields) -> R) -> R {
        bytes.withUnsafeBufferPointer { bytes in
            edges.withUnsafeBufferPointer { edges in body(UnsafeFields(bytes: bytes, edges: edges, count: count)) }
        }
    }

    /// The fields of an `NMEAFields` read at pointers (valid only inside `withUnsafeFields`).
    struct UnsafeFields {
        let bytes: UnsafeBufferPointer<UInt8>
        let edges: UnsafeBufferPointer<Int>
        /// Number of fields, the address included.
        let count: Int

        /// Field `i` as C `atoi` reads it (an optional sign, then at most ten leading digits), nil
        /// if it is empty, missing or has no leading digit: `NMEAFields.int(_:)`.
        @inline(__always)
        func int(_ i: Int) -> Int? {
            guard i < count else { return nil }
            var k = edges[i] + 1
            let end = edges[i + 1]
            guard k < end else { return nil }
            // Two or three digits (a GSV's ids, elevations, azimuths and SNRs) at once.
            let a = bytes[k] &- 0x30
            if end - k == 2, a <= 9 {
                let b = bytes[k + 1] &- 0x30
                if b <= 9 { return Int(a) * 10 + Int(b) }
            } else if end - k == 3, a <= 9 {
                let b = bytes[k + 1] &- 0x30, c = bytes[k + 2] &- 0x30
                if b <= 9, c <= 9 { return Int(a) * 100 + Int(b) * 10 + Int(c) }
            }
            let negative = bytes[k] == UInt8(ascii: "-")
            if negative || bytes[k] == UInt8(ascii: "+") { k += 1 }
            var value = 0, digits = 0
            while k < end, value < 1_000_000_000 {
                let d = bytes[k] &- 0x30
                guard d <= 9 else { break }
                value = value * 10 + Int(d)
                digits += 1
                k += 1
            }
            return digits > 0 ? (negative ? -value : value) : nil
        }
    }

    /// The bounds of field `i` in `bytes` (empty when missing): the hot readers index `bytes`
    /// through them rather than through an `ArraySlice` (which retains and releases the array).
    func bounds(_ i: Int) -> Range<Int> {
        guard i < count else { return 0..<0 }
        return edges[i] + 1..<edges[i + 1]
    }
}

/// Byte-level number parsing for the decoder's hot path.
enum NumberParsing {
    static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// The decimal number in `bytes[field]` (not empty), correctly rounded (exact mantissa ÷ exact
    /// power of ten, else Swift's parser).
    static func double(_ bytes: [UInt8], _ field: Range<Int>) -> Double? {
        precondition(field.lowerBound >= 0 && field.lowerBound < field.upperBound && field.upperBound <= bytes.count)
        // Through a pointer (the bounds checked once, above); nil from the closure means "ask
        // Swift's parser", `.some(nil)` not a number.
        let fast: Double?? = bytes.withUnsafeBufferPointer { p in
            var index = field.lowerBound
            var negative = false
            if p[index] == UInt8(ascii: "-") || p[index] == UInt8(ascii: "+") {
                negative = p[index] == UInt8(ascii: "-")
                index += 1
            }
            var mantissa: UInt64 = 0
            var digits = 0, fraction = 0
            var seenPoint = false, seenDigit = false
            while index < field.upperBound {
                let b = p[index]
                if b >= 0x30 && b <= 0x39 {
                    seenDigit = true
                    if digits < 18 {
                        mantissa = mantissa * 10 + UInt64(b - 0x30)
                        if seenPoint { fraction += 1 }
                        if mantissa != 0 { digits += 1 }
                    } else if !seenPoint {
                        return nil
                    }
                } else if b == UInt8(ascii: ".") && !seenPoint {
                    seenPoint = true
                } else {
                    return nil
                }
                index += 1
            }
            guard seenDigit else { return .some(nil) }
            guard mantissa < (1 << 53), fraction <= 22 else { return nil }
            let value = Double(mantissa) / powersOfTen[fraction]
            return negative ? -value : value
        }
        if let fast { return fast }
        return Double(String(decoding: bytes[field], as: UTF8.self))
    }

    /// The value and the number of the leading decimal digits of `bytes[field]` (not empty) with
    /// an optional sign; nil if there are none.
    static func leadingDigits(_ bytes: [UInt8], _ field: Range<Int>) -> (value: Int, digits: Int)? {
        precondition(field.lowerBound >= 0 && field.lowerBound < field.upperBound && field.upperBound <= bytes.count)
        // Through a pointer: the field's bounds were checked once, above, not at every byte.
        return bytes.withUnsafeBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return nil }
            var index = field.lowerBound
            var negative = false
            if p[index] == UInt8(ascii: "-") || p[index] == UInt8(ascii: "+") {
                negative = p[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0, digits = 0
            while index < field.upperBound, value < 1_000_000_000 {
                let d = p[index] &- 0x30
                guard d <= 9 else { break }
                value = value * 10 + Int(d)
                digits += 1
                index += 1
            }
            return digits > 0 ? (negative ? -value : value, digits) : nil
        }
    }
}
