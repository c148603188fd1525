import Geodesy
import RoadGraph

/// Cuts routable OSM ways into graph edges: only nodes shared by several ways, way ends, and nodes
/// next to a missing reference become graph nodes; all other nodes become shape points. A car edge
/// gets the delay of every traffic light, stop and give-way sign it passes or arrives at in its direction.
/// Nodes closed to cars (bollards and the like) become graph nodes, and edges arriving there are flagged.
struct GraphBuilder {
    let policies: [TagPolicy]

    /// A stop sign without a direction this close (metres) behind a traveller who has just left a
    /// node, with the next node farther than this ahead, faces the other way (OSRM's heuristic).
    static let stopSignReach = 20.0

    private struct RoutableWay {
        let way: OSMElements.Way
        let attributes: WayAttributes
        let access: [TravelProfile: TagPolicy.WayAccess]
    }

    /// Builds the graph from `elements`.
    func build(_ elements: OSMElements, statistics: inout ImportStatistics, progress: (ImportProgress) -> Void) throws(OSMImportError)
        -> RoadGraph
    {
        let routable = routableWays(elements, &statistics)
        guard !routable.isEmpty else { throw .noRoutableWays }
        var usage: [Int64: UInt8] = [:]  // 1 = shape point, 2 or more = graph node (saturates)
        for r in routable {
            for run in presentRuns(r.way, elements) where run.count > 1 {
                for (i, id) in run.enumerated() {
                    let count = usage[id, default: 0]
                    usage[id] = min(count, 100) + ((i == 0 || i == run.count - 1) ? 2 : 1)
                }
            }
            statistics.danglingReferences += r.way.nodeRefs.count - r.way.nodeRefs.filter { elements.coordinate(ofNode: $0) != nil }.count
        }
        for id in elements.carBarriers where usage[id] != nil { usage[id] = max(2, usage[id] ?? 0) }  // cars turn around there
        var nodeIndex: [Int64: Int32] = [:]
        var nodes: [Coordinate] = []
        var shapePoints: [Coordinate] = []
        var shapeOffsets: [Int32] = [0]
        var edges: [RoadEdge] = []
        var edgesOfWay: [Int64: [Int32]] = [:]
        var strings = StringTable()
        func node(_ id: Int64, _ c: Coordinate) -> NodeID {
            if let n = nodeIndex[id] { return NodeID(n) }
            nodeIndex[id] = Int32(nodes.count)
            nodes.append(c)
            return NodeID(Int32(nodes.count - 1))
        }
        // A way that runs over the same piece again (1,2,1,2,…) gets one edge pair for it, not one per pass.
        var piecesOfWay: Set<[Int64]> = []
        for (w, r) in routable.enumerated() {
            piecesOfWay.removeAll(keepingCapacity: true)
            if w % 4096 == 0 { progress(ImportProgress(phase: .building, fraction: Double(w) / Double(routable.count))) }
            let wayLength = wayLength(r.way, elements)
            let names = (strings.intern(r.attributes.name), strings.intern(r.attributes.ref), strings.intern(r.attributes.destination))
            for run in presentRuns(r.way, elements) where run.count > 1 {
                var piece: [Coordinate] = []
                var pieceIDs: [Int64] = []
                var start: NodeID?
                for (i, id) in run.enumerated() {
                    guard let c = elements.coordinate(ofNode: id) else { continue }
                    piece.append(c)
                    pieceIDs.append(id)
                    let isNode = (usage[id] ?? 0) >= 2
                    if i == 0 { start = node(id, c) }
                    guard isNode, i > 0, let from = start else { continue }
                    let to = node(id, c)
                    if !piecesOfWay.insert(pieceIDs).inserted {
                        statistics.duplicateEdgesDropped += 2
                        piece = [c]
                        pieceIDs = [id]
                        start = to
                        continue
                    }
                    let shape = Int32(shapeOffsets.count - 1)
                    shapePoints.append(contentsOf: piece)
                    shapeOffsets.append(Int32(shapePoints.count))
                    let length = Polyline(piece).length
                    for forward in [true, false] {
                        let delay = controlDelay(pieceIDs, piece, forward: forward, elements)
                        let barrierAhead = elements.carBarriers.contains(forward ? id : pieceIDs[0])
                        guard
                            var edge = edge(
                                r, forward: forward, from: forward ? from : to, to: forward ? to : from, shape: shape, length: length,
                                wayLength: wayLength, names: names, controlDelay: delay)
                        else { continue }
                        if barrierAhead { edge.flags.insert(.carBarrierAhead) }
                        edgesOfWay[r.way.id, default: []].append(Int32(edges.count))
                        edges.append(edge)
                    }
                    piece = [c]
                    pieceIDs = [id]
                    start = to
                }
            }
        }
        guard !edges.isEmpty else { throw .noRoutableWays }
        ParallelEdges.collapse(&edges, edgesOfWay: &edgesOfWay, keepingWays: Self.restrictedWays(elements), statistics: &statistics)
        progress(ImportProgress(phase: .indexing, fraction: 0))
        let restrictions = TurnRestrictionResolver(edges: edges, edgesOfWay: edgesOfWay, nodeIndex: nodeIndex)
            .resolve(elements.relations, statistics: &statistics)
        do {
            let graph = try RoadGraph(
                nodes: nodes, shapePoints: shapePoints, shapeOffsets: shapeOffsets, edges: edges, strings: strings.strings,
                restrictions: restrictions)
            statistics.graphNodes = graph.nodeCount
            statistics.graphEdges = graph.edgeCount
            statistics.graphShapes = graph.shapeCount
            progress(ImportProgress(phase: .indexing, fraction: 1))
            return graph
        } catch {
            throw .corruptPBF(offset: 0, reason: "\(error)")
        }
    }

