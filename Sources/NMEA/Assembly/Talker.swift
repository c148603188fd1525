/// A sentence's talker (`GP`, `GN`, `PQ`…) as the assembler compares it: its bytes packed into
/// one integer with their count, so comparing two talkers and reading the second letter compares
/// no strings. Exact for talkers of up to seven bytes (the parser's have two).
struct Talker: Equatable, Sendable {
    private let code: UInt64
    /// The talker's last byte (its second letter: gpsd reads the system from it); nil when empty.
    let last: UInt8?

    /// The talker `text`.
    init(_ text: String) {
        var text = text
        // Through the string's UTF-8 at a pointer (a small string's on the stack): iterating its
        // `utf8` view cost ~150 instructions a talker.
        (code, last) = text.withUTF8 { bytes in
            var code: UInt64 = 0
            for b in bytes.prefix(7) { code = code << 8 | UInt64(b) }
            return (code | UInt64(min(bytes.count, 0xFF)) << 56, bytes.last)
        }
    }

    private init(code: UInt64, last: UInt8) {
        self.code = code
        self.last = last
    }

    /// `GN`, the multi-system talker.
    static var gn: Talker { Talker(code: 2 << 56 | 0x474E, last: UInt8(ascii: "N")) }

    /// The two-letter talker `first` `second` (for the few the assembler names).
    static func letters(_ first: UInt8, _ second: UInt8) -> Talker {
        Talker(code: 2 << 56 | UInt64(first) << 8 | UInt64(second), last: second)
    }
}
