import Foundation
import RoadGraph
import Routing

/// The map cache file: a header naming the cache format, the graph format and the source stamp,
/// the serialized graph (length-prefixed), then the serialized car hierarchy. Unreadable or stale
/// caches are ignored, never an error; a missing or corrupt hierarchy section leaves the graph usable.
enum MapCacheFile {
    /// Bumped whenever the import rules change what a graph contains, or the layout changes.
    static let version: UInt32 = 6
    static let magic = Array("WGCACHE\n".utf8)
    static let headerSize = 8 + 4 + 4 + 8 + 8

    /// What a cache holds: the graph, and its hierarchies when their section reads back.
    struct Contents {
        var graph: RoadGraph
        var hierarchies: [ContractionHierarchy]
    }

    /// The graph (and hierarchy) cached at `path` when the cache matches `stamp` and the current formats.
    static func read(_ path: String, expecting stamp: SourceStamp) -> Contents? {
        guard let data = FileManager.default.contents(atPath: path), data.count > headerSize + 8 else { return nil }
        let bytes = [UInt8](data)
        guard bytes.starts(with: magic), header(stamp) == Array(bytes[0..<headerSize]) else { return nil }
        var lengthBytes = ByteReader(bytes, offset: headerSize)
        guard let length = try? lengthBytes.read(UInt64.self), length <= UInt64(bytes.count - headerSize - 8) else { return nil }
        let graphEnd = headerSize + 8 + Int(length)
        guard let graph = try? RoadGraph(serialized: Array(bytes[(headerSize + 8)..<graphEnd])) else { return nil }
        let hierarchy = try? ContractionHierarchy(serialized: Array(bytes[graphEnd...]))
        return Contents(graph: graph, hierarchies: hierarchy.map { [$0] } ?? [])
    }

    /// Writes `graph` and `hierarchy` to `path` atomically (creating the directory); false when that is not possible.
    static func write(_ graph: RoadGraph, hierarchy: ContractionHierarchy, stamp: SourceStamp, to path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let graphBytes = graph.serialized()
            var length = ByteWriter()
            length.write(UInt64(graphBytes.count))
            try Data(header(stamp) + length.bytes + graphBytes + hierarchy.serialized()).write(to: url, options: .atomic)
            return true
        } catch {
            return false
        }
    }

    /// The header bytes for `stamp`.
    static func header(_ stamp: SourceStamp) -> [UInt8] {
        var bytes = magic
        withUnsafeBytes(of: version.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: RoadGraph.fileFormatVersion.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: stamp.size.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: stamp.modified.littleEndian) { bytes += $0 }
        return bytes
    }
}
