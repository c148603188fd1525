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
        self = writer.text(Array(text.utf8))
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

    /// Memory holding the bytes of several sentences. A byte is written once, by the one
    /// `Writer` that holds the block, before any `SentenceText` refers to it; a block is written
    /// over only when a writer takes it back (`Spare`) with no sentence and no other holder
    /// referring to it. Readers on other threads only ever read bytes no one writes.
    fileprivate final class Block: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    /// The block a finished `Writer` leaves, for the next writer to reuse once none of its
    /// sentences is held any more (a decoder keeps it from one read to the next).
    public struct Spare: Sendable {
        fileprivate let block: Block
    }

    /// Makes `SentenceText`s, copying each sentence into a block it shares with the ones before
    /// it (a new block when one is full). Noncopyable and made for one stretch of decoding (one
    /// read's bytes), so that no two writers ever write into one block.
    public struct Writer: ~Copyable {
        private var block: Block?
        private var used = 0
        private let blockSize: Int

        /// A writer filling blocks of `blockSize` bytes (a longer sentence gets a block of its
        /// size), starting with `spare`'s block when nothing else refers to it; `spare` is emptied.
        public init(reusing spare: inout Spare?, blockSize: Int = 4096) {
            self.blockSize = blockSize
            if var reused = spare.take()?.block, isKnownUniquelyReferenced(&reused) { block = reused }
        }

        /// A writer filling blocks of `blockSize` bytes.
        public init(blockSize: Int = 4096) {
            self.blockSize = blockSize
        }

        /// A sentence holding a copy of `bytes`.
        public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> SentenceText {
            let count = bytes.count
            if block.map({ $0.capacity - used < count }) ?? true {
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

        /// Ends the writer, leaving its block for a later one.
        public consuming func finish() -> Spare? {
            block.map(Spare.init)
        }
    }
}
