/// Where a `SectionedImage.Stream` writes an image: a file the image's bytes are appended to,
/// whose first bytes can be written again (the header, once the sections are known) and whose
/// bytes written so far can be read back (mapped) while the rest is still to come.
public protocol ImageOutput: AnyObject {
    /// Appends `bytes` to the image.
    func append(_ bytes: UnsafeRawBufferPointer) throws
    /// Writes `bytes` over the image's first `bytes.count` bytes.
    func overwriteStart(with bytes: UnsafeRawBufferPointer) throws
    /// The image's first `count` bytes as written, read back, and what keeps them alive.
    func readBack(_ count: Int) throws -> (bytes: UnsafeRawBufferPointer, owner: any ByteOwner)
}

extension SectionedImage {
    /// Writes an image whose sections are made one after another, each written as soon as it is
    /// made (from where it lies, or value by value through a small buffer), so the image is never
    /// held whole nor its sections all at once: the header's place is filled with zeros first, the
    /// contents CRC computed as the sections go, and the header written over it by `finish()`. The
    /// bytes are those `Writer` makes from the same sections.
    public struct Stream {
        let magic: [UInt8], version: UInt32, sectionCount: Int
        let output: any ImageOutput
        /// Per section written, its offset from the start of the image and its value count.
        private(set) var table: [(offset: Int, count: Int)] = []
        private var crc: UInt32 = 0
        /// The bytes written so far.
        private(set) var position: Int

        /// Starts an image with `magic`, `version` and `sectionCount` sections on `output`.
        public init(magic: [UInt8], version: UInt32, sectionCount: Int, output: any ImageOutput) throws {
            (self.magic, self.version, self.sectionCount, self.output) = (magic, version, sectionCount, output)
            position = SectionedImage.aligned(16 + 16 * sectionCount + 4)
            try [UInt8](repeating: 0, count: position).withUnsafeBytes { try output.append($0) }
        }

        /// Appends `section`, written from where it lies.
        public mutating func append(_ section: ImageSection) throws {
            try startSection(count: section.count)
            try withExtendedLifetime(section.owner) { try write(section.bytes) }
        }

        /// Appends a section of `count` values of `T`, which `make` produces in order by calling
        /// the function it is given once per value; they are written 1 MiB at a time.
        /// - Throws: what the output throws, or `RoadGraphError.inconsistent` when `make` produces
        ///   another number of values.
        public mutating func append<T: FixedLayout>(_: T.Type, count: Int, _ make: (_ emit: (T) -> Void) -> Void) throws {
            try startSection(count: count)
            let capacity = max(1, (1 << 20) / T.byteSize) * T.byteSize
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
            defer { buffer.deallocate() }
            var filled = 0, made = 0
            var failure: (any Error)?
            make { value in
                made += 1
                guard failure == nil, made <= count else { return }
                value.store(to: buffer.baseAddress.unsafelyUnwrapped + filled)
                filled += T.byteSize
                guard filled == capacity else { return }
                do { try write(UnsafeRawBufferPointer(buffer)) } catch { failure = error }
                filled = 0
            }
            if let failure { throw failure }
            guard made == count else { throw RoadGraphError.inconsistent("section \(table.count - 1) made \(made) values, expected \(count)") }
            try write(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
        }

        /// The sections written so far, read back from the output.
        public func written() throws -> SectionedImage {
            let (bytes, owner) = try output.readBack(position)
            return SectionedImage(bytes: bytes, owner: owner, table: table, contentsStart: SectionedImage.aligned(16 + 16 * sectionCount + 4))
        }

        /// Writes the header over its place once every section is written; returns the image's size in bytes.
        /// - Throws: what the output throws, or `RoadGraphError.inconsistent` when sections are missing.
        public func finish() throws -> Int {
            guard table.count == sectionCount else { throw RoadGraphError.inconsistent("\(table.count) sections written, expected \(sectionCount)") }
            let header = SectionedImage.header(magic: magic, version: version, contentsCRC: crc, table: table)
            try header.withUnsafeBytes { try output.overwriteStart(with: $0) }
            return position
        }

        /// Pads to the next multiple of 8 and records a section of `count` values starting there.
        private mutating func startSection(count: Int) throws {
            precondition(table.count < sectionCount, "more sections than declared")
            let start = SectionedImage.aligned(position)
            try [UInt8](repeating: 0, count: start - position).withUnsafeBytes { try write($0) }
            table.append((start, count))
        }

        private mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard !bytes.isEmpty else { return }
            try output.append(bytes)
            crc = CRC32.update(crc, with: bytes)
            position += bytes.count
        }
    }
}
