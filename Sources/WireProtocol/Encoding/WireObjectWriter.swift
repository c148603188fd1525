public import Geodesy
public import JSON
public import Timekeeping

/// Writes one wire object through a `JSONWriter`: the members a message writes in sorted key
/// order, with the envelope members (`class`, `seq`, `time`) slipped in at their sorted place.
///
/// The envelope is held pending and each member is written just before the first payload key
/// that sorts after it (or at the end), so a LOCATION comes out as `{"alt":…,"class":…,
/// "course":…,…,"seq":…,…,"time":…,"v_acc":…}`, byte for byte what `JSONEncoder` with
/// `.sortedKeys` writes. Only the outermost object carries the envelope; nested objects
/// (`"road":{…}`) are plain. In debug builds every key is checked to sort after the one before.
public struct WireObjectWriter {
    /// The JSON being written.
    public var json: JSONWriter
    /// The envelope members not written yet.
    private var envelope: Envelope
    /// 0 in the outermost object, 1 in an object inside it, and so on.
    private var depth = 0
    #if DEBUG
    /// The last key written at each open object depth, to check the order.
    private var previousKeys: [[UInt8]?] = [nil]
    #endif

    /// Writes `body` as one object with the envelope members `class`, `seq` and `time` (each
    /// left out when nil) at their sorted place, appending to `json` (nothing is reset).
    public static func write(_ body: some WireObject, messageClass: String?, seq: UInt64? = nil, time: Timestamp? = nil,
                             to json: inout JSONWriter) {
        write(messageClass: messageClass, seq: seq, time: time, to: &json) { body.writeMembers(to: &$0) }
    }

    /// `write(_:messageClass:seq:time:to:)` with the body's members written by `members` (in
    /// increasing key order, as `writeMembers`).
    static func write(messageClass: String?, seq: UInt64?, time: Timestamp?, to json: inout JSONWriter,
                      members: (inout WireObjectWriter) -> Void) {
        var object = WireObjectWriter(messageClass: messageClass, seq: seq, time: time)
        swap(&object.json, &json)
        object.json.beginObject()
        members(&object)
        object.writeEnvelope(before: nil)
        object.json.endObject()
        swap(&object.json, &json)
    }

    private init(messageClass: String?, seq: UInt64?, time: Timestamp?) {
        json = JSONWriter(capacity: 0)
        envelope = Envelope(messageClass: messageClass, seq: seq, time: time)
    }

    // MARK: Keys

    /// `"key":` for a member name known at compile time; envelope members that sort before it go first.
    public mutating func key(_ key: StaticString) {
        precede(key)
        json.key(key)
    }

    /// What goes before `key`: the envelope members that sort before it (in the outermost object).
    private mutating func precede(_ key: StaticString) {
        key.withUTF8Buffer { name in
            if depth == 0, envelope.isPending { writeEnvelope(before: name) }
            checkOrder(name)
        }
    }

    /// `"key":` for any member name (REPLY fields); envelope members that sort before it go first.
    public mutating func key(_ key: String) {
        var name = key
        name.withUTF8 { name in
            if depth == 0, envelope.isPending { writeEnvelope(before: name) }
            checkOrder(name)
        }
        json.key(key)
    }

    /// Writes the pending envelope members whose keys sort before `name` (all of them when nil).
    private mutating func writeEnvelope(before name: UnsafeBufferPointer<UInt8>?) {
        var pending = envelope
        json.inPlace(reserving: pending.maximumCount) { pending.write(before: name, to: &$0) }
        envelope = pending
    }

