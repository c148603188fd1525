import Jobs

/// Reads an OpenStreetMap `.osm.pbf` file: a sequence of [4-byte big-endian length][BlobHeader][Blob],
/// each blob a zlib-compressed `OSMHeader` or `OSMData` (PrimitiveBlock). Field numbers follow
/// osmformat.proto / fileformat.proto of the OSM-binary project.
///
/// The file is read in two passes so that only what the road graph needs is ever held: the ways
/// pass keeps the routable ways (flat node references, interned profiles) and the restriction
/// relations and notes which blocks hold nodes; the nodes pass reads only those blocks again and
/// keeps the positions of the nodes the ways use. Each pass inflates and decodes a batch of blocks
/// at once on `runner`'s workers (batches sized to the memory budget) and merges the results in
/// file order, so the outcome does not depend on the number of workers.
struct PBFReader: Sendable {
    /// Which profiles' ways are kept.
    let policies: [TagPolicy]
    /// Bounds the bytes of blocks decoded at once, nil for the default batch.
    let budget: MemoryBudget?
    /// Runs the block decoding.
    let runner: JobRunner

    /// One blob of the file: where it starts (for errors), its type, its payload in the file.
    private struct Blob: Sendable {
        var start: Int
        var type: String
        /// The raw bytes, or the zlib stream, within the file.
        var payload: Range<Int>
        var compressed: Bool
        /// Uncompressed size.
        var rawSize: Int
    }