    /// Ways named by a relation (turn restrictions): their edges are never collapsed away.
    private static func restrictedWays(_ elements: OSMElements) -> Set<Int64> {
        var ways: Set<Int64> = []
        for relation in elements.relations {
            for member in relation.members where member.kind == .way { ways.insert(member.ref) }
        }
        return ways
    }

    /// The ways at least one policy may use, with their parsed attributes.
    private func routableWays(_ elements: OSMElements, _ statistics: inout ImportStatistics) -> [RoutableWay] {
        var result: [RoutableWay] = []
        for way in elements.ways {
            guard let attributes = WayAttributes(tags: way.tags) else { continue }
            var access: [TravelProfile: TagPolicy.WayAccess] = [:]
            for policy in policies { access[policy.profile] = policy.access(for: way.tags, attributes: attributes) }
            guard !access.isEmpty else { continue }
            if access[.car] != nil { statistics.carWays += 1 }
            if access[.bike] != nil { statistics.bikeWays += 1 }
            if access[.foot] != nil { statistics.footWays += 1 }
            result.append(RoutableWay(way: way, attributes: attributes, access: access))
        }
        return result
    }

    /// The way's node references split at references missing from the extract, with a node
    /// repeated right after itself (`1,1,2`) read once.
    private func presentRuns(_ way: OSMElements.Way, _ elements: OSMElements) -> [[Int64]] {
        way.nodeRefs.split(omittingEmptySubsequences: true) { elements.coordinate(ofNode: $0) == nil }.map { run in
            var refs: [Int64] = []
            refs.reserveCapacity(run.count)
            for id in run where refs.last != id { refs.append(id) }
            return refs
        }
    }

    /// Seconds a car loses at the traffic controls of one way piece (graph node to graph node)
    /// driven along (`forward`) or against its node order: every node after the first counts.
    private func controlDelay(_ ids: [Int64], _ points: [Coordinate], forward: Bool, _ elements: OSMElements) -> Float {
        let order = forward ? Array(ids.indices) : ids.indices.reversed()
        var travelled = [0.0]
        for (a, b) in zip(order, order.dropFirst()) { travelled.append(travelled[travelled.count - 1] + points[a].distance(to: points[b])) }
        let total = travelled[travelled.count - 1]
        var delay: Float = 0
        for (k, i) in order.enumerated().dropFirst() {
            guard let control = elements.trafficControls[ids[i]], control.applies(forward: forward) else { continue }
            let isUndirectedStop = control.kind == .stop && control.direction == .both && k < order.count - 1
            if isUndirectedStop, travelled[k] < Self.stopSignReach, total - travelled[k] > Self.stopSignReach { continue }
            delay += control.delay
        }
        return delay
    }

    private func wayLength(_ way: OSMElements.Way, _ elements: OSMElements) -> Meters {
        Polyline(way.nodeRefs.compactMap { elements.coordinate(ofNode: $0) }).length
    }

    /// The directed edge for one direction of a way piece, nil when no profile may travel that direction.
    private func edge(
        _ r: RoutableWay, forward: Bool, from: NodeID, to: NodeID, shape: Int32, length: Meters, wayLength: Meters,
        names: (Int32, Int32, Int32), controlDelay: Float
    ) -> RoadEdge? {
        var durations = ProfileDurations.forbidden
        for (profile, access) in r.access where forward ? access.forward : access.backward {
            if let total = r.attributes.ferryDuration, wayLength > 0 {
                durations[profile] = Float(total * length / wayLength)
            } else {
                durations[profile] = Float(length / ((forward ? access.speed : access.backwardSpeed) / 3.6))
            }
        }
        guard durations.car.isFinite || durations.bike.isFinite || durations.foot.isFinite else { return nil }
        durations.car += controlDelay
        var flags = r.attributes.flags
        if !forward { flags.insert(.reversedShape) }
        if let car = r.access[.car], car.forward != car.backward { flags.insert(.oneway) }
        if r.access[.car]?.isRestricted == true { flags.insert(.restrictedAccess) }
        let preference = UInt8((min(1, max(0.01, r.access[.car]?.preference ?? 1)) * 100).rounded())
        return RoadEdge(
            from: from, to: to, shape: shape, length: Float(length), wayID: r.way.id, name: names.0, ref: names.1,
            destination: names.2, roadClass: r.attributes.roadClass, speedLimit: forward ? r.attributes.speedLimit : r.attributes.backwardSpeedLimit,
            defaultSpeed: UInt8(TagPolicy.defaultCarSpeed(r.attributes.roadClass)), flags: flags, durations: durations,
            carPreference: preference)
    }
}

/// Interns strings into a table, returning their index (-1 for nil).
struct StringTable {
    private(set) var strings: [String] = []
    private var index: [String: Int32] = [:]

    /// The index of `string`, adding it when new; -1 for nil.
    mutating func intern(_ string: String?) -> Int32 {
        guard let string else { return -1 }
        if let i = index[string] { return i }
        index[string] = Int32(strings.count)
        strings.append(string)
        return Int32(strings.count - 1)
    }
}
