import Foundation
public import Geodesy
public import OSMImport
import RoadGraph
import Routing

extension MapStore {
    /// A map cache built ahead of time by `build`.
    public struct BuiltMap: Sendable {
        /// What the import read and built.
        public var statistics: ImportStatistics
        /// The graph's turn restrictions, through a via node and through via ways (statistics count
        /// relations; one may give several).
        public var restrictionCount: Int
        /// Arcs and shortcuts of the car hierarchy.
        public var hierarchyArcs: Int, hierarchyShortcuts: Int
        /// The cache file written.
        public var cachePath: String
        /// Its size in bytes.
        public var cacheBytes: Int
    }

    /// Imports the OSM extract at `path`, builds its car hierarchy and writes the cache the first
    /// `load` would otherwise write (or `cachePath`), whatever cache already exists; `progress`
    /// reports every phase, `writing` last. With a `memory` budget the import keeps to it or fails naming
    /// what would not fit.
    /// - Throws: `GatewayError`: the map is missing, unreadable or not an OSM extract, over the
    ///   budget, or no cache can be written.
    public func build(_ path: String, memory: MemoryBudget? = nil, cachePath: String? = nil, progress: (ImportProgress) -> Void = { _ in })
        throws(GatewayError) -> BuiltMap
    {
        let stamp = try SourceStamp(path: path)
        let file = try Self.openMap(path)
        if try file.isGraphFile(path) {
            throw GatewayError.badMap(path: path, reason: "a Waygate road graph, not an OSM extract: it needs no cache")
        }
        return try Self.build(path, file, stamp: stamp, targets: cachePath.map { [$0] } ?? cachePaths(for: path), memory: memory, progress: progress)
    }

    /// The import of `map build` and of `load` on a map without a valid cache: imports the OSM
    /// extract `file` at `path` and writes its cache at the first of `targets` that takes a new
    /// file. Should writing fail there once begun (a full disk; the place taken by a directory),
    /// the import is made again for the next place.
    static func build(
        _ path: String, _ file: OSMFile, stamp: SourceStamp, targets: [String], memory: MemoryBudget?, progress: (ImportProgress) -> Void
    ) throws(GatewayError) -> BuiltMap {
        var failure = GatewayError.cacheUnwritable(path: targets[0])
        for target in targets {
            guard let draft = MapCacheFile.Draft(stamp: stamp, path: target) else { continue }
            do {
                return try build(path, file, into: draft, memory: memory, progress: progress)
            } catch {
                guard case .cacheUnwritable = error else { throw error }
                failure = error
            }
        }
        throw failure
    }

    /// Imports the OSM extract `file` at `path` into `draft`: the graph is written into the cache
    /// first and read back mapped, so the heap copy is released before the matcher's segment index
    /// and the hierarchy are made, and the mapped pages once the hierarchy builder has read them.
    private static func build(_ path: String, _ file: OSMFile, into draft: MapCacheFile.Draft, memory: MemoryBudget?, progress: (ImportProgress) -> Void)
        throws(GatewayError) -> BuiltMap
    {
        let imported = try importOSM(path, file, memory: memory, progress: progress)
        let (statistics, restrictionCount) = (imported.statistics, imported.graph.restrictions.count + imported.graph.viaWayRestrictions.count)
        if let memory {
            let needs = estimatedHierarchyBytes(imported.graph)
            guard needs <= memory.bytes else {
                throw .mapOverBudget(
                    path: path,
                    reason: OSMImportError.overMemoryBudget(
                        what: "the car hierarchy of \(imported.graph.edgeCount) edges", needs: needs, budget: memory.bytes
                    ).description)
            }
        }
        // Handed over, the heap graph is freed as it is written, before the segment index is made.
        let streamed: Bool
        do { streamed = try draft.stream((consume imported).graph) } catch { throw .badMap(path: path, reason: error.description) }
        guard streamed, let graph = draft.graph else { throw .cacheUnwritable(path: draft.path) }
        let planner = RoutePlanner(graph: graph)
        let hierarchy = carHierarchy(planner, progress: progress, graphRead: { draft.releaseGraphPages() })
        progress(ImportProgress(phase: .writing, fraction: 0))
        guard draft.finish(hierarchy: hierarchy, tables: planner.tablesWriter()) else { throw .cacheUnwritable(path: draft.path) }
        progress(ImportProgress(phase: .writing, fraction: 1))
        let size = (try? FileManager.default.attributesOfItem(atPath: draft.path)[.size] as? NSNumber)?.intValue ?? 0
        return BuiltMap(
            statistics: statistics, restrictionCount: restrictionCount, hierarchyArcs: hierarchy.arcCount,
            hierarchyShortcuts: hierarchy.shortcutCount, cachePath: draft.path, cacheBytes: size)
    }