    /// Whether `bytes` (a file's first bytes, 40 are enough) look like a PBF file: a small big-endian
    /// header length followed by an "OSMHeader" BlobHeader.
    static func looksLikePBF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes[0] == 0, bytes[1] == 0 else { return false }
        return bytes[4..<min(bytes.count, 40)].starts(with: [0x0A, 0x09] + Array("OSMHeader".utf8))
    }

    /// Uncompressed bytes of blocks decoded at once without a budget (or with a large one): some
    /// blocks per worker, while the decoded ways of a batch stay small (8 MB of way blocks decode
    /// to some 60,000 ways with their profiles before they are merged and interned).
    static let defaultBatchBytes = 8 << 20

    /// Decodes the file, reporting the phases `ways` and `nodes` through `progress`; reads it blob
    /// by blob (each batch's blobs when they are decoded), never whole.
    func read(_ bytes: some OSMSource, progress: (ImportProgress) -> Void) throws(OSMImportError) -> OSMElements {
        let blobs = try index(bytes)
        var elements = OSMElements()
        var nodeBlobs: [Int] = []
        let dataBlobs = blobs.indices.filter { blobs[$0].type == "OSMData" }
        try forEachBatch(dataBlobs, blobs, phase: .ways, progress: progress) { (blob) throws(OSMImportError) in
            try Self.decodeBlock(bytes, blob) { (block) throws(ProtobufError) in try block.decodeWays(policies: policies) }
        } merge: { index, block in
            var start = 0
            for way in block.ways {
                elements.addWay(id: way.id, refs: block.refs[start..<way.end], profile: way.profile)
                start = way.end
            }
            elements.highwayWays += block.highwayWays
            elements.relations += block.relations
            if block.hasNodes { nodeBlobs.append(index) }
        }
        if let budget {
            // The used-node table: the sorted copy of every reference, then an id and a position per node.
            try budget.check(
                "reading the \(elements.wayNodeRefs.count) node references of \(elements.ways.count) ways",
                needs: elements.wayBytes + elements.wayNodeRefs.count * 8 + elements.wayNodeRefs.count * 24)
        }
        elements.indexUsedNodes()
        let used = elements.nodeIDs
        try forEachBatch(nodeBlobs, blobs, phase: .nodes, progress: progress) { (blob) throws(OSMImportError) in
            try Self.decodeBlock(bytes, blob) { (block) throws(ProtobufError) in try block.decodeNodes(used: used) }
        } merge: { _, block in
            for s in block.slots { elements.setNode(slot: Int(s.slot), latitude: s.latitude, longitude: s.longitude) }
            for f in block.facts { elements.addNodeFacts(id: f.id, control: f.control, barriers: f.barriers) }
            elements.nodesRead += block.nodesRead
        }
        return elements
    }

    /// Decodes the blobs at `indices` in batches on the runner, merging each result in file order.
    private func forEachBatch<T: Sendable>(
        _ indices: [Int], _ blobs: [Blob], phase: ImportProgress.Phase, progress: (ImportProgress) -> Void,
        work: @escaping @Sendable (Blob) throws(OSMImportError) -> T, merge: (Int, T) -> Void
    ) throws(OSMImportError) {
        // Decoded blocks take several times their raw bytes while merged, on every worker.
        let batchBytes = budget.map { min(Self.defaultBatchBytes, max(256 << 10, $0.bytes / 64)) } ?? Self.defaultBatchBytes
        var next = 0
        progress(ImportProgress(phase: phase, fraction: 0))
        while next < indices.count {
            var end = next + 1, size = blobs[indices[next]].rawSize
            while end < indices.count, size + blobs[indices[end]].rawSize <= batchBytes {
                size += blobs[indices[end]].rawSize
                end += 1
            }
            let batch = Array(indices[next..<end])
            let results = runner.map(batch.count) { i -> Result<T, OSMImportError> in
                do throws(OSMImportError) { return .success(try work(blobs[batch[i]])) } catch { return .failure(error) }
            }
            for (index, result) in zip(batch, results) {
                switch result {
                case .success(let value): merge(index, value)
                case .failure(let error): throw error
                }
            }
            next = end
            progress(ImportProgress(phase: phase, fraction: Double(next) / Double(indices.count)))
        }
    }

    /// Inflates `blob` and runs `body` on its block, turning protobuf errors into `corruptPBF`.
    private static func decodeBlock<T>(_ bytes: some OSMSource, _ blob: Blob, _ body: (PrimitiveBlockDecoder) throws(ProtobufError) -> T)
        throws(OSMImportError) -> T
    {
        let block = try payload(bytes.bytes(in: blob.payload), of: blob)
        do {
            return try body(PrimitiveBlockDecoder(block: block))
        } catch {
            throw .corruptPBF(offset: blob.start, reason: "\(error)")
        }
    }

    /// The blobs of the file, checking the framing and the header block (without inflating data
    /// blocks), reading one blob at a time.
    private func index(_ file: some OSMSource) throws(OSMImportError) -> [Blob] {
        var blobs: [Blob] = []
        var offset = 0
        let count = file.byteCount
        while offset < count {
            let blobStart = offset
            guard count - offset >= 4 else { throw .corruptPBF(offset: offset, reason: "truncated blob header length") }
            let headerLength = try file.bytes(in: offset..<(offset + 4)).reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            guard headerLength <= 64 * 1024, count - offset >= headerLength else {
                throw .corruptPBF(offset: blobStart, reason: "blob header of \(headerLength) bytes runs past the end")
            }
            let header = try file.bytes(in: offset..<(offset + headerLength))
            let (type, dataSize) = try wrap(blobStart) { () throws(ProtobufError) in try Self.blobHeader(ProtobufReader(header)) }
            offset += headerLength
            guard dataSize >= 0, dataSize <= 32 * 1024 * 1024, count - offset >= dataSize else {
                throw .corruptPBF(offset: blobStart, reason: "blob of \(dataSize) bytes runs past the end")
            }
            let bytes = try file.bytes(in: offset..<(offset + dataSize))
            var blob = try Self.blob(bytes, type: type, blobStart: blobStart)
            let local = blob.payload
            blob.payload = (offset + local.lowerBound)..<(offset + local.upperBound)
            offset += dataSize
            switch type {
            case "OSMHeader":
                try wrap(blobStart) { () throws(OSMImportError) in try Self.checkHeader(try Self.payload(Array(bytes[local]), of: blob)) }
            case "OSMData": blobs.append(blob)
            default: break  // unknown blob types are skipped, as the format asks
            }
        }
        return blobs
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

    /// Where a Blob's data is: `raw` (1) or `zlib_data` (3) with `raw_size` (2).
    /// (`bytes` is the Blob message; the payload range returned is within it.)
    private static func blob(_ bytes: [UInt8], type: String, blobStart: Int) throws(OSMImportError) -> Blob {
        var reader = ProtobufReader(bytes)
        var rawSize = 0
        var zlib: Range<Int>?
        var raw: Range<Int>?
        do {
            while let field = try reader.nextField() {
                switch (field.number, field.type) {
                case (1, .lengthDelimited): raw = try reader.readLengthDelimited()
                case (2, .varint): rawSize = Int(truncatingIfNeeded: try reader.readVarint())
                case (3, .lengthDelimited): zlib = try reader.readLengthDelimited()
                case (4, _), (6, _), (7, _): throw OSMImportError.unsupportedFeature("blob compression field \(field.number) (only zlib and raw are read)")
                default: try reader.skip(field.type)
                }
            }
        } catch let error as OSMImportError {
            throw error
        } catch {
            throw .corruptPBF(offset: blobStart, reason: "\(error)")
        }
        if let raw { return Blob(start: blobStart, type: type, payload: raw, compressed: false, rawSize: raw.count) }
        guard let zlib, rawSize > 0, rawSize <= 64 * 1024 * 1024 else {
            throw .corruptPBF(offset: blobStart, reason: "blob without data or with raw_size \(rawSize)")
        }
        return Blob(start: blobStart, type: type, payload: zlib, compressed: true, rawSize: rawSize)
    }

    /// The uncompressed payload of `blob` from its stored bytes `stored`.
    private static func payload(_ stored: [UInt8], of blob: Blob) throws(OSMImportError) -> [UInt8] {
        guard blob.compressed else { return stored }
        switch Inflater.inflate(stored[...], size: blob.rawSize) {
        case .success(let data): return data
        case .failure(let failure): throw .inflateFailed(offset: blob.start, code: failure.code)
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
