import RoadGraph

/// Builds a `RoadGraph` from the bytes of an OpenStreetMap extract (`.osm.pbf` or `.osm` XML,
/// recognised by content) using one `TagPolicy` per profile. Pure: it takes bytes, never a path.
public struct OSMImporter: Sendable {
    /// The graph and what the import saw.
    public struct Result: Sendable {
        /// The built graph.
        public var graph: RoadGraph
        /// Counts of what was read and built.
        public var statistics: ImportStatistics
    }

    /// The policies used; profiles without a policy get no access anywhere.
    public let policies: [TagPolicy]

    /// An importer with the given policies (default: car, bike and foot).
    public init(policies: [TagPolicy] = TravelProfile.allCases.map { TagPolicy(profile: $0) }) {
        self.policies = policies
    }

    /// Decodes `bytes` (PBF or XML) and builds the graph, calling `progress` as phases advance.
    /// - Throws: `OSMImportError` for an unknown format, a corrupt file, or an extract without routable ways.
    public func importGraph(from bytes: [UInt8], progress: (ImportProgress) -> Void = { _ in }) throws(OSMImportError) -> Result {
        let elements = try readElements(from: bytes, progress: progress)
        var statistics = ImportStatistics()
        statistics.osmNodes = elements.nodeCount
        statistics.osmWays = elements.ways.count
        let kinds = elements.trafficControls.values.map(\.kind)
        statistics.trafficSignals = kinds.filter { $0 == .signals }.count
        statistics.stopSigns = kinds.filter { $0 == .stop || $0 == .giveWay }.count
        statistics.gates = kinds.filter { $0 == .gate }.count
        statistics.carBarriers = elements.carBarriers.count
        let graph = try GraphBuilder(policies: policies).build(elements, statistics: &statistics, progress: progress)
        return Result(graph: graph, statistics: statistics)
    }

    /// The largest .osm.pbf imported (4 GiB: a large country; Italy is 2 GB). Map readers check a
    /// file's size against it before reading it.
    public static let maximumPBFBytes = 4 << 30
    /// The largest .osm XML imported (512 MiB): XML is about ten times the size of the same
    /// extract as PBF, and its elements take several times their size in memory while read.
    public static let maximumXMLBytes = 512 << 20

    /// Decodes `bytes` into nodes, highway/ferry ways and restriction relations.
    /// - Throws: `OSMImportError`, `.tooLarge` past `maximumPBFBytes` / `maximumXMLBytes`.
    public func readElements(from bytes: [UInt8], progress: (ImportProgress) -> Void = { _ in }) throws(OSMImportError) -> OSMElements {
        let keepWay: ([String: String]) -> Bool = { $0["highway"] != nil || $0["route"] == "ferry" }
        let keepRelation: ([String: String]) -> Bool = { $0["type"] == "restriction" }
        if PBFReader.looksLikePBF(bytes) {
            guard bytes.count <= Self.maximumPBFBytes else { throw .tooLarge(format: "OSM PBF", bytes: bytes.count, limit: Self.maximumPBFBytes) }
            return try PBFReader(keepWay: keepWay, keepRelation: keepRelation).read(bytes) { fraction in
                progress(ImportProgress(phase: .reading, fraction: fraction))
            }
        }
        if OSMXMLReader.looksLikeXML(bytes) {
            guard bytes.count <= Self.maximumXMLBytes else { throw .tooLarge(format: "OSM XML", bytes: bytes.count, limit: Self.maximumXMLBytes) }
            progress(ImportProgress(phase: .reading, fraction: 0))
            let elements = try OSMXMLReader(keepWay: keepWay, keepRelation: keepRelation).read(bytes)
            progress(ImportProgress(phase: .reading, fraction: 1))
            return elements
        }
        throw .unrecognizedFormat
    }
}
