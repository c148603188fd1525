extension Watch {
    /// What gpsd 3.22 makes of `?WATCH=argument` from a client holding this policy.
    public struct RequestOutcome: Sendable, Hashable {
        /// The policy the client has afterwards. When the request is invalid it holds what gpsd's
        /// parser stored before it stopped: the defaults of `updated(by:)` and the members read.
        public var policy: Watch
        /// gpsd's parser message when the request is invalid (`Invalid WATCH: …`), e.g.
        /// `non-whitespace when expecting attribute start`.
        public var error: String?
        /// What follows the object (whitespace and then one `;` skipped), which gpsd reads as
        /// another request.
        public var trailing: Substring
    }

    /// Reads `?WATCH=argument;` as gpsd 3.22's JSON reader (`json_watch_read`) does, so that the
    /// same requests are accepted, rejected with the same message and leave the same policy.
    /// `text` is what gpsd reads: the argument and the byte that ended the request (`{;` is
    /// `non-whitespace when expecting attribute start`, an empty argument `… object start`).
    /// - a boolean is true only when it is the token `true` (`3`, `1`, `null` are false), an
    ///   integer (`raw`) is the C `atoi` of the token (`1.5` is 1, `true` is 0);
    /// - a quoted boolean or integer is `saw quoted value when expecting nonstring` (or, over
    ///   one character, `string value too long`), an unquoted `device` is `didn't see quoted value
    ///   when expecting string`;
    /// - unknown members (`class` too) are skipped, whatever their value but an array;
    /// - `{}` and a comma before `}` are `non-whitespace when expecting attribute start`; input
    ///   ending before `}` is accepted as far as it was read.
    public func updated(byRequest text: some StringProtocol) -> RequestOutcome {
        var reader = WatchReader(policy: updated(by: Watch(enable: nil, json: nil)))
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            switch reader.consume(bytes[index]) {
            case .next: index += 1
            case .again: break
            case .failed(let message): return RequestOutcome(policy: reader.policy, error: message, trailing: "")
            case .done:
                index += 1
                while index < bytes.count, WatchReader.isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
                return RequestOutcome(policy: reader.policy, error: nil,
                                      trailing: Substring(String(decoding: bytes[index...], as: UTF8.self)))
            }
        }
        return RequestOutcome(policy: reader.policy, error: nil, trailing: "")
    }
}

/// gpsd's microjson object reader (`json_internal_read_object`), states and limits as in 3.22,
/// for the members of a WATCH.
private struct WatchReader {
    /// What became of one input byte.
    enum Step { case next, again, done, failed(String) }
    enum State { case start, awaitName, name, awaitValue, string, escape, token, afterValue }
    /// The kind gpsd declares a member as.
    enum Kind { case boolean, integer, string, ignored }

    /// gpsd's `JSON_ATTR_MAX` and `JSON_VAL_MAX`, and the room of a device path (`GPS_PATH_MAX`).
    static let nameLimit = 31, valueLimit = 512, pathLimit = 128

    var policy: Watch
    var state = State.start
    var name: [UInt8] = []
    var value: [UInt8] = []
    var quoted = false
    /// The longest quoted value the member takes, less one; like gpsd's, kept from the last
    /// member that sets one (a boolean or integer sets none).
    var maxLength = 0

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    static func kind(of name: [UInt8]) -> Kind {
        switch String(decoding: name, as: UTF8.self) {
        case "enable", "json", "nmea", "scaled", "timing", "split24", "pps": .boolean
        case "raw": .integer
        case "device": .string
        default: .ignored
        }
    }

    mutating func consume(_ byte: UInt8) -> Step {
        let space = Self.isSpace(byte)
        switch state {
        case .start:
            if space { return .next }
            guard byte == UInt8(ascii: "{") else { return .failed("non-whitespace when expecting object start") }
            state = .awaitName
        case .awaitName:
            if space { return .next }
            guard byte == UInt8(ascii: "\"") else { return .failed("non-whitespace when expecting attribute start") }
            name = []
            state = .name
        case .name:
            if byte == UInt8(ascii: "\"") {
                switch Self.kind(of: name) {
                case .string: maxLength = Self.pathLimit - 1
                case .ignored: maxLength = Self.valueLimit
                case .boolean, .integer: break
                }
                state = .awaitValue
            } else if name.count >= Self.nameLimit - 1 {
                return .failed("attribute name too long")
            } else {
                name.append(byte)
            }
        case .awaitValue:
            if space || byte == UInt8(ascii: ":") { return .next }
            if byte == UInt8(ascii: "[") { return .failed("saw [ when not expecting array") }
            quoted = byte == UInt8(ascii: "\"")
            value = quoted ? [] : [byte]
            state = quoted ? .string : .token
        case .string:
            if byte == UInt8(ascii: "\\") {
                state = .escape
            } else if byte == UInt8(ascii: "\"") {
                state = .afterValue
            } else if value.count > Self.valueLimit - 1 || value.count > maxLength {
                return .failed("string value too long")
            } else {
                value.append(byte)
            }
        case .escape:
            let escapes: [UInt8: UInt8] = [UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                                           UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09]
            value.append(escapes[byte] ?? byte)
            state = .string
        case .token:
            if space || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
                state = .afterValue
                return space ? .next : .again
            }
            if value.count > Self.valueLimit - 1 { return .failed("token value too long") }
            value.append(byte)
        case .afterValue:
            if let message = store() { return .failed(message) }
            if space { return .next }
            if byte == UInt8(ascii: ",") {
                state = .awaitName
            } else if byte == UInt8(ascii: "}") {
                return .done
            } else {
                return .failed("garbage while expecting comma or } or ]")
            }
        }
        return .next
    }

    /// Checks the member just read against its kind and stores it; gpsd's message if it does not fit.
    mutating func store() -> String? {
        let kind = Self.kind(of: name)
        if quoted, kind == .boolean || kind == .integer { return "saw quoted value when expecting nonstring" }
        if !quoted, kind == .string { return "didn't see quoted value when expecting string" }
        let text = String(decoding: value, as: UTF8.self)
        let flag = text == "true"
        switch String(decoding: name, as: UTF8.self) {
        case "enable": policy.enable = flag
        case "json": policy.json = flag
        case "nmea": policy.nmea = flag
        case "scaled": policy.scaled = flag
        case "timing": policy.timing = flag
        case "split24": policy.split24 = flag
        case "pps": policy.pps = flag
        case "raw": policy.raw = Self.atoi(value)
        // gpsd keeps a path of up to 127 bytes (its buffer's NUL after them).
        case "device": policy.device = value.isEmpty ? nil : String(decoding: value.prefix(Self.pathLimit - 1), as: UTF8.self)
        default: break
        }
        return nil
    }

    /// glibc's `atoi`, `(int)strtol(…)`: leading whitespace, an optional sign, then digits as far
    /// as they go (0 if none), saturated to 64 bits and then cut to the low 32 (a huge value is -1).
    static func atoi(_ bytes: [UInt8]) -> Int {
        var rest = bytes.drop { isSpace($0) }
        var negative = false
        if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        var magnitude: UInt64 = 0
        for byte in rest {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            magnitude = overflowTimes || overflowSum ? .max : sum
        }
        let long: Int64 = negative ? (magnitude > UInt64(Int64.max) ? .min : -Int64(magnitude))
                                   : Int64(min(magnitude, UInt64(Int64.max)))
        return Int(Int32(truncatingIfNeeded: long))
    }
}
