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

    /// Decodes `bytes` into nodes, highway/ferry ways and restriction relations.
    public func readElements(from bytes: [UInt8], progress: (ImportProgress) -> Void = { _ in }) throws(OSMImportError) -> OSMElements {
        let keepWay: ([String: String]) -> Bool = { $0["highway"] != nil || $0["route"] == "ferry" }
        let keepRelation: ([String: String]) -> Bool = { $0["type"] == "restriction" }
        if PBFReader.looksLikePBF(bytes) {
            return try PBFReader(keepWay: keepWay, keepRelation: keepRelation).read(bytes) { fraction in
                progress(ImportProgress(phase: .reading, fraction: fraction))
            }
        }
        if OSMXMLReader.looksLikeXML(bytes) {
            progress(ImportProgress(phase: .reading, fraction: 0))
            let elements = try OSMXMLReader(keepWay: keepWay, keepRelation: keepRelation).read(bytes)
            progress(ImportProgress(phase: .reading, fraction: 1))
            return elements
        }
        throw .unrecognizedFormat
    }
}
