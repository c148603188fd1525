import Synchronization

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
        var utf8 = text
        self = utf8.withUTF8 { writer.text($0) }
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

    /// Memory holding the bytes of several sentences. Its bytes are handed out by an atomic
    /// cursor, so writers sharing a block (copies of one decoder, even on other threads) never
    /// hand out the same bytes; a block is started over only by a writer holding the one
    /// reference to it, when no sentence and no other writer can read or write it. A byte is
    /// written once before any `SentenceText` refers to it, so readers on other threads only
    /// ever read bytes no one writes.
    fileprivate final class Block: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        /// Bytes handed out so far (past `capacity` once a writer found no room).
        let used = Atomic<Int>(0)

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    /// Makes `SentenceText`s, copying each sentence after the ones before it in a shared block;
    /// when the block is full it starts it over if nothing else refers to it any more, else it
    /// takes a new one. A decoder keeps one, so that in steady state its sentences cost no
    /// allocation at all.
    public struct Writer: Sendable {
        private var block: Block?
        private let blockSize: Int

        /// A writer filling blocks of `blockSize` bytes (a longer sentence gets a block of its size).
        public init(blockSize: Int = 4096) {
            self.blockSize = blockSize
        }

        /// A sentence holding a copy of `bytes`.
        public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> SentenceText {
            let count = bytes.count
            let start: Int
            if let current = block, case let taken = current.used.wrappingAdd(count, ordering: .relaxed).oldValue,
               taken + count <= current.capacity {
                start = taken
            } else if isKnownUniquelyReferenced(&block), let current = block, current.capacity >= count {
                current.used.store(count, ordering: .relaxed)  // no sentence refers to the block any more
                start = 0
            } else {
                let fresh = Block(capacity: max(blockSize, count, 1))
                fresh.used.store(count, ordering: .relaxed)
                block = fresh
                start = 0
            }
            guard let block else { preconditionFailure("SentenceText.Writer: no block") }
            if let source = bytes.baseAddress, count > 0 { (block.base + start).update(from: source, count: count) }
            return SentenceText(block: block, start: start, count: count)
        }

        /// A sentence holding a copy of `bytes`.
        public mutating func text(_ bytes: [UInt8]) -> SentenceText {
            bytes.withUnsafeBufferPointer { text($0) }
        }
    }
}
