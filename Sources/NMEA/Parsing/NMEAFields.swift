/// The comma-separated fields of one sentence, read without copying or Foundation splitting.
///
/// Field 0 is the address (`GPGGA`); the checksum is not a field. Every accessor returns nil
/// for an empty or missing field, which is how NMEA says "unknown".
public struct NMEAFields: Sendable {
    /// The sentence bytes from `$`/`!` through the checksum.
    public let bytes: [UInt8]
    /// Field bounds, interleaved: field i spans `edges[2i]..<edges[2i+1]` (one array, one allocation).
    private let edges: [Int]

    /// Splits `bytes` (a framed sentence) into fields.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        edges = bytes.withUnsafeBufferPointer { sentence in
            var end = sentence.count
            if let star = sentence.lastIndex(of: UInt8(ascii: "*")) { end = star }
            let first = min(1, sentence.count)
            var commas = 0
            for i in first..<max(first, end) where sentence[i] == UInt8(ascii: ",") { commas += 1 }
            // Sized once, from the commas counted, and filled without a capacity check per field.
            return [Int](unsafeUninitializedCapacity: 2 * commas + 2) { edges, initialized in
                var start = first
                var n = 0
                for i in first..<max(first, end) where sentence[i] == UInt8(ascii: ",") {
                    edges[n] = start
                    edges[n + 1] = i
                    n += 2
                    start = i + 1
                }
                edges[n] = start
                edges[n + 1] = max(start, end)
                initialized = n + 2
            }
        }
    }

    /// Number of fields including the address.
    public var count: Int { edges.count / 2 }
    /// The address, e.g. `GPGGA` or `PGRME`.
    public var address: String { string(0) ?? "" }
    /// The sentence as text, for error messages.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The raw bytes of field `i` (empty when missing).
    public func raw(_ i: Int) -> ArraySlice<UInt8> {
        guard i < count else { return [] }
        return bytes[edges[2 * i]..<edges[2 * i + 1]]
    }

    /// Whether field `i` is empty or missing.
    public func isEmpty(_ i: Int) -> Bool { i >= count || edges[2 * i] == edges[2 * i + 1] }

    /// Field `i` as text.
    public func string(_ i: Int) -> String? {
        isEmpty(i) ? nil : String(decoding: raw(i), as: UTF8.self)
    }

    /// The first character of field `i`.
    public func character(_ i: Int) -> Character? {
        isEmpty(i) ? nil : Character(Unicode.Scalar(bytes[edges[2 * i]]))
    }

    /// Field `i` as a decimal number (`-12.5`, `+3`, `.5`), correctly rounded; nil if empty or not a number.
    public func double(_ i: Int) -> Double? {
        guard !isEmpty(i) else { return nil }
        return NumberParsing.double(bytes, edges[2 * i]..<edges[2 * i + 1])
    }

    /// Field `i` as an integer the way C `atoi` reads it (leading digits), nil if it has none.
    public func int(_ i: Int) -> Int? {
        guard !isEmpty(i) else { return nil }
        return NumberParsing.leadingInt(bytes, edges[2 * i]..<edges[2 * i + 1])
    }

    /// The bounds of field `i` in `bytes` (empty when missing): the hot readers index `bytes`
    /// through them rather than through an `ArraySlice` (which retains and releases the array).
    func bounds(_ i: Int) -> Range<Int> {
        guard i < count else { return 0..<0 }
        return edges[2 * i]..<edges[2 * i + 1]
    }
}

/// Byte-level number parsing for the decoder's hot path.
enum NumberParsing {
    static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// The decimal number in `bytes[field]` (not empty), correctly rounded (exact mantissa ÷ exact
    /// power of ten, else Swift's parser).
    static func double(_ bytes: [UInt8], _ field: Range<Int>) -> Double? {
        var index = field.lowerBound
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0
        var seenPoint = false, seenDigit = false
        while index < field.upperBound {
            let b = bytes[index]
            if b >= 0x30 && b <= 0x39 {
                seenDigit = true
                if digits < 18 {
                    mantissa = mantissa * 10 + UInt64(b - 0x30)
                    if seenPoint { fraction += 1 }
                    if mantissa != 0 { digits += 1 }
                } else if !seenPoint {
                    return Double(String(decoding: bytes[field], as: UTF8.self))
                }
            } else if b == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else {
                return Double(String(decoding: bytes[field], as: UTF8.self))
            }
            index += 1
        }
        guard seenDigit else { return nil }
        guard mantissa < (1 << 53), fraction <= 22 else { return Double(String(decoding: bytes[field], as: UTF8.self)) }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    /// The leading decimal digits of `bytes[field]` (not empty) with an optional sign, like C
    /// `atoi`; nil if there are none.
    static func leadingInt(_ bytes: [UInt8], _ field: Range<Int>) -> Int? {
        leadingDigits(bytes, field).map { $0.value }
    }

    /// The value and the number of the leading decimal digits of `bytes[field]` (not empty) with
    /// an optional sign; nil if there are none.
    static func leadingDigits(_ bytes: [UInt8], _ field: Range<Int>) -> (value: Int, digits: Int)? {
        var index = field.lowerBound
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var value = 0, digits = 0
        while index < field.upperBound, bytes[index] >= 0x30, bytes[index] <= 0x39, value < 1_000_000_000 {
            value = value * 10 + Int(bytes[index] - 0x30)
            digits += 1
            index += 1
        }
        return digits > 0 ? (negative ? -value : value, digits) : nil
    }
}
