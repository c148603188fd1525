import Foundation
import RoadGraph

/// The map cache file: a header naming the cache format, the graph format and the source stamp,
/// then the serialized graph. Unreadable or stale caches are ignored, never an error.
enum MapCacheFile {
    /// Bumped whenever the import rules change what a graph contains.
    static let version: UInt32 = 3
    static let magic = Array("WGCACHE\n".utf8)
    static let headerSize = 8 + 4 + 4 + 8 + 8

    /// The graph cached at `path` when the cache matches `stamp` and the current formats.
    static func read(_ path: String, expecting stamp: SourceStamp) -> RoadGraph? {
        guard let data = FileManager.default.contents(atPath: path), data.count > headerSize else { return nil }
        let bytes = [UInt8](data)
        guard bytes.starts(with: magic), header(stamp) == Array(bytes[0..<headerSize]) else { return nil }
        return try? RoadGraph(serialized: Array(bytes[headerSize...]))
    }

    /// Writes `graph` to `path` atomically (creating the directory); false when that is not possible.
    static func write(_ graph: RoadGraph, stamp: SourceStamp, to path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(header(stamp) + graph.serialized()).write(to: url, options: .atomic)
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
