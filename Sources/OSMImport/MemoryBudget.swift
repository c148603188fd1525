/// How much memory an import may use, e.g. `512M` or `2G`: the importer decodes the file in
/// batches of blocks sized to it, and before each phase checks what that phase must hold against
/// it, failing with `OSMImportError.overMemoryBudget` naming what would not fit.
public struct MemoryBudget: Hashable, Sendable, CustomStringConvertible {
    /// The budget in bytes.
    public var bytes: Int

    /// A budget of `bytes`.
    public init(bytes: Int) { self.bytes = bytes }

    /// Parses a size: a number with an optional K, M, G or T suffix (powers of 1024, an optional
    /// trailing `B` or `iB`), e.g. `512M`, `1.5G`, `2GiB`; nil for anything else or below 1 MiB.
    public init?(parsing text: String) {
        var digits = Substring(text.uppercased())
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var scale = 1.0
        if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][String(last)] {
            scale = Double(1 << (10 * power))
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(digits),
            value.isFinite, value * scale >= Double(1 << 20), value * scale < Double(1 << 50)
        else { return nil }
        bytes = Int(value * scale)
    }

    /// The bytes as a short size, e.g. `512 MB` or `1.5 GB` (powers of 1024).
    public static func format(_ bytes: Int) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) bytes" }
        let rounded = value >= 100 ? "\(Int(value.rounded()))" : "\(Double(Int((value * 10).rounded())) / 10)"
        return "\(rounded.hasSuffix(".0") ? String(rounded.dropLast(2)) : rounded) \(units[unit])"
    }

    /// The budget as a short size.
    public var description: String { Self.format(bytes) }

    /// Throws `overMemoryBudget` when `needed` bytes for `what` do not fit.
    func check(_ what: @autoclosure () -> String, needs needed: Int) throws(OSMImportError) {
        guard needed > bytes else { return }
        throw .overMemoryBudget(what: what(), needs: needed, budget: bytes)
    }
}
