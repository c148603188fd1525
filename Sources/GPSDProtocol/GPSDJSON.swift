import Foundation

/// A tiny writer for gpsd's JSON objects: fields in insertion order, numbers printed with
/// gpsd's fixed precision (`%.9f` and friends), so output matches gpsd byte for byte.
struct GPSDJSON {
    private(set) var text: String

    /// Starts an object with `"class":"NAME"`.
    init(class name: String) { text = "{\"class\":\"\(name)\"" }

    mutating func add(_ key: String, _ value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        text += ",\"\(key)\":" + Self.fixed(value, decimals: decimals)
    }

    /// `value` printed as C's `%.<decimals>f` would. Foundation's `String(format:)` costs
    /// microseconds per call on Linux, so the common case is done with integers; values that
    /// sit within a hair of a rounding tie (where the exact binary expansion decides) still go
    /// through `String(format:)`, so the output stays byte-identical to gpsd's.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard decimals >= 0, decimals < powersOfTen.count, abs(value) * powersOfTen[decimals] < 9e15 else {
            return String(format: "%.\(decimals)f", value)
        }
        let scale = powersOfTen[decimals]
        let scaled = abs(value) * scale
        let rounded = scaled.rounded(.toNearestOrEven)
        if abs(abs(scaled - rounded) - 0.5) < 1e-6 { return String(format: "%.\(decimals)f", value) }
        let units = Int64(rounded)
        let whole = units / Int64(scale), fraction = units % Int64(scale)
        // C prints the sign of negative values even when they round to zero ("-0.000").
        let out = (value.sign == .minus ? "-" : "") + String(whole)
        guard decimals > 0 else { return out }
        let digits = String(fraction)
        return out + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12]

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
