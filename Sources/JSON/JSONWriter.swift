/// Writes compact UTF-8 JSON straight into a reusable byte buffer, without building values
/// first: the one JSON writer of Waygate's per-event and per-report paths.
///
/// Output is what Foundation's `JSONEncoder` writes with `.withoutEscapingSlashes` for the same
/// members in the same order: numbers in Swift's shortest round-tripping form with a trailing
/// `.0` dropped (`5`, `0.1`, `1e-07`), integers as digits, strings with `"`, `\`, `\b`, `\f`,
/// `\n`, `\r`, `\t` escaped and other control characters as `\u00xx`, everything else as UTF-8.
/// Non-finite numbers, which JSON cannot carry, are written as `null`.
///
/// Commas are placed by the writer: call `key` before each member's value inside an object,
/// values one after another inside an array.
///
/// The bytes live in memory the writer allocates and grows itself (copied on write when a copy
/// of the writer is shared): a member costs one capacity and uniqueness check and its bytes
/// stored at a pointer, not `Array`'s general append machinery per piece.
public struct JSONWriter: Sendable {
    /// The memory the bytes are written into: `storage.base[0..<count]`.
    private var storage: Storage
    /// How many bytes are written.
    public internal(set) var count = 0
    /// Whether the next key or array element needs a comma before it.
    var needsComma = false
    /// Reused for `rawValue`'s bytes, so that writing one allocates nothing after the first.
    private var scratch: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 512) {
        storage = capacity > 0 ? Storage(capacity: capacity) : Self.noMemory
    }

    /// The memory of writers made with no capacity (shared, so making one allocates nothing;
    /// the first byte written allocates the writer's own).
    private static let noMemory = Storage(capacity: 0)

    /// The bytes written so far, as a new array.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// Calls `body` with the bytes written so far, without copying them.
    public func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try withExtendedLifetime(storage) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: storage.base, count: count))
        }
    }

    /// Whether nothing is written.
    public var isEmpty: Bool { count == 0 }

    /// Empties the buffer, keeping its storage, to write the next document.
    public mutating func reset() {
        count = 0
        needsComma = false
    }

    /// Appends bytes as they are (a newline, or JSON written elsewhere), with no comma.
    public mutating func raw(_ text: some Collection<UInt8>) {
        if text.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        for byte in text { put(byte) }
    }

    /// Ends a JSON-lines line: appends `\n`, and the next value starts a new document (no comma).
    public mutating func endLine() {
        put(0x0A)
        needsComma = false
    }

    /// Writes one value whose bytes `write` appends (they must be one valid JSON value: a time
    /// string, a number in a custom format), with the comma its position needs.
    public mutating func rawValue(_ write: (inout [UInt8]) -> Void) {
        separate()
        scratch.removeAll(keepingCapacity: true)
        write(&scratch)
        scratch.withUnsafeBufferPointer { append($0) }
        needsComma = true
    }

    /// Writes one value of at most `maximumCount` bytes that `write` stores at the pointer it gets
    /// (they must be one valid JSON value), returning how many, with the comma its position needs.
    public mutating func rawValue(maximumCount: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        separate()
        let written = write(room(maximumCount))
        precondition(written <= maximumCount, "JSONWriter.rawValue: more bytes than reserved")
        count += written
        needsComma = true
    }

    // MARK: Memory

    /// The writer's memory. Its bytes are written only through a writer holding the one
    /// reference to it (`room` copies it first otherwise), as `Array` does with its buffer.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    /// A pointer to room for `n` more bytes after the written ones, the memory made unique and
    /// grown first as needed; the caller adds what it stores there to `count`.
    @inline(__always)
    mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if storage.capacity - count < n || !isKnownUniquelyReferenced(&storage) { grow(to: count + n) }
        return storage.base + count
    }

    /// Moves the bytes into new memory of at least `minimum` bytes (twice the old at least).
    @inline(never)
    private mutating func grow(to minimum: Int) {
        let grown = Storage(capacity: Swift.max(minimum, storage.capacity * 2, 64))
        grown.base.update(from: storage.base, count: count)
        storage = grown
    }

    /// Appends one byte.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        room(1).pointee = byte
        count += 1
    }

    /// Appends `buffer`'s bytes.
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        room(buffer.count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    // MARK: Structure

    /// `{`: starts an object (as a value).
    public mutating func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    /// `}`.
    public mutating func endObject() {
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// `[`: starts an array (as a value).
    public mutating func beginArray() {
        separate()
        put(UInt8(ascii: "["))
        needsComma = false
    }

    /// `]`.
    public mutating func endArray() {
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// `"key":` for a member name known at compile time (ASCII, nothing to escape).
    public mutating func key(_ key: StaticString) {
        piece(key) { _ in 0 }
        needsComma = false
    }

    /// `"key":` for any member name (escaped as needed).
    public mutating func key(_ key: String) {
        if needsComma { put(UInt8(ascii: ",")) }
        writeString(key)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Values

    /// `null`.
    public mutating func null() {
        separate()
        literal("null")
        needsComma = true
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        literal(value ? "true" : "false")
        needsComma = true
    }

    /// An integer as decimal digits.
    public mutating func int(_ value: some BinaryInteger) {
        if let small = Int(exactly: value) {
            int(small)
        } else if let large = UInt64(exactly: value) {
            int(large)
        } else {
            rawValue { $0.append(contentsOf: String(value).utf8) }  // wider than 64 bits
        }
    }

    /// An integer as decimal digits.
    public mutating func int(_ value: Int) {
        piece(nil) { Self.writeDigits(of: value, to: $0) }
    }

    /// An integer as decimal digits.
    public mutating func int(_ value: Int64) { int(Int(value)) }

    /// An integer as decimal digits.
    public mutating func int(_ value: UInt64) {
        piece(nil) { FixedPoint.writeWhole(value, to: $0) }
    }

    /// A number: shortest round-tripping form, `.0` dropped; `null` when not finite.
    public mutating func number(_ value: Double) {
        piece(nil) { Self.writeNumber(value, to: $0) }
    }

    /// A number as C's `printf("%.<decimals>f")` prints it (see `FixedPoint`), e.g. gpsd's
    /// `45.464200000` for 9 decimals; `null` when not finite.
    public mutating func fixed(_ value: Double, decimals: Int) {
        guard value.isFinite, value.magnitude < 1e30 else {
            if value.isFinite { rawValue { FixedPoint.append(value, decimals: decimals, to: &$0) } } else { null() }
            return
        }
        piece(nil) { FixedPoint.write(value, decimals: decimals, to: $0) ?? 0 }
    }

    /// A string.
    public mutating func string(_ value: String) {
        guard !plainString(nil, value) else { return }
        separate()
        writeString(value)
        needsComma = true
    }

    /// Any JSON value, object members in their order (integral `.number`s below 2^53 as
    /// integers, as `JSONValue`'s `Codable` form writes them).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .integer(let i): int(i)
        case .unsigned(let u): int(u)
        case .number(let n):
            // As `JSONValue`'s `Codable` form: an integral number below 2^53 is written as an integer.
            if n == n.rounded(), n.magnitude < 9_007_199_254_740_992 { int(Int64(n)) } else { number(n) }
        case .string(let s): string(s)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Any JSON value with the members of every object sorted by key (byte order), as
    /// `JSONEncoder` with `.sortedKeys` writes it.
    public mutating func sortedValue(_ value: JSONValue) {
        switch value {
        case .array(let elements):
            beginArray()
            for element in elements { sortedValue(element) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                key(member.key)
                sortedValue(member.value)
            }
            endObject()
        default:
            self.value(value)
        }
    }

    // MARK: Members (key and value; optional values are left out when nil)

    /// `"key":value` for an integer, left out when nil.
    public mutating func member(_ key: StaticString, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        self.key(key)
        int(value)
    }

    /// `"key":value` for an integer, left out when nil.
    public mutating func member(_ key: StaticString, _ value: Int?) {
        guard let value else { return }
        piece(key) { Self.writeDigits(of: value, to: $0) }
    }

    /// `"key":value` for a number, left out when nil.
    public mutating func member(_ key: StaticString, _ value: Double?) {
        guard let value else { return }
        piece(key) { Self.writeNumber(value, to: $0) }
    }

    /// `"key":value` for a number with `decimals` fixed decimals (see `fixed`), left out when nil.
    public mutating func member(_ key: StaticString, _ value: Double?, decimals: Int) {
        guard let value else { return }
        guard value.isFinite, value.magnitude < 1e30 else {
            self.key(key)
            fixed(value, decimals: decimals)
            return
        }
        piece(key) { FixedPoint.write(value, decimals: decimals, to: $0) ?? 0 }
    }

    /// `"key":value` for a string, left out when nil.
    public mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        guard !plainString(key, value) else { return }
        self.key(key)
        separate()
        writeString(value)
        needsComma = true
    }

    /// `"key":"value"` for a string known at compile time (ASCII, nothing to escape), such as
    /// gpsd's `"class":"TPV"`: written as one piece.
    public mutating func member(_ key: StaticString, text value: StaticString) {
        guard value.withUTF8Buffer(\.count) <= FixedPoint.scratchCount - 2 else {
            self.key(key)
            separate()
            put(UInt8(ascii: "\""))
            value.withUTF8Buffer { append($0) }
            put(UInt8(ascii: "\""))
            needsComma = true
            return
        }
        piece(key) { out in
            out[0] = UInt8(ascii: "\"")
            let count = value.withUTF8Buffer { text in
                for k in 0..<text.count { out[1 + k] = text[k] }
                return text.count
            }
            out[1 + count] = UInt8(ascii: "\"")
            return count + 2
        }
    }

    /// `"key":value` for a boolean, left out when nil.
    public mutating func member(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        piece(key) { out in
            let text: StaticString = value ? "true" : "false"
            return text.withUTF8Buffer { literal in
                guard let start = literal.baseAddress else { return 0 }
                out.update(from: start, count: literal.count)
                return literal.count
            }
        }
    }

    /// `"key":value` for any JSON value, left out when nil.
    public mutating func member(_ key: StaticString, _ value: JSONValue?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    // MARK: Encoding

    /// Room for one piece: a comma, a quoted key of up to `pieceKeyLimit` bytes and a value of up to
    /// `FixedPoint.scratchCount` bytes.
    private static let pieceCount = 128
    private static let pieceKeyLimit = 56

    /// Appends one member or value in place: the comma its position needs, `"key":` when `key`
    /// is given, then the bytes `value` writes at the pointer it gets (at most
    /// `FixedPoint.scratchCount`; it returns how many). The bytes are written straight into the
    /// free memory (`room`), so its capacity and uniqueness are checked once for the piece, not
    /// once per byte, and nothing is copied twice.
    @inline(__always)
    private mutating func piece(_ key: StaticString?, _ value: (UnsafeMutablePointer<UInt8>) -> Int) {
        let comma = needsComma
        if let key, key.withUTF8Buffer(\.count) > Self.pieceKeyLimit {
            // A name this long is never a compile-time key of Waygate; write it bytewise.
            separate()
            put(UInt8(ascii: "\""))
            key.withUTF8Buffer { append($0) }
            put(UInt8(ascii: "\""))
            put(UInt8(ascii: ":"))
            needsComma = false
            piece(nil, value)
            return
        }
        let out = room(Self.pieceCount)
        var written = 0
        if comma {
            out[0] = UInt8(ascii: ",")
            written = 1
        }
        if let key {
            out[written] = UInt8(ascii: "\"")
            written += 1
            written += key.withUTF8Buffer { name in
                for k in 0..<name.count { out[written + k] = name[k] }
                return name.count
            }
            out[written] = UInt8(ascii: "\"")
            out[written + 1] = UInt8(ascii: ":")
            written += 2
        }
        count += written + value(out + written)
        needsComma = true
    }

    /// Writes `value`'s decimal digits (at most 20 bytes) at `out`; returns the count.
    @usableFromInline
    static func writeDigits(of value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value < 0 else { return FixedPoint.writeWhole(UInt64(value), to: out) }
        out[0] = UInt8(ascii: "-")
        return 1 + FixedPoint.writeWhole(UInt64(value.magnitude), to: out + 1)
    }

    /// Appends the bytes of an ASCII literal.
    private mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    private mutating func separate() {
        if needsComma { put(UInt8(ascii: ",")) }
    }

    /// Writes `value` at `out` (room for at least 32 bytes): `null` when not finite, an
    /// integral value below 10^15 as digits, else `description`'s digits with a trailing `.0`
    /// dropped. Returns the count.
    @usableFromInline
    static func writeNumber(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            for (i, byte) in "null".utf8.enumerated() { out[i] = byte }
            return 4
        }
        if value == value.rounded(.towardZero), value.magnitude < 1e15, value != 0 || value.sign == .plus {
            return writeDigits(of: Int(value), to: out)
        }
        if let count = writeShortDecimal(value, to: out) { return count }
        // `description`'s digits, written straight at `out` (a `String` of more than 15
        // characters, as most coordinates are, would be allocated and freed for each number).
        var sink = DigitSink(out: out)
        value.write(to: &sink)
        var count = sink.count
        if count >= 2, out[count - 1] == UInt8(ascii: "0"), out[count - 2] == UInt8(ascii: ".") { count -= 2 }
        return count
    }

    /// Writes a non-integral `value` from 0.001 to 10^6 in magnitude that is the double nearest
    /// a decimal with at most 9 decimals — what the wire mapping's `rounded(to:)` leaves: a
    /// coordinate, a bearing, a length — as that decimal's digits; nil, writing nothing, for any
    /// other value. They are `description`'s digits, without its shortest-digits search: a
    /// decimal of at most 15 significant digits is the only one that short to read back as its
    /// nearest double, so it is the shortest, and this range prints without an exponent.
    static func writeShortDecimal(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-3, magnitude < 1e6 else { return nil }
        // Below 10^15, so exact in a double and in a UInt64; within 0.25 of the decimal × 10^9
        // when there is one, so rounding finds it, and the division checks it is one.
        let scaled = (magnitude * 1e9).rounded()
        guard scaled / 1e9 == magnitude else { return nil }
        let (whole, fraction) = UInt64(scaled).quotientAndRemainder(dividingBy: 1_000_000_000)
        guard fraction != 0 else { return nil }  // integral: not this writer's
        var count = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        count += FixedPoint.writeWhole(whole, to: out + count)
        out[count] = UInt8(ascii: ".")
        // All nine decimals, two at a time, then the trailing zeros dropped (the last is not one).
        FixedPoint.writeExactly(fraction, digits: 9, to: out + count + 1)
        count += 10
        while out[count - 1] == UInt8(ascii: "0") { count -= 1 }
        return count
    }

    /// Strings up to this many UTF-8 bytes with nothing to escape are written as one piece.
    private static let plainStringLimit = FixedPoint.scratchCount - 2

    /// Writes `"key":"value"` (or `"value"` without a key) as one piece when `value` is short and
    /// has nothing to escape; returns false, writing nothing, otherwise.
    private mutating func plainString(_ key: StaticString?, _ value: String) -> Bool {
        var text = value
        return text.withUTF8 { utf8 in
            guard utf8.count <= Self.plainStringLimit,
                  !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            piece(key) { out in
                out[0] = UInt8(ascii: "\"")
                if let base = utf8.baseAddress { (out + 1).update(from: base, count: utf8.count) }
                out[1 + utf8.count] = UInt8(ascii: "\"")
                return utf8.count + 2
            }
            return true
        }
    }

    private mutating func writeString(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            // Written in place into the buffer's free capacity: capacity and uniqueness checked
            // once per string, not once per piece between escapes. Room for the worst case (every
            // byte a `\u00XX`) when short; a long string (a route's polyline) has its escapes
            // counted first, so the buffer does not grow by six times its length.
            let room = utf8.count <= 1024
                ? 6 * utf8.count + 2
                : utf8.count + 2 + 5 * utf8.reduce(0) { $0 + ($1 < 0x20 || $1 == UInt8(ascii: "\"") || $1 == UInt8(ascii: "\\") ? 1 : 0) }
            let out = self.room(room)
            count += Self.writeEscaped(utf8, to: out)
        }
    }

    /// Writes `utf8` as a JSON string (quotes included, `"`, `\\` and control bytes escaped) at
    /// `out`, which has room for it (at most `6 × count + 2` bytes); returns the bytes written.
    @usableFromInline
    static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let hex: StaticString = "0123456789abcdef"
        var count = 0
        out[count] = UInt8(ascii: "\"")
        count += 1
        for b in utf8 {
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else {
                out[count] = b
                count += 1
                continue
            }
            out[count] = UInt8(ascii: "\\")
            count += 1
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[count] = b
            case 0x08: out[count] = UInt8(ascii: "b")
            case 0x0C: out[count] = UInt8(ascii: "f")
            case 0x0A: out[count] = UInt8(ascii: "n")
            case 0x0D: out[count] = UInt8(ascii: "r")
            case 0x09: out[count] = UInt8(ascii: "t")
            default:
                out[count] = UInt8(ascii: "u")
                out[count + 1] = UInt8(ascii: "0")
                out[count + 2] = UInt8(ascii: "0")
                out[count + 3] = hex.utf8Start[Int(b >> 4)]
                out[count + 4] = hex.utf8Start[Int(b & 0xF)]
                count += 4
            }
            count += 1
        }
        out[count] = UInt8(ascii: "\"")
        return count + 1
    }
}

/// Takes a number's digits from `Double.write(to:)` as ASCII bytes (its `_writeASCII`, the
/// stream's requirement for exactly this) at a pointer, without the `String` `description`
/// would make. A `Double`'s description is at most 24 bytes; the writers give it 32.
private struct DigitSink: TextOutputStream {
    static let limit = 32
    let out: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { _writeASCII($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        precondition(count + buffer.count <= Self.limit, "JSONWriter: a number longer than \(Self.limit) bytes")
        (out + count).update(from: base, count: buffer.count)
        count += buffer.count
    }
}
