extension JSONWriter {
    /// Writes a run of small members straight into room reserved once, for hot paths that write
    /// many of them (the satellites of a gpsd SKY): `body` writes through an `InPlace`, which
    /// places commas as the writer does, and the buffer's capacity and uniqueness are checked
    /// once for the run. `maximumCount` must cover everything `body` writes (each `InPlace`
    /// method says its most); writing more is a programming error and traps.
    public mutating func inPlace(reserving maximumCount: Int, _ body: (inout InPlace) -> Void) {
        var run = InPlace(out: room(maximumCount), limit: maximumCount, needsComma: needsComma)
        body(&run)
        count += run.written
        needsComma = run.needsComma
    }

    /// The writer of `JSONWriter.inPlace`: the same bytes as `JSONWriter`'s methods of the same
    /// names, written at a pointer into reserved capacity. Its methods are inlinable, so the
    /// members of a caller in another module (the gpsd objects) are written without a call each,
    /// their keys' lengths known where they are written.
    public struct InPlace: ~Copyable {
        @usableFromInline let out: UnsafeMutablePointer<UInt8>
        @usableFromInline let limit: Int
        @usableFromInline var written = 0
        @usableFromInline var needsComma: Bool

        /// Bytes written so far.
        public var count: Int { written }

        fileprivate init(out: UnsafeMutablePointer<UInt8>, limit: Int, needsComma: Bool) {
            self.out = out
            self.limit = limit
            self.needsComma = needsComma
        }

        /// `{` (at most 2 bytes).
        @inlinable @inline(__always)
        public mutating func beginObject() {
            room(2)
            separate()
            put(UInt8(ascii: "{"))
            needsComma = false
        }

        /// `}` (1 byte).
        @inlinable @inline(__always)
        public mutating func endObject() {
            room(1)
            put(UInt8(ascii: "}"))
            needsComma = true
        }

        /// `"key":value` for an integer, left out when nil (at most the key's length + 24 bytes).
        @inlinable @inline(__always)
        public mutating func member(_ key: StaticString, _ value: Int?) {
            guard let value else { return }
            room(key.utf8CodeUnitCount + 24)
            self.key(key)
            written += JSONWriter.writeDigits(of: value, to: out + written)
            needsComma = true
        }

        /// `"key":value` for a number (shortest round-tripping form, as `JSONWriter.number`),
        /// left out when nil (at most the key's length + 36 bytes).
        @inlinable @inline(__always)
        public mutating func member(_ key: StaticString, _ value: Double?) {
            guard let value else { return }
            room(key.utf8CodeUnitCount + 36)
            self.key(key)
            written += JSONWriter.writeNumber(value, to: out + written)
            needsComma = true
        }

        /// `"key":"value"` for a string, escaped as `JSONWriter.string` escapes it, left out when
        /// nil (at most the key's length + 4 + `maximumCount(of: value)` bytes).
        @inlinable @inline(__always)
        public mutating func member(_ key: StaticString, _ value: String?) {
            guard let value else { return }
            room(key.utf8CodeUnitCount + 4 + Self.maximumCount(of: value))
            self.key(key)
            var text = value
            written += text.withUTF8 { JSONWriter.writeEscaped($0, to: out + written) }
            needsComma = true
        }

        /// The most bytes `value` takes as a JSON string (every byte escaped as `\u00XX`, and the
        /// quotes); 0 for nil.
        @inlinable
        public static func maximumCount(of value: String?) -> Int {
            value.map { 6 * $0.utf8.count + 2 } ?? 0
        }

        /// `"key":{`: a member whose value is an object, closed by `endObject` (at most the key's
        /// length + 5 bytes).
        @inlinable @inline(__always)
        public mutating func beginObject(_ key: StaticString) {
            room(key.utf8CodeUnitCount + 5)
            self.key(key)
            put(UInt8(ascii: "{"))
            needsComma = false
        }

