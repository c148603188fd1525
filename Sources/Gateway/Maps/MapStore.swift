import Foundation
import SystemIO
public import OSMImport
public import RoadGraph
public import Routing

/// Loads road graphs from map files (`.osm.pbf`, `.osm` XML, or Waygate's binary graph) and keeps a
/// binary cache so an extract is imported once: `<name>.waygate-cache` next to the map, or in the
/// user cache directory (`$XDG_CACHE_HOME/waygate`, else `~/.cache/waygate`) when the map's
/// directory is read-only. A cache is used only when it records the map's current size and
/// modification time and the current cache and graph format versions. The cache also holds the
/// car profile's contraction hierarchy (built after an import, rebuilt when missing, corrupt or made
/// under another cost model), so best car routes take well under a millisecond, and the planner's
/// per-graph tables, so a cached map opens without any pass over the whole graph.
public struct MapStore: Sendable {
    /// How a map was obtained.
    public enum Origin: String, Sendable, Hashable {
        /// Read from a valid cache.
        case cache
        /// Imported from OSM data (and cached when possible).
        case imported
        /// The file itself is a Waygate road graph.
        case graphFile
    }

    /// A loaded map.
    public struct LoadedMap: Sendable {
        /// A planner over the graph with its hierarchies (made while checking them, so a router need not repeat that).
        public let planner: RoutePlanner
        /// How it was obtained.
        public let origin: Origin
        /// The cache file read or written, nil when none.
        public let cachePath: String?
        /// The road graph.
        public var graph: RoadGraph { planner.graph }
        /// Contraction hierarchies of `graph` (the car profile's for an OSM map; none for a bare graph file).
        public var hierarchies: [ContractionHierarchy] { planner.hierarchies }
    }

    /// The fallback cache directory.
    public let userCacheDirectory: String

    /// A store caching in `userCacheDirectory` when a map's own directory is not writable.
    public init(userCacheDirectory: String) {
        self.userCacheDirectory = userCacheDirectory
    }

