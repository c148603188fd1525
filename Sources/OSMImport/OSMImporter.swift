import Jobs
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
    /// Runs the decoding of file blocks (and other independent work), on several threads when given one that does.
    public let runner: JobRunner

    /// An importer with the given policies (default: car, bike and foot), decoding on `runner`.
    public init(policies: [TagPolicy] = TravelProfile.allCases.map { TagPolicy(profile: $0) }, runner: JobRunner = .serial) {
        self.policies = policies
        self.runner = runner
    }

    /// Decodes `bytes` (PBF or XML: a byte array, or a file read by ranges) and builds the graph,
    /// calling `progress` as phases advance. A PBF is read blob by blob, never whole. With a
    /// `memory` budget, blocks are decoded in batches sized to it, and each phase first checks that
    /// what it must hold fits. Without `indexingSegments` the graph has no segment index until
    /// written with `RoadGraph.writeImage(of:to:)`.
    /// - Throws: `OSMImportError` for an unknown format, a corrupt file, an extract without routable
    ///   ways, or `.overMemoryBudget` naming what would not fit.
    public func importGraph(
        from bytes: some OSMSource, memory: MemoryBudget? = nil, indexingSegments: Bool = true, progress: (ImportProgress) -> Void = { _ in }
    ) throws(OSMImportError) -> Result {
        let elements = try readElements(from: bytes, memory: memory, progress: progress)
        var statistics = ImportStatistics()
        statistics.osmNodes = elements.nodesRead
        statistics.osmWays = elements.highwayWays
        statistics.trafficSignals = elements.controlCounts[.signals, default: 0]
        statistics.stopSigns = elements.controlCounts[.stop, default: 0] + elements.controlCounts[.giveWay, default: 0]
        statistics.gates = elements.controlCounts[.gate, default: 0]
        statistics.carBarriers = elements.barrierCount
        if let memory {
            try memory.check(
                "building the graph of \(elements.ways.count) ways over \(elements.nodeIDs.count) nodes",
                needs: elements.wayBytes + elements.nodeIDs.count * 24 + GraphBuilder.estimatedBytes(elements))
        }
        let graph = try GraphBuilder(policies: policies).build(
            consume elements, indexingSegments: indexingSegments, statistics: &statistics, progress: progress)
        return Result(graph: graph, statistics: statistics)
    }

    /// The largest .osm.pbf imported (4 GiB: a large country; Italy is 2 GB). Map readers check a
    /// file's size against it before reading it.
    public static let maximumPBFBytes = 4 << 30
    /// The largest .osm XML imported (512 MiB): XML is about ten times the size of the same
    /// extract as PBF, and its elements take several times their size in memory while read.
    public static let maximumXMLBytes = 512 << 20

    /// Decodes `bytes` into the routable ways, the positions of the nodes they use, and restriction relations.
    /// - Throws: `OSMImportError`, `.tooLarge` past `maximumPBFBytes` / `maximumXMLBytes`.
    func readElements(from file: some OSMSource, memory: MemoryBudget?, progress: (ImportProgress) -> Void) throws(OSMImportError) -> OSMElements {
        let count = file.byteCount
        let head = try file.bytes(in: 0..<min(count, 1024))
        if PBFReader.looksLikePBF(head) {
            guard count <= Self.maximumPBFBytes else { throw .tooLarge(format: "OSM PBF", bytes: count, limit: Self.maximumPBFBytes) }
            return try PBFReader(policies: policies, budget: memory, runner: runner).read(file, progress: progress)
        }
        if OSMXMLReader.looksLikeXML(head) {
            guard count <= Self.maximumXMLBytes else { throw .tooLarge(format: "OSM XML", bytes: count, limit: Self.maximumXMLBytes) }
            // The file and its nodes are held while read: about three times the file.
            try memory?.check("the OSM XML file and its nodes", needs: count * 3)
            progress(ImportProgress(phase: .ways, fraction: 0))
            let elements = try OSMXMLReader(policies: policies).read(file.bytes(in: 0..<count))
            progress(ImportProgress(phase: .nodes, fraction: 1))
            return elements
        }
        throw .unrecognizedFormat
    }
}
