/// Reads an OpenStreetMap `.osm.pbf` file: a sequence of [4-byte big-endian length][BlobHeader][Blob],
/// each blob a zlib-compressed `OSMHeader` or `OSMData` (PrimitiveBlock). Field numbers follow
/// osmformat.proto / fileformat.proto of the OSM-binary project.
struct PBFReader {
    /// Which ways and relations to keep (nodes are always kept: their positions are needed).
    let keepWay: ([String: String]) -> Bool
    let keepRelation: ([String: String]) -> Bool

    /// Whether `bytes` look like a PBF file: a small big-endian header length followed by an "OSMHeader" BlobHeader.
    static func looksLikePBF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes[0] == 0, bytes[1] == 0 else { return false }
        return bytes[4..<min(bytes.count, 40)].starts(with: [0x0A, 0x09] + Array("OSMHeader".utf8))
    }

    /// Decodes the whole file, reporting the fraction of bytes consumed through `progress`.
    func read(_ bytes: [UInt8], progress: (Double) -> Void) throws(OSMImportError) -> OSMElements {
        var elements = OSMElements()
        var offset = 0
        while offset < bytes.count {
            let blobStart = offset
            guard bytes.count - offset >= 4 else { throw .corruptPBF(offset: offset, reason: "truncated blob header length") }
            let headerLength = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            guard headerLength <= 64 * 1024, bytes.count - offset >= headerLength else {
                throw .corruptPBF(offset: blobStart, reason: "blob header of \(headerLength) bytes runs past the end")
            }
            let (type, dataSize) = try wrap(blobStart) { () throws(ProtobufError) in
                try Self.blobHeader(ProtobufReader(bytes, range: offset..<(offset + headerLength)))
            }
            offset += headerLength
            guard dataSize >= 0, dataSize <= 32 * 1024 * 1024, bytes.count - offset >= dataSize else {
                throw .corruptPBF(offset: blobStart, reason: "blob of \(dataSize) bytes runs past the end")
            }
            let block = try blobPayload(bytes, range: offset..<(offset + dataSize), blobStart: blobStart)
            offset += dataSize
            switch type {
            case "OSMHeader": try wrap(blobStart) { () throws(OSMImportError) in try Self.checkHeader(block) }
            case "OSMData":
                try wrap(blobStart) { () throws(ProtobufError) in
                    try PrimitiveBlockDecoder(block: block, keepWay: keepWay, keepRelation: keepRelation).decode(into: &elements)
                }
            default: break  // unknown blob types are skipped, as the format asks
            }
            progress(Double(offset) / Double(bytes.count))
        }
        elements.finish()
        return elements
    }

    /// The `type` (1) and `datasize` (3) of a BlobHeader.
    private static func blobHeader(_ message: ProtobufReader) throws(ProtobufError) -> (String, Int) {
        var reader = message
        var type = "", size = -1
        while let field = try reader.nextField() {
            switch (field.number, field.type) {
            case (1, .lengthDelimited): type = String(decoding: try reader.readBytes(), as: UTF8.self)
            case (3, .varint): size = Int(truncatingIfNeeded: try reader.readVarint())
            default: try reader.skip(field.type)
            }
        }
        return (type, size)
    }

    /// The uncompressed payload of a Blob: `raw` (1) or `zlib_data` (3) with `raw_size` (2).
    private func blobPayload(_ bytes: [UInt8], range: Range<Int>, blobStart: Int) throws(OSMImportError) -> [UInt8] {
        var reader = ProtobufReader(bytes, range: range)
        var rawSize = 0
        var zlib: ArraySlice<UInt8>?
        var raw: ArraySlice<UInt8>?
        do {
            while let field = try reader.nextField() {
                switch (field.number, field.type) {
                case (1, .lengthDelimited): raw = try reader.readBytes()
                case (2, .varint): rawSize = Int(truncatingIfNeeded: try reader.readVarint())
                case (3, .lengthDelimited): zlib = try reader.readBytes()
                case (4, _), (6, _), (7, _): throw OSMImportError.unsupportedFeature("blob compression field \(field.number) (only zlib and raw are read)")
                default: try reader.skip(field.type)
                }
            }
        } catch let error as OSMImportError {
            throw error
        } catch {
            throw .corruptPBF(offset: blobStart, reason: "\(error)")
        }
        if let raw { return Array(raw) }
        guard let zlib, rawSize > 0, rawSize <= 64 * 1024 * 1024 else {
            throw .corruptPBF(offset: blobStart, reason: "blob without data or with raw_size \(rawSize)")
        }
        switch Inflater.inflate(zlib, size: rawSize) {
        case .success(let data): return data
        case .failure(let failure): throw .inflateFailed(offset: blobStart, code: failure.code)
        }
    }

    /// Rejects files needing features other than the schema and dense nodes (`required_features`, field 4).
    private static func checkHeader(_ block: [UInt8]) throws(OSMImportError) {
        var reader = ProtobufReader(block)
        do {
            while let field = try reader.nextField() {
                guard field.number == 4, field.type == .lengthDelimited else {
                    try reader.skip(field.type)
                    continue
                }
                let feature = String(decoding: try reader.readBytes(), as: UTF8.self)
                guard ["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation"].contains(feature) else {
                    throw OSMImportError.unsupportedFeature(feature)
                }
            }
        } catch let error as OSMImportError {
            throw error
        } catch {
            throw .corruptPBF(offset: 0, reason: "header block: \(error)")
        }
    }

    /// Runs `body`, turning a protobuf error into `corruptPBF` at `offset`.
    private func wrap<T, E: Error>(_ offset: Int, _ body: () throws(E) -> T) throws(OSMImportError) -> T {
        do {
            return try body()
        } catch let error as OSMImportError {
            throw error
        } catch {
            throw .corruptPBF(offset: offset, reason: "\(error)")
        }
    }
}
