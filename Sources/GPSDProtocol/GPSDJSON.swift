import Foundation
import JSON
import NMEA

/// A tiny writer for gpsd's JSON objects: fields in insertion order, numbers printed with
/// gpsd's fixed precision (`%.9f` and friends), so output matches gpsd byte for byte.
struct GPSDJSON {
    private(set) var text: String

    /// Starts an object with `"class":"NAME"`.
    init(class name: String) { text = "{\"class\":\"\(name)\"" }

    mutating func add(_ key: String, _ value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        text += ",\"\(key)\":" + FixedPoint.format(value, decimals: decimals)
    }


    mutating func add(_ key: String, _ value: Int?) {
        guard let value else { return }
        text += ",\"\(key)\":\(value)"
    }

    mutating func add(_ key: String, _ value: Bool) {
        text += ",\"\(key)\":\(value)"
    }

    mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        text += ",\"\(key)\":" + Self.quoted(value)
    }

    /// Adds a raw JSON value (an array or object already written).
    mutating func addRaw(_ key: String, _ json: String) {
        text += ",\"\(key)\":" + json
    }

    /// The finished object.
    var object: String { text + "}" }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
