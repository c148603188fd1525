public import JSON

/// A gpsd object that writes itself as gpsd 3.22 does: members in gpsd's order, numbers with
/// gpsd's fixed precision (`%.9f` and friends), straight into a reusable `JSONWriter`.
public protocol GPSDObject {
    /// Appends the object (no line end) to `json`.
    func write(to json: inout JSONWriter)
}

extension GPSDObject {
    /// The object as gpsd prints it, one JSON object without a line end.
    public var json: String {
        var writer = JSONWriter(capacity: 256)
        write(to: &writer)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}

/// gpsd's spelling of members: `"class"` first, optional members left out, non-finite
/// numbers left out, strings escaped as gpsd's `json_stringify` (control characters other
/// than `\n`, `\r`, `\t` as `\u00xx`).
extension JSONWriter {
    /// `{"class":"NAME"`: starts a gpsd object.
    mutating func beginGPSDObject(class name: StaticString) {
        beginObject()
        member("class", text: name)
    }

    /// `"key":value` with `decimals` fixed decimals; left out when nil or not finite.
    mutating func gpsdMember(_ key: StaticString, _ value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        member(key, value, decimals: decimals)
    }

    /// `"key":"text"` escaped as gpsd does; left out when nil.
    mutating func gpsdMember(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        self.key(key)
        rawValue { GPSDJSON.appendQuoted(value, to: &$0) }
    }
}

extension JSONWriter.InPlace {
    /// `"key":value` with `decimals` fixed decimals; left out when nil or not finite (gpsd).
    @inline(__always)
    mutating func gpsdMember(_ key: StaticString, _ value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        member(key, value, decimals: decimals)
    }
}

/// gpsd's string quoting, for objects and for client commands.
enum GPSDJSON {
    /// `s` quoted as gpsd writes strings.
    static func quoted(_ s: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `s` quoted: `"` and `\` escaped, `\n` `\r` `\t` by letter, other control
    /// characters as `\u00xx`, everything else as UTF-8.
    static func appendQuoted(_ s: String, to bytes: inout [UInt8]) {
        func escape(_ letter: UInt8) {
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(letter)
        }
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape(b)
            case 0x0A: escape(UInt8(ascii: "n"))
            case 0x0D: escape(UInt8(ascii: "r"))
            case 0x09: escape(UInt8(ascii: "t"))
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
