/// The layout shared by the graph and hierarchy files, made to be used in place (memory-mapped):
///
///     0   magic (4 bytes), format version (UInt32), section count (UInt32), contents CRC-32 (UInt32)
///     16  per section: byte offset (UInt64), value count (UInt64)
///     …   CRC-32 of everything above (UInt32), zero padding to a multiple of 8
///     …   the sections, each starting at a multiple of 8: little-endian fixed-size values back to back
///
/// Opening checks the header, the table's CRC and that every section lies inside the image, which
/// reads a few hundred bytes whatever the size; the contents CRC (of all bytes after the table)
/// is checked only on demand (`verifyContents()`), when loading from a byte array, or by a writer.
/// `Writer` writes one.
public struct SectionedImage: @unchecked Sendable {
    /// The image's bytes.
    public let bytes: UnsafeRawBufferPointer
    /// What keeps `bytes` alive.
    public let owner: any ByteOwner
    /// Per section, its byte offset and value count.
    let table: [(offset: Int, count: Int)]
    /// Where the sections start (the end of the header, the table and its CRC).
    let contentsStart: Int

    /// Opens `bytes` (kept alive by `owner`) as an image with `magic`, `version` and `sectionCount` sections.
    /// - Throws: `RoadGraphError.notAGraphFile` for another magic, `.unsupportedVersion`, `.truncated`
    ///   when the header or a section lies beyond the end, `.checksumMismatch` for a damaged table.
    public init(_ bytes: UnsafeRawBufferPointer, owner: any ByteOwner, magic: [UInt8], version: UInt32, sectionCount: Int)
        throws(RoadGraphError)
    {
        guard bytes.count >= 16, bytes.prefix(4).elementsEqual(magic) else { throw .notAGraphFile }
        func word(_ offset: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        guard word(4) == version else { throw .unsupportedVersion(word(4)) }
        guard Int(word(8)) == sectionCount else { throw .inconsistent("\(word(8)) sections, expected \(sectionCount)") }
        let tableEnd = 16 + 16 * sectionCount
        guard bytes.count >= tableEnd + 4 else { throw .truncated(offset: bytes.count) }
        let stored = word(tableEnd), computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<tableEnd]))
        guard stored == computed else { throw .checksumMismatch(expected: stored, found: computed) }
        contentsStart = Self.aligned(tableEnd + 4)
        var table: [(offset: Int, count: Int)] = []
        for s in 0..<sectionCount {
            let offset = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16 + 16 * s, as: UInt64.self))
            let count = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 24 + 16 * s, as: UInt64.self))
            guard offset >= UInt64(contentsStart), offset <= UInt64(bytes.count), offset % 8 == 0, count <= UInt64(bytes.count) else {
                throw .inconsistent("section \(s) at byte \(offset) with \(count) values lies outside the \(bytes.count)-byte file")
            }
            table.append((Int(offset), Int(count)))
        }
        self.bytes = bytes
        self.owner = owner
        self.table = table
    }

    /// An image of which `table` lists the sections (e.g. those written so far by a `Stream`), unchecked.
    init(bytes: UnsafeRawBufferPointer, owner: any ByteOwner, table: [(offset: Int, count: Int)], contentsStart: Int) {
        (self.bytes, self.owner, self.table, self.contentsStart) = (bytes, owner, table, contentsStart)
    }

    /// Section `index` as values of `T`.
    /// - Throws: `RoadGraphError.truncated` when its values run past the end of the image.
    public func section<T: FixedLayout>(_ index: Int, as _: T.Type = T.self) throws(RoadGraphError) -> MappedArray<T> {
        let (offset, count) = table[index]
        guard count <= (bytes.count - offset) / T.byteSize else { throw .truncated(offset: bytes.count) }
        return MappedArray(bytes: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count * T.byteSize)]), count: count, owner: owner)
    }

    /// Throws `RoadGraphError.checksumMismatch` unless the contents CRC matches (reads the whole image).
    public func verifyContents() throws(RoadGraphError) {
        let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[contentsStart...]))
        guard stored == computed else { throw .checksumMismatch(expected: stored, found: computed) }
    }

    /// The image's header: magic, version, section count, `contentsCRC`, the section `table` and its
    /// CRC, zero-padded to where the sections start.
    static func header(magic: [UInt8], version: UInt32, contentsCRC: UInt32, table: [(offset: Int, count: Int)]) -> [UInt8] {
        var header = ByteWriter()
        for b in magic { header.write(b) }
        header.write(version)
        header.write(UInt32(table.count))
        header.write(contentsCRC)
        for (offset, count) in table {
            header.write(UInt64(offset))
            header.write(UInt64(count))
        }
        header.write(CRC32.checksum(header.bytes))
        return header.bytes + [UInt8](repeating: 0, count: aligned(header.bytes.count) - header.bytes.count)
    }

    /// `offset` rounded up to a multiple of 8.
    static func aligned(_ offset: Int) -> Int { (offset + 7) & ~7 }

    /// Writes an image piece by piece: the header (with the contents CRC, computed by reading the
    /// sections once), then each section's bytes straight from where they lie, so writing a large
    /// image to a file needs no buffer of its size.
    public struct Writer {
        let magic: [UInt8], version: UInt32
        let sections: [ImageSection]
        /// Per section, its offset from the start of the image.
        let offsets: [Int]
        /// The image's size in bytes.
        public let byteCount: Int

        /// A writer of the image with `magic` and `version` holding `sections`, in order.
        public init(magic: [UInt8], version: UInt32, sections: [ImageSection]) {
            self.magic = magic
            self.version = version
            self.sections = sections
            var offset = SectionedImage.aligned(16 + 16 * sections.count + 4)
            var offsets: [Int] = []
            for section in sections {
                offset = SectionedImage.aligned(offset)
                offsets.append(offset)
                offset += section.bytes.count
            }
            self.offsets = offsets
            byteCount = offset
        }

        /// The whole image as one byte array.
        public func bytes() -> [UInt8] {
            var image: [UInt8] = []
            image.reserveCapacity(byteCount)
            write { image.append(contentsOf: $0) }
            return image
        }

        /// Calls `emit` with the image's bytes in order (the header, then padding and section bytes).
        public func write(_ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            let contentsStart = SectionedImage.aligned(16 + 16 * sections.count + 4)
            var crc: UInt32 = 0, position = contentsStart
            for (section, offset) in zip(sections, offsets) {
                crc = CRC32.update(crc, with: [UInt8](repeating: 0, count: offset - position))
                crc = CRC32.update(crc, with: section.bytes)
                position = offset + section.bytes.count
            }
            var bytes = SectionedImage.header(
                magic: magic, version: version, contentsCRC: crc, table: zip(sections, offsets).map { ($1, $0.count) })
            position = contentsStart
            for (section, offset) in zip(sections, offsets) {
                bytes += [UInt8](repeating: 0, count: offset - position)
                try bytes.withUnsafeBytes(emit)
                bytes = []
                try withExtendedLifetime(section.owner) { try emit(section.bytes) }
                position = offset + section.bytes.count
            }
            if !bytes.isEmpty { try bytes.withUnsafeBytes(emit) }
        }
    }
}

/// One section of an image to write: its raw little-endian values, their count, and what keeps the bytes alive.
public struct ImageSection {
    /// The values' bytes.
    public let bytes: UnsafeRawBufferPointer
    /// The number of values.
    public let count: Int
    /// The owner of `bytes`.
    let owner: (any ByteOwner)?
}

extension MappedArray {
    /// The array as a section of an image to write.
    public var imageSection: ImageSection { ImageSection(bytes: rawBytes, count: count, owner: owner) }
}
