/// One raw NMEA sentence as received, without CR LF: its ASCII bytes.
///
/// A decoder's sentences share blocks of memory (`SentenceText.Writer`): a sentence costs a copy
/// of its bytes, not an allocation and a UTF-8 check of its own as a `String` did (eleven per fix
/// from a receiver that sends a sky view every second). `string` makes the text when an outlet
/// needs it.
public struct SentenceText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    private let block: Block
    private let start: Int
    /// The number of bytes.
    public let count: Int

    /// A sentence holding `text`'s UTF-8 bytes (in a block of its own).
    public init(_ text: String) {
        var writer = Writer(blockSize: 0)
        self = text.utf8.withContiguousStorageIfAvailable { writer.text($0) } ?? writer.text(Array(text.utf8))
    }

    /// A sentence holding `value`'s bytes.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    private init(block: Block, start: Int, count: Int) {
        self.block = block
        self.start = start
        self.count = count
    }

    /// The sentence as text.
    public var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    public var description: String { string }

    /// Calls `body` with the sentence's bytes.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(block) { try body(UnsafeBufferPointer(start: block.base + start, count: count)) }
    }

    public static func == (a: SentenceText, b: SentenceText) -> Bool {
        a.withBytes { x in b.withBytes { y in x.elementsEqual(y) } }
    }

    public func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Memory holding the bytes of several sentences. A byte is written once, before any
    /// `SentenceText` refers to it, and never again while one does (`Writer` writes only past
    /// the bytes already handed out, and starts a block over only when it holds the one
    /// reference): readers on other threads only ever read bytes no one writes.
    private final class Block: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    /// Makes `SentenceText`s of a decoder's sentences, copying each into a block it shares with
    /// the sentences before it: a new block only when the current one is full and some of its
    /// sentences are still held somewhere (otherwise the block is written over from the start).
    public struct Writer: Sendable {
        private var block: Block?
        private var used = 0
        private let blockSize: Int

        /// A writer filling blocks of `blockSize` bytes (a longer sentence gets a block of its size).
        public init(blockSize: Int = 4096) {
            self.blockSize = blockSize
        }

        /// A sentence holding a copy of `bytes`.
        public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> SentenceText {
            let count = bytes.count
            if let current = block, current.capacity - used >= count {
                // Room after the bytes already handed out.
            } else if isKnownUniquelyReferenced(&block), let current = block, current.capacity >= count {
                used = 0  // no sentence refers to the block any more
            } else {
                block = Block(capacity: max(blockSize, count, 1))
                used = 0
            }
            guard let block else { preconditionFailure("SentenceText.Writer: no block") }
            if let source = bytes.baseAddress, count > 0 { (block.base + used).update(from: source, count: count) }
            let text = SentenceText(block: block, start: used, count: count)
            used += count
            return text
        }

        /// A sentence holding a copy of `bytes`.
        public mutating func text(_ bytes: [UInt8]) -> SentenceText {
            bytes.withUnsafeBufferPointer { text($0) }
        }
    }
}