    /// Peak bytes from the hierarchy build on, per road edge: the builder's pooled arc lists and
    /// final rows, the planner's tables and the mapped graph's pages the builder reads before they
    /// are dropped (the heap graph is gone by then; the whole process held 490, 250 and 190 bytes
    /// per edge at the end of the hierarchy build on Milan 1×, 4× and 16×: docs/maps.md).
    static func estimatedHierarchyBytes(_ graph: RoadGraph) -> Int { graph.edgeCount * 300 }

    /// What the cache of a map holds, for `waygate map info`.
    public struct CacheInfo: Sendable {
        /// The state of a map's cache.
        public enum State: Sendable, Equatable {
            /// No cache file exists where one is looked for.
            case missing
            /// A cache exists but was made from another version of the map, by another Waygate, or is damaged: it would be rebuilt.
            case stale
            /// A cache the next `load` uses.
            case valid
        }

        /// Whether the cache is there and usable.
        public var state: State
        /// The cache file looked at (the first existing candidate, else the preferred place).
        public var cachePath: String
        /// Cache format version this Waygate reads.
        public var formatVersion: UInt32
        /// The map file's size and modification time (microseconds since 1970) the cache must record.
        public var sourceBytes: UInt64, sourceModified: Int64
        /// The cache file's size, 0 when missing.
        public var cacheBytes: Int
        /// Graph nodes, directed edges, turn restrictions and shapes (valid caches only).
        public var nodes = 0, edges = 0, restrictions = 0, shapes = 0
        /// The car hierarchy's arcs (0 when the cache holds none).
        public var hierarchyArcs = 0
        /// South-west and north-east corners of the graph's nodes (valid caches only).
        public var southWest: Coordinate?, northEast: Coordinate?
    }

    /// What the cache of the map at `path` (or `cachePath`) holds, without building anything; with
    /// `verifying`, a cache is valid only when every byte's CRC and every index check out too
    /// (reading the whole file), as `load(_:verifyingCache:)` checks.
    /// - Throws: `GatewayError` when the map itself is missing or unreadable.
    public func info(_ path: String, cachePath: String? = nil, verifying: Bool = false) throws(GatewayError) -> CacheInfo {
        let stamp = try SourceStamp(path: path)
        let candidates = cachePath.map { [$0] } ?? cachePaths(for: path)
        let existing = candidates.first { FileManager.default.fileExists(atPath: $0) }
        var info = CacheInfo(
            state: .missing, cachePath: existing ?? candidates[0], formatVersion: MapCacheFile.version, sourceBytes: stamp.size,
            sourceModified: stamp.modified, cacheBytes: 0)
        guard let existing else { return info }
        info.cacheBytes = (try? FileManager.default.attributesOfItem(atPath: existing)[.size] as? NSNumber)?.intValue ?? 0
        guard let contents = MapCacheFile.read(existing, expecting: stamp, verifyingContents: verifying) else {
            info.state = .stale
            return info
        }
        let graph = contents.graph
        info.state = .valid
        info.nodes = graph.nodeCount
        info.edges = graph.edgeCount
        info.restrictions = graph.restrictions.count + graph.viaWayRestrictions.count
        info.shapes = graph.shapeCount
        info.hierarchyArcs = contents.planner.hierarchies.first { $0.profile == .car }?.arcCount ?? 0
        if let box = graph.boundingBox {
            info.southWest = Coordinate(latitude: box.south, longitude: box.west)
            info.northEast = Coordinate(latitude: box.north, longitude: box.east)
        }
        return info
    }
}