    /// A store using the user cache directory named by `environment`: `$XDG_CACHE_HOME/waygate`,
    /// else `$HOME/.cache/waygate`, else `/tmp/waygate-cache`.
    public init(environment: [String: String]) {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            userCacheDirectory = xdg + "/waygate"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            userCacheDirectory = home + "/.cache/waygate"
        } else {
            userCacheDirectory = "/tmp/waygate-cache"
        }
    }

    /// The road graph of the map at `path` with its car hierarchy, from its cache when valid (the
    /// cache is memory-mapped and used in place; opening it checks its header and section tables,
    /// and with `verifyingCache` also every byte's CRC and every index, reading it all);
    /// `progress` reports a long import and the hierarchy build (phase `contracting`).
    ///
    /// A map with no valid cache is imported exactly as `build` does it (the same bytes written,
    /// in the same bounded memory) into the first of `cachePaths(for:)` that takes a new file, and
    /// that cache is then mapped. When neither place can take it, the cache is built in the
    /// temporary directory (`$TMPDIR`, else `/tmp`), mapped and unlinked at once (its disk space is
    /// freed when the process ends; `cachePath` is nil and the next load imports again).
    /// - Throws: `GatewayError` naming `path` when it is missing, unreadable, truncated or not a
    ///   map, or naming the cache when not even a temporary one can be written.
    public func load(_ path: String, verifyingCache: Bool = false, progress: (ImportProgress) -> Void = { _ in }) throws(GatewayError)
        -> LoadedMap
    {
        let stamp = try SourceStamp(path: path)
        let candidates = cachePaths(for: path)
        for cache in candidates {
            guard let cached = MapCacheFile.read(cache, expecting: stamp, verifyingContents: verifyingCache) else { continue }
            let planner = cached.planner
            if planner.hierarchies.contains(where: { $0.profile == .car }) {
                return LoadedMap(planner: planner, origin: .cache, cachePath: cache)
            }
            let hierarchy = Self.carHierarchy(planner, progress: progress)
            _ = MapCacheFile.write(planner, hierarchy: hierarchy, stamp: stamp, to: cache)
            return LoadedMap(planner: RoutePlanner(sharingTablesOf: planner, hierarchies: [hierarchy]), origin: .cache, cachePath: cache)
        }
        let file = try Self.openMap(path)
        if try file.isGraphFile(path) {
            let bytes = try Self.readMap(path)
            do {
                return LoadedMap(planner: RoutePlanner(graph: try RoadGraph(serialized: bytes)), origin: .graphFile, cachePath: nil)
            } catch {
                throw .badMap(path: path, reason: error.description)
            }
        }
        let temporary = Self.temporaryCachePath(for: path)
        let built = try Self.build(path, file, stamp: stamp, targets: candidates + [temporary], memory: nil, progress: progress)
        let kept = built.cachePath != temporary
        defer { if !kept { try? FileManager.default.removeItem(atPath: temporary) } }  // the mapping outlives the name
        guard let cached = MapCacheFile.read(built.cachePath, expecting: stamp) else { throw .cacheUnwritable(path: built.cachePath) }
        return LoadedMap(planner: cached.planner, origin: .imported, cachePath: kept ? built.cachePath : nil)
    }

    /// A cache file of its own in the temporary directory for the map at `path`, for when no place of `cachePaths(for:)` takes one.
    static func temporaryCachePath(for path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return FileManager.default.temporaryDirectory.appendingPathComponent("waygate-\(UUID().uuidString)-\(name).waygate-cache").path
    }

    /// The map file at `path`, opened to be read by ranges (an OSM extract is read blob by blob, never whole).
    static func openMap(_ path: String) throws(GatewayError) -> OSMFile {
        do {
            return OSMFile(file: try RandomAccessFile(path: path))
        } catch {
            throw .mapUnreadable(path: path, reason: error.description)
        }
    }

    /// The bytes of the map file at `path` (a Waygate graph file, read whole).
    static func readMap(_ path: String) throws(GatewayError) -> [UInt8] {
        do {
            return try FileContents.read(path, maximumBytes: OSMImporter.maximumPBFBytes)
        } catch {
            throw .mapUnreadable(path: path, reason: error.description)
        }
    }

    /// The graph imported from the OSM extract `file` at `path`, decoding on every core, without
    /// its segment index (`RoadGraph.writeImage` makes it as the graph is written to the cache).
    static func importOSM(_ path: String, _ file: OSMFile, memory: MemoryBudget?, progress: (ImportProgress) -> Void)
        throws(GatewayError) -> OSMImporter.Result
    {
        do {
            return try OSMImporter(runner: .threads).importGraph(from: file, memory: memory, indexingSegments: false, progress: progress)
        } catch .overMemoryBudget(let what, let needs, let budget) {
            throw .mapOverBudget(path: path, reason: OSMImportError.overMemoryBudget(what: what, needs: needs, budget: budget).description)
        } catch {
            throw .badMap(path: path, reason: error.description)
        }
    }

    /// The car hierarchy of `planner`'s graph, contracted on every core (`JobRunner.threads`), reporting its
    /// progress as the `contracting` phase; `graphRead` is called once the builder no longer reads
    /// the graph (`RoutePlanner.buildHierarchy`).
    static func carHierarchy(_ planner: RoutePlanner, progress: (ImportProgress) -> Void, graphRead: () -> Void = {}) -> ContractionHierarchy {
        planner.buildHierarchy(for: .car, runner: .threads, progress: { progress(ImportProgress(phase: .contracting, fraction: $0)) }, graphRead: graphRead)
    }

    /// Where the cache of `path` may live, preferred first.
    public func cachePaths(for path: String) -> [String] {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent + ".waygate-cache"
        return [url.deletingLastPathComponent().appendingPathComponent(name).path, userCacheDirectory + "/" + name]
    }
}

/// The identity of a map file a cache must match: size and modification time.
struct SourceStamp: Hashable {
    var size: UInt64
    var modified: Int64

    /// The stamp of the file at `path`.
    init(path: String) throws(GatewayError) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw .mapUnreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw .mapUnreadable(path: path, reason: "not a regular file") }
        size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        modified = Int64((((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1_000_000).rounded())
        guard size > 0 else { throw .badMap(path: path, reason: "the file is empty") }
    }

    /// Stamp from its parts.
    init(size: UInt64, modified: Int64) {
        self.size = size
        self.modified = modified
    }
}

/// A map file read by byte ranges (`pread`) for the importer.
struct OSMFile: OSMSource {
    let file: RandomAccessFile

    var byteCount: Int { file.byteCount }

    func bytes(in range: Range<Int>) throws(OSMImportError) -> [UInt8] {
        do { return try file.read(at: range.lowerBound, count: range.count) } catch { throw .unreadable(error.description) }
    }

    /// Whether the file is a Waygate road graph ("WGRG") rather than an OSM extract.
    func isGraphFile(_ path: String) throws(GatewayError) -> Bool {
        guard byteCount >= 4 else { return false }
        do { return try bytes(in: 0..<4) == Array("WGRG".utf8) } catch { throw .mapUnreadable(path: path, reason: error.description) }
    }
}