    /// Whether `a` sorts strictly before `b` in byte order (a loop of its own: the standard
    /// library's generic `lexicographicallyPrecedes` was called, not inlined, for every key).
    private static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<min(a.count, b.count) where a[i] != b[i] { return a[i] < b[i] }
        return a.count < b.count
    }

    @inline(__always)
    private mutating func checkOrder(_ name: UnsafeBufferPointer<UInt8>) {
        #if DEBUG
        if let previous = previousKeys[depth] {
            assert(previous.lexicographicallyPrecedes(name),
                   "wire keys out of order: \"\(String(decoding: name, as: UTF8.self))\" after \"\(String(decoding: previous, as: UTF8.self))\"")
        }
        previousKeys[depth] = Array(name)
        #endif
    }

    // MARK: Members in place

    /// Writes the members `body` gives to a run, in place in one reservation of `maximumCount`
    /// bytes (which must cover them; the envelope's room is added here), the pending envelope
    /// members slipped in at their sorted place as `member` does: for the members of a message
    /// written at every fix, where a capacity check, a key and a call per member add up.
    public mutating func inPlace(reserving maximumCount: Int, _ body: (inout InPlaceRun) -> Void) {
        // Nested objects carry no envelope.
        var pending = depth == 0 ? envelope : Envelope()
        json.inPlace(reserving: maximumCount + pending.maximumCount) { place in
            var run = InPlaceRun(place: place, envelope: pending)
            body(&run)
            pending = run.envelope
            place = run.place
        }
        if depth == 0 { envelope = pending }
    }

    /// Envelope members not written yet.
    struct Envelope {
        var messageClass: String?
        var seq: UInt64?
        var time: Timestamp?

        /// Writes the members whose keys sort before `name` (all of them when nil) at `place`, in
        /// order, and forgets them.
        mutating func write(before name: UnsafeBufferPointer<UInt8>?, to place: inout JSONWriter.InPlace) {
            func due(_ key: StaticString) -> Bool { name.map { WireObjectWriter.precedes(key, $0) } ?? true }
            if let messageClass, due("class") {
                self.messageClass = nil
                place.member("class", messageClass)
            }
            if let seq, due("seq") {
                self.seq = nil
                place.member("seq", seq)
            }
            if let time, due("time") {
                self.time = nil
                place.member("time", maximumCount: JSONWriter.wireTimeMaximumCount) { JSONWriter.writeWireTime(time, to: $0) }
            }
        }

        var isPending: Bool { messageClass != nil || seq != nil || time != nil }

        /// The most bytes the pending members take, keys and commas included.
        var maximumCount: Int {
            (messageClass.map { 9 + JSONWriter.InPlace.maximumCount(of: $0) } ?? 0) + (seq == nil ? 0 : 27)
                + (time == nil ? 0 : 8 + JSONWriter.wireTimeMaximumCount)
        }
    }

    /// The members of `inPlace`: `JSONWriter.InPlace`'s, each after the pending envelope members
    /// whose keys sort before its own.
    public struct InPlaceRun: ~Copyable {
        var place: JSONWriter.InPlace
        var envelope: Envelope
        /// Objects opened by `beginObject` and not closed yet (the envelope goes in none of them).
        private var nesting = 0
        #if DEBUG
        /// The last key written at each open depth, to check the order (as `WireObjectWriter` does).
        private var previousKeys: [[UInt8]?] = [nil]
        #endif

        init(place: consuming JSONWriter.InPlace, envelope: Envelope) {
            self.place = place
            self.envelope = envelope
        }

        /// `"key":{`: a member whose value is an object, closed by `endObject`; its members are
        /// written with the same methods.
        @inline(__always)
        public mutating func beginObject(_ key: StaticString) {
            precede(key)
            place.beginObject(key)
            opened()
        }

        /// `{`: an object as an element of the array `beginArray` opened, closed by `endObject`.
        @inline(__always)
        public mutating func beginObject() {
            place.beginObject()
            opened()
        }

        /// `}`: closes the object `beginObject` opened.
        @inline(__always)
        public mutating func endObject() {
            place.endObject()
            closed()
        }

        /// `"key":[`: a member whose value is an array, closed by `endArray`.
        @inline(__always)
        public mutating func beginArray(_ key: StaticString) {
            precede(key)
            place.beginArray(key)
            opened()
        }

        /// `]`: closes the array `beginArray` opened.
        @inline(__always)
        public mutating func endArray() {
            place.endArray()
            closed()
        }

        /// `"key":{"unit":…,"value":…}` for a speed limit, `"key":{"none":true}` for a road without
        /// one (as its `Codable` form writes them), left out when nil.
        @inline(__always)
        public mutating func member(_ key: StaticString, _ limit: SpeedLimit?) {
            guard let limit else { return }
            beginObject(key)
            if limit.isUnlimited {
                member("none", true)
            } else {
                member("unit", limit.unit)
                member("value", limit.value)
            }
            endObject()
        }

        /// `"key":value` for a number (shortest form), left out when nil.
        @inline(__always)
        public mutating func member(_ key: StaticString, _ value: Double?) {
            guard let value else { return }
            precede(key)
            place.member(key, value)
        }

        /// `"key":value` for an integer, left out when nil.
        @inline(__always)
        public mutating func member(_ key: StaticString, _ value: Int?) {
            guard let value else { return }
            precede(key)
            place.member(key, value)
        }

        /// `"key":value` for a boolean, left out when nil.
        @inline(__always)
        public mutating func member(_ key: StaticString, _ value: Bool?) {
            guard let value else { return }
            precede(key)
            place.member(key, value)
        }

        /// `"key":"value"` for a string, left out when nil.
        @inline(__always)
        public mutating func member(_ key: StaticString, _ value: String?) {
            guard let value else { return }
            precede(key)
            place.member(key, value)
        }

        @inline(__always)
        private mutating func opened() {
            nesting += 1
            #if DEBUG
            previousKeys.append(nil)
            #endif
        }

        @inline(__always)
        private mutating func closed() {
            nesting -= 1
            #if DEBUG
            previousKeys.removeLast()
            #endif
        }

        /// Before each key: its order checked (debug builds), then the pending envelope members
        /// that sort before it written.
        @inline(__always)
        private mutating func precede(_ key: StaticString) {
            #if DEBUG
            key.withUTF8Buffer { name in
                if let previous = previousKeys[nesting] {
                    assert(previous.lexicographicallyPrecedes(name),
                           "wire keys out of order: \"\(String(decoding: name, as: UTF8.self))\" after \"\(String(decoding: previous, as: UTF8.self))\"")
                }
                previousKeys[nesting] = Array(name)
            }
            #endif
            guard nesting == 0, envelope.isPending else { return }
            writeEnvelope(before: key)
        }

        /// Writes the pending envelope members that sort before `key` (out of line: most keys
        /// have none to write).
        @inline(never)
        private mutating func writeEnvelope(before key: StaticString) {
            var pending = envelope
            key.withUTF8Buffer { pending.write(before: $0, to: &place) }
            envelope = pending
        }
    }

    /// Whether the compile-time key `a` sorts strictly before `b`.
    static func precedes(_ a: StaticString, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.withUTF8Buffer { precedes($0, b) }
    }

    // MARK: Nesting

    /// Writes `value` as a nested object (no envelope).
    public mutating func object(_ value: some WireObject) {
        json.beginObject()
        depth += 1
        #if DEBUG
        previousKeys.append(nil)
        #endif
        value.writeMembers(to: &self)
        depth -= 1
        #if DEBUG
        previousKeys.removeLast()
        #endif
        json.endObject()
    }

    // MARK: Members (absent optionals are left out)

    /// `"key":value` for an integer.
    public mutating func member(_ key: StaticString, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        self.key(key)
        json.int(value)
    }

    /// `"key":value` for an integer.
    public mutating func member(_ key: StaticString, _ value: Int?) {
        guard let value else { return }
        self.key(key)
        json.int(value)
    }

    /// `"key":value` for a number (shortest round-tripping form, as `JSONEncoder`).
    public mutating func member(_ key: StaticString, _ value: Double?) {
        guard let value else { return }
        precede(key)
        json.member(key, value)
    }

    /// `"key":value` for a string.
    public mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        precede(key)
        json.member(key, value)
    }

    /// `"key":value` for a boolean.
    public mutating func member(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        json.bool(value)
    }

    /// `"key":value` for a string enumeration (its raw value).
    public mutating func member<Value: RawRepresentable<String>>(_ key: StaticString, _ value: Value?) {
        guard let value else { return }
        precede(key)
        json.member(key, value.rawValue)
    }

    /// `"key":value` for a time (ISO 8601 UTC, milliseconds).
    public mutating func member(_ key: StaticString, _ value: WireTime?) {
        guard let value else { return }
        self.key(key)
        json.wireTime(value.timestamp)
    }

    /// `"key":value` for any JSON value, object members sorted by key (as `JSONEncoder` with `.sortedKeys`).
    public mutating func member(_ key: StaticString, _ value: JSONValue?) {
        guard let value else { return }
        self.key(key)
        json.sortedValue(value)
    }

    /// `"key":{…}` for a nested object.
    public mutating func member(_ key: StaticString, _ value: (some WireObject)?) {
        guard let value else { return }
        self.key(key)
        object(value)
    }

    /// `"key":[{…},…]` for an array of objects.
    public mutating func member(_ key: StaticString, _ values: [some WireObject]?) {
        guard let values else { return }
        self.key(key)
        json.beginArray()
        for value in values { object(value) }
        json.endArray()
    }

    /// `"key":[…]` for an array of numbers.
    public mutating func member(_ key: StaticString, _ values: [Double]?) {
        guard let values else { return }
        self.key(key)
        json.beginArray()
        for value in values { json.number(value) }
        json.endArray()
    }

    /// `"key":[…]` for an array of strings.
    public mutating func member(_ key: StaticString, _ values: [String]?) {
        guard let values else { return }
        self.key(key)
        json.beginArray()
        for value in values { json.string(value) }
        json.endArray()
    }

    /// `"key":[…]` for an array of string enumerations.
    public mutating func member<Value: RawRepresentable<String>>(_ key: StaticString, _ values: [Value]?) {
        guard let values else { return }
        self.key(key)
        json.beginArray()
        for value in values { json.string(value.rawValue) }
        json.endArray()
    }
}

extension JSONWriter {
    /// Writes `"2026-11-29T17:55:42.123Z"` (quoted): the wire's `time`, as `iso8601`.
    mutating func wireTime(_ time: Timestamp) {
        rawValue(maximumCount: Self.wireTimeMaximumCount) { Self.writeWireTime(time, to: $0) }
    }

    /// The most bytes `writeWireTime` writes.
    static let wireTimeMaximumCount = Timestamp.iso8601MaximumCount + 2

    /// Writes the quoted wire time at `out`; returns the count.
    static func writeWireTime(_ time: Timestamp, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        let end = 1 + time.writeISO8601(fractionDigits: 3, to: out + 1)
        out[end] = UInt8(ascii: "\"")
        return end + 1
    }
}