        /// `"key":` then the bytes `write` stores at the pointer it gets (one valid JSON value of at
        /// most `maximumCount` bytes: a time string), returning how many (at most the key's length
        /// + 4 + `maximumCount` bytes).
        @inlinable @inline(__always)
        public mutating func member(_ key: StaticString, maximumCount: Int, raw write: (UnsafeMutablePointer<UInt8>) -> Int) {
            room(key.utf8CodeUnitCount + 4 + maximumCount)
            self.key(key)
            let count = write(out + written)
            precondition(count <= maximumCount, "JSONWriter.InPlace: more bytes than reserved")
            written += count
            needsComma = true
        }

        /// `"key":value` for an unsigned integer, left out when nil (at most the key's length + 24 bytes).
        @inlinable @inline(__always)
        public mutating func member(_ key: StaticString, _ value: UInt64?) {
            guard let value else { return }
            room(key.utf8CodeUnitCount + 24)
            self.key(key)
            written += FixedPoint.writeWhole(value, to: out + written)
            needsComma = true
        }

        /// `"key":[`: a member whose value is an array, closed by `endArray` (at most the key's
        /// length + 5 bytes).
        @inlinable @inline(__always)
        public mutating func beginArray(_ key: StaticString) {
            room(key.utf8CodeUnitCount + 5)
            self.key(key)
            put(UInt8(ascii: "["))
            needsComma = false
        }

        /// `]` (1 byte).
        @inlinable @inline(__always)
        public mutating func endArray() {
            room(1)
            put(UInt8(ascii: "]"))
            needsComma = true
        }

        /// `"key":true` or `false`, left out when nil (at most the key's length + 9 bytes).
        @inlinable @inline(__always)
        public mutating func member(_ key: StaticString, _ value: Bool?) {
            guard let value else { return }
            room(key.utf8CodeUnitCount + 9)
            self.key(key)
            let text: StaticString = value ? "true" : "false"
            text.withUTF8Buffer { for b in $0 { put(b) } }
            needsComma = true
        }

        /// `"key":value` with `decimals` fixed decimals (see `JSONWriter.fixed`: `null` when not
        /// finite), left out when nil (at most the key's length + 4 + `FixedPoint.scratchCount`
        /// bytes, or + 330 for a magnitude of 2^127 or more).
        @inlinable @inline(__always)
        public mutating func member(_ key: StaticString, _ value: Double?, decimals: Int) {
            guard let value else { return }
            guard value.isFinite, value.magnitude < 0x1p127 else {
                longMember(key, value, decimals: decimals)
                return
            }
            room(key.utf8CodeUnitCount + 4 + FixedPoint.scratchCount)
            self.key(key)
            written += FixedPoint.write(value, decimals: decimals, to: out + written) ?? 0
            needsComma = true
        }

        /// `member(_:_:decimals:)` for a value not finite or of 2^127 or more (printed by `FixedPoint.append`).
        @usableFromInline
        mutating func longMember(_ key: StaticString, _ value: Double, decimals: Int) {
            var text: [UInt8] = []
            if value.isFinite { FixedPoint.append(value, decimals: decimals, to: &text) } else { text = Array("null".utf8) }
            room(key.utf8CodeUnitCount + 4 + text.count)
            self.key(key)
            for b in text { put(b) }
            needsComma = true
        }

        /// `,"key":` (the comma when one is due), written through a local pointer and index so
        /// that `written` is stored once, not after every byte.
        @inlinable @inline(__always)
        mutating func key(_ key: StaticString) {
            let at = out + written
            var n = 0
            if needsComma {
                at[0] = UInt8(ascii: ",")
                n = 1
            }
            at[n] = UInt8(ascii: "\"")
            n += 1
            key.withUTF8Buffer { name in
                for k in 0..<name.count { at[n + k] = name[k] }
                n += name.count
            }
            at[n] = UInt8(ascii: "\"")
            at[n + 1] = UInt8(ascii: ":")
            written += n + 2
        }

        @inlinable @inline(__always)
        mutating func separate() {
            if needsComma { put(UInt8(ascii: ",")) }
        }

        @inlinable @inline(__always)
        mutating func put(_ byte: UInt8) {
            out[written] = byte
            written += 1
        }

        /// Traps unless `n` more bytes fit in the reservation (checked before writing them).
        @inlinable @inline(__always)
        func room(_ n: Int) {
            precondition(written + n <= limit, "JSONWriter.inPlace: more bytes than reserved")
        }
    }
}
