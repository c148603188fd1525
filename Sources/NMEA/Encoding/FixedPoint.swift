import Foundation

/// Numbers printed as C's `printf` would (`%.Nf`, `%0W.Nf`, `%0Wd`) without paying for
/// Foundation's `String(format:)` on every call, which costs microseconds on Linux. Values within
/// a hair of a rounding tie, where the exact binary expansion decides, still go through
/// `String(format:)`, so the text stays byte-identical. Used by the NMEA encoder and gpsd's JSON.
public enum FixedPoint {
    /// `value` as `%.<decimals>f`.
    public static func format(_ value: Double, decimals: Int) -> String {
        guard decimals >= 0, decimals < powersOfTen.count, value.isFinite, abs(value) * powersOfTen[decimals] < 9e15 else {
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
        return out + "." + padded(Int(fraction), width: decimals)
    }

    /// `value` as `%0<width>.<decimals>f` (zero-padded on the left to `width` characters).
    public static func format(_ value: Double, decimals: Int, width: Int) -> String {
        let text = format(value, decimals: decimals)
        guard text.count < width else { return text }
        if text.hasPrefix("-") { return "-" + String(repeating: "0", count: width - text.count) + text.dropFirst() }
        return String(repeating: "0", count: width - text.count) + text
    }

    /// `value` as `%0<width>d`.
    public static func padded(_ value: Int, width: Int) -> String {
        let digits = String(abs(value))
        let sign = value < 0 ? "-" : ""
        let pad = max(0, width - digits.count - sign.count)
        return sign + String(repeating: "0", count: pad) + digits
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12]
}
