import Foundation
import RoadGraph
import Routing
import SystemIO

/// The map cache file, memory-mapped and used in place (`PROT_READ`, `MAP_SHARED`, so processes
/// opening the same map share its pages):
///
///     0   "WGCACHE\n", cache version (UInt32), graph and hierarchy format versions (UInt32), 4 zero bytes
///     24  the source's size (UInt64) and modification time (Int64, µs)
///     40  graph image offset and length, hierarchy image offset and length (UInt64)
///     72  CRC-32 of the 72 bytes above (UInt32), 4 zero bytes
///     80  the graph image (`RoadGraph.serialized()`), then at a multiple of 8 the car hierarchy's
///
/// Opening reads the header and the images' section tables, not the whole file, so it takes the
/// same time whatever the map's size. Unreadable, stale or damaged caches are ignored, never an
/// error; a missing or damaged hierarchy leaves the graph usable.
enum MapCacheFile {
    /// Bumped whenever the import rules change what a graph contains, or the layout changes.
    static let version: UInt32 = 7
    static let magic = Array("WGCACHE\n".utf8)
    static let headerSize = 80

    /// What a cache holds: the graph, and its hierarchies when their section reads back.
    struct Contents {
        var graph: RoadGraph
        var hierarchies: [ContractionHierarchy]
    }

    /// The graph (and hierarchy) cached at `path` when the cache matches `stamp` and the current
    /// formats; `verifyingContents` also checks every byte's CRC and every index (reads it all).
    static func read(_ path: String, expecting stamp: SourceStamp, verifyingContents: Bool = false) -> Contents? {
        guard let file = try? MappedFile(path: path), file.bytes.count >= headerSize else { return nil }
        let bytes = file.bytes
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 72, as: UInt32.self))
        guard bytes.prefix(40).elementsEqual(header(stamp)), stored == CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<72])) else {
            return nil
        }
        func image(at offset: Int) -> UnsafeRawBufferPointer? {
            let start = word(offset), length = word(offset + 8)
            guard start >= UInt64(headerSize), start <= UInt64(bytes.count), length <= UInt64(bytes.count) - start else { return nil }
            return UnsafeRawBufferPointer(rebasing: bytes[Int(start)..<Int(start + length)])
        }
        guard let graphImage = image(at: 40),
            let graph = try? RoadGraph(image: graphImage, owner: file, verifyingContents: verifyingContents)
        else { return nil }
        let hierarchy = image(at: 56).flatMap { try? ContractionHierarchy(image: $0, owner: file, verifyingContents: verifyingContents) }
        return Contents(graph: graph, hierarchies: hierarchy.map { [$0] } ?? [])
    }

    /// Writes `graph` and `hierarchy` to `path` atomically (a new file renamed over the old one, so
    /// processes that have the old one mapped keep reading it), creating the directory; false when
    /// that is not possible.
    static func write(_ graph: RoadGraph, hierarchy: ContractionHierarchy, stamp: SourceStamp, to path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let graphBytes = graph.serialized(), hierarchyBytes = hierarchy.serialized()
            let hierarchyStart = (headerSize + graphBytes.count + 7) & ~7
            var w = ByteWriter()
            for b in header(stamp) { w.write(b) }
            for value in [headerSize, graphBytes.count, hierarchyStart, hierarchyBytes.count] { w.write(UInt64(value)) }
            w.write(CRC32.checksum(w.bytes))
            w.write(UInt32(0))
            var data = Data(w.bytes)
            data.append(contentsOf: graphBytes)
            data.append(Data(count: hierarchyStart - headerSize - graphBytes.count))
            data.append(contentsOf: hierarchyBytes)
            try data.write(to: url, options: .atomic)
            return true
        } catch {
            return false
        }
    }

    /// The first 40 header bytes for `stamp`: magic, versions, source stamp.
    static func header(_ stamp: SourceStamp) -> [UInt8] {
        var w = ByteWriter()
        for b in magic { w.write(b) }
        w.write(version)
        w.write(RoadGraph.fileFormatVersion)
        w.write(ContractionHierarchy.fileFormatVersion)
        w.write(UInt32(0))
        w.write(stamp.size)
        w.write(stamp.modified)
        return w.bytes
    }
}
