import RoadGraph

/// The planner's per-graph tables as a `SectionedImage` with magic "WGRT", stored in the map cache
/// beside the graph so a planner over a cached map reads them in place: parameters (per profile its
/// top speed, then per profile its number of big components; Double), then per profile the road counts
/// (UInt8 per node), then per profile the components (Int32 per node).
extension RoutingTables {
    /// The version of the image; bump it whenever the layout or what the tables hold changes.
    static let fileFormatVersion: UInt32 = 2
    static let magic: [UInt8] = Array("WGRT".utf8)
    static var sectionCount: Int { 1 + 2 * TravelProfile.allCases.count }

    /// The writer of the tables' image.
    func imageWriter() -> SectionedImage.Writer {
        let parameters = MappedArray(maxSpeeds + bigComponentCounts.map(Double.init))
        let sections = [parameters.imageSection] + roadCounts.map(\.imageSection) + components.map(\.imageSection)
        return SectionedImage.Writer(magic: Self.magic, version: Self.fileFormatVersion, sections: sections)
    }

    /// The tables of `graph` stored in `image` (kept alive by `owner`), read in place after checking the
    /// header, the table's CRC and that every section has one value per node; `verifyingContents`
    /// also checks the contents CRC (reads it all).
    /// - Throws: `RoutingError.badTables` naming what is wrong.
    init(graph: RoadGraph, image: UnsafeRawBufferPointer, owner: any ByteOwner, verifyingContents: Bool) throws(RoutingError) {
        let profiles = TravelProfile.allCases.count
        do {
            let file = try SectionedImage(image, owner: owner, magic: Self.magic, version: Self.fileFormatVersion, sectionCount: Self.sectionCount)
            if verifyingContents { try file.verifyContents() }
            let parameters: MappedArray<Double> = try file.section(0)
            // Top speeds are at least 1 m/s (the A* bound divides by them); component counts fit an Int32.
            guard parameters.count == 2 * profiles, parameters.prefix(profiles).allSatisfy({ $0.isFinite && $0 >= 1 }),
                parameters.dropFirst(profiles).allSatisfy({ $0 >= 0 && $0 <= Double(Int32.max) })
            else { throw RoadGraphError.inconsistent("bad parameters section") }
            var roads: [MappedArray<UInt8>] = [], components: [MappedArray<Int32>] = []
            for p in 0..<profiles {
                roads.append(try file.section(1 + p))
                components.append(try file.section(1 + profiles + p))
            }
            guard roads.allSatisfy({ $0.count == graph.nodeCount }), components.allSatisfy({ $0.count == graph.nodeCount }) else {
                throw RoadGraphError.inconsistent("tables do not have one entry per node of the \(graph.nodeCount)")
            }
            self.init(
                graph: graph, roadCounts: roads, components: components,
                bigComponentCounts: parameters.dropFirst(profiles).map { Int32($0) }, maxSpeeds: Array(parameters.prefix(profiles)))
        } catch let error as RoutingError {
            throw error
        } catch let error as RoadGraphError {
            throw .badTables(error.description)
        } catch {
            throw .badTables("\(error)")
        }
    }
}
