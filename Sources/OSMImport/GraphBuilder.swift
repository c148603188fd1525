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
    /// Seconds a bike or a walker waits at traffic lights (OSRM bicycle.lua / foot.lua `traffic_signal_penalty`).
    static let signalPenalty: Float = 2
    /// What bicycle.lua's turn cost charges for the 180° turn OSRM's graph compressor makes up for
    /// a traffic light between junctions.
    static let bikeCompressedSignalTurn = Float(TravelProfile.bikeAngleCost(180))

    /// Bytes the build holds beyond `elements`, estimated from its references (per reference: a
    /// shape point, about one directed edge pair, the graph's adjacency and spatial index), for memory budgets.
    static func estimatedBytes(_ elements: OSMElements) -> Int {
        elements.nodeIDs.count * 5 + elements.wayNodeRefs.count * (16 + 2 * MemoryLayout<RoadEdge>.stride + 48)
    }

    /// Builds the graph from `elements`, released (with the builder's own tables) before the
    /// graph's arrays and indexes are made, so the two are never held at once (the segment index
    /// only when `indexingSegments`).
    func build(
        _ elements: consuming OSMElements, indexingSegments: Bool = true, statistics: inout ImportStatistics, progress: (ImportProgress) -> Void
    ) throws(OSMImportError) -> RoadGraph {
        guard !elements.ways.isEmpty else { throw .noRoutableWays }
        countProfiles(elements, &statistics)
        // By used-node slot: 1 = shape point, 2 or more = graph node (saturates); then the graph node.
        var usage = [UInt8](repeating: 0, count: elements.nodeIDs.count)
        for way in elements.ways {
            let refs = elements.refs(of: way)
            for run in presentRuns(refs, elements) where run.count > 1 {
                for (i, id) in run.enumerated() {
                    guard let slot = elements.slot(ofNode: id) else { continue }
                    usage[slot] = min(usage[slot], 100) + ((i == 0 || i == run.count - 1) ? 2 : 1)
                }
            }
            statistics.danglingReferences += refs.count - refs.filter { elements.coordinate(ofNode: $0) != nil }.count
        }
        for id in elements.barriers.keys {  // travellers turn around there
            if let slot = elements.slot(ofNode: id), usage[slot] != 0 { usage[slot] = max(2, usage[slot]) }
        }
        // A gate ends an edge, so a route that stops before it (or at it) does not wait there, as
        // OSRM charges its obstacles only to turns through them.
        for (id, control) in elements.trafficControls where control.kind == .gate {
            if let slot = elements.slot(ofNode: id), usage[slot] != 0 { usage[slot] = max(2, usage[slot]) }
        }
        var nodeIndex = [Int32](repeating: -1, count: elements.nodeIDs.count)
        // Reserved for as many as there can be (a duplicate piece is dropped), never grown by
        // doubling: a copy of the old buffer beside the new one while it grows.
        let most = mostPieces(elements, usage)
        var nodes: [Coordinate] = []
        nodes.reserveCapacity(usage.count(where: { $0 >= 2 }))
        var shapePoints: [Coordinate] = []
        shapePoints.reserveCapacity(most.points)
        var shapeOffsets: [Int32] = [0]
        shapeOffsets.reserveCapacity(most.pieces + 1)
        var edges: [RoadEdge] = []
        edges.reserveCapacity(2 * most.pieces)
        // Only ways a relation names need their edges listed (turn restrictions).
        let restrictedWays = Self.restrictedWays(elements)
        var edgesOfWay: [Int64: [Int32]] = [:]
        var strings = StringTable()
        // A way that runs over the same piece again (1,2,1,2,…) gets one edge pair for it, not one per pass.
        var piecesOfWay: Set<[Int64]> = []
        var bikePieceEnds: [Int64: [BikePieceEnd]] = [:]
        for (w, way) in elements.ways.enumerated() {
            piecesOfWay.removeAll(keepingCapacity: true)
            if w % 4096 == 0 { progress(ImportProgress(phase: .building, fraction: Double(w) / Double(elements.ways.count))) }
            let profile = elements.profile(of: way)
            let refs = elements.refs(of: way)
            let wayLength = wayLength(refs, elements)
            let names = (strings.intern(profile.name), strings.intern(profile.ref), strings.intern(profile.destination))
            for run in presentRuns(refs, elements) where run.count > 1 {
                var piece: [Coordinate] = []
                var pieceIDs: [Int64] = []
                var start: NodeID?
                for (i, id) in run.enumerated() {
                    guard let slot = elements.slot(ofNode: id), let c = elements.coordinate(ofNode: id) else { continue }
                    piece.append(c)
                    pieceIDs.append(id)
                    let isNode = usage[slot] >= 2
                    if i == 0 { start = Self.node(slot, c, &nodeIndex, &nodes) }
                    guard isNode, i > 0, let from = start else { continue }
                    let to = Self.node(slot, c, &nodeIndex, &nodes)
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
                    var arriving: (forward: Int?, backward: Int?) = (nil, nil)
                    for forward in [true, false] {
                        let delays = controlDelays(pieceIDs, piece, forward: forward, elements)
                        let barriersAhead = elements.barriers[forward ? id : pieceIDs[0]] ?? []
                        guard
                            var edge = edge(
                                way.id, profile, forward: forward, from: forward ? from : to, to: forward ? to : from, shape: shape,
                                length: length, wayLength: wayLength, names: names, controlDelays: delays)
                        else { continue }
                        for profile in TravelProfile.allCases where barriersAhead.contains(profile) {
                            edge.flags.insert(.barrierAhead(for: profile))
                        }
                        if restrictedWays.contains(way.id) { edgesOfWay[way.id, default: []].append(Int32(edges.count)) }
                        if forward { arriving.forward = edges.count } else { arriving.backward = edges.count }
                        edges.append(edge)
                    }
                    if let bike = profile.access[.bike] {
                        let ends = [(pieceIDs[0], pieceIDs[pieceIDs.count - 1], arriving.backward, false), (id, pieceIDs[0], arriving.forward, true)]
                        for (node, farEnd, arrivingEdge, towardIsForward) in ends where node != farEnd {
                            bikePieceEnds[node, default: []].append(
                                BikePieceEnd(
                                    farEnd: farEnd, arriving: arrivingEdge, name: names.0, ref: names.1, roadClass: profile.roadClass,
                                    flags: profile.flags.intersection([.roundabout, .tunnel]),
                                    toward: BikePieceEnd.mode(bike, forward: towardIsForward),
                                    away: BikePieceEnd.mode(bike, forward: !towardIsForward)))
                        }
                    }
                    piece = [c]
                    pieceIDs = [id]
                    start = to
                }
            }
        }
        guard !edges.isEmpty else { throw .noRoutableWays }
        Self.markBikeCompressedNodes(bikePieceEnds, elements, &edges)
        ParallelEdges.collapse(&edges, nodeCount: nodes.count, edgesOfWay: &edgesOfWay, keepingWays: restrictedWays, statistics: &statistics)
        progress(ImportProgress(phase: .indexing, fraction: 0))
        let (restrictions, viaWayRestrictions) = Self.restrictions(
            elements, edges: edges, edgesOfWay: edgesOfWay, nodeIndex: nodeIndex, statistics: &statistics)
        (elements, usage, nodeIndex, edgesOfWay) = (OSMElements(), [], [], [:])
        do {
            // The edges and shape points are handed over (not copied), so the graph's own sorted
            // arrays do not coexist with these.
            let graph = try RoadGraph(
                nodes: consume nodes, shapePoints: consume shapePoints, shapeOffsets: shapeOffsets, edges: consume edges, strings: strings.strings,
                restrictions: restrictions, viaWayRestrictions: viaWayRestrictions, indexingSegments: indexingSegments)
            statistics.graphNodes = graph.nodeCount
            statistics.graphEdges = graph.edgeCount
            statistics.graphShapes = graph.shapeCount
            progress(ImportProgress(phase: .indexing, fraction: 1))
            return graph
        } catch {
            throw .unusableRoads("\(error)")
        }
    }

    /// The most way pieces (graph node to graph node, `usage` marking the graph nodes) and shape
    /// points the ways of `elements` can give: what the build makes before dropping duplicate pieces.
    private func mostPieces(_ elements: OSMElements, _ usage: [UInt8]) -> (pieces: Int, points: Int) {
        var pieces = 0, points = 0
        for way in elements.ways {
            for run in presentRuns(elements.refs(of: way), elements) where run.count > 1 {
                var length = 0
                for (i, id) in run.enumerated() {
                    guard let slot = elements.slot(ofNode: id), elements.coordinate(ofNode: id) != nil else { continue }
                    length += 1
                    guard usage[slot] >= 2, i > 0 else { continue }
                    pieces += 1
                    points += length
                    length = 1
                }
            }
        }
        return (pieces, points)
    }

    /// The turn restrictions of `elements`' relations over `edges` (`nodeIndex`: the graph node of each used-node slot, -1 for none).
    private static func restrictions(
        _ elements: OSMElements, edges: [RoadEdge], edgesOfWay: [Int64: [Int32]], nodeIndex: [Int32], statistics: inout ImportStatistics
    ) -> (viaNode: [TurnRestriction], viaWays: [ViaWayRestriction]) {
        let graphNode: (Int64) -> Int32? = { id in elements.slot(ofNode: id).map { nodeIndex[$0] }.flatMap { $0 >= 0 ? $0 : nil } }
        return TurnRestrictionResolver(edges: edges, edgesOfWay: edgesOfWay, graphNode: graphNode).resolve(elements.relations, statistics: &statistics)
    }

    /// The graph node at used-node `slot` (at `c`), added to `nodes` when it is new.
    private static func node(_ slot: Int, _ c: Coordinate, _ nodeIndex: inout [Int32], _ nodes: inout [Coordinate]) -> NodeID {
        if nodeIndex[slot] >= 0 { return NodeID(nodeIndex[slot]) }
        nodeIndex[slot] = Int32(nodes.count)
        nodes.append(c)
        return NodeID(Int32(nodes.count - 1))
    }

    /// Ways named by a relation (turn restrictions): their edges are never collapsed away.
    private static func restrictedWays(_ elements: OSMElements) -> Set<Int64> {
        var ways: Set<Int64> = []
        for relation in elements.relations {
            for member in relation.members where member.kind == .way { ways.insert(member.ref) }
        }
        return ways
    }

    /// Counts the ways each profile may use.
    private func countProfiles(_ elements: OSMElements, _ statistics: inout ImportStatistics) {
        for way in elements.ways {
            let access = elements.profile(of: way).access
            if access[.car] != nil { statistics.carWays += 1 }
            if access[.bike] != nil { statistics.bikeWays += 1 }
            if access[.foot] != nil { statistics.footWays += 1 }
        }
    }

    /// The way's node references split at references missing from the extract, with a node
    /// repeated right after itself (`1,1,2`) read once.
    private func presentRuns(_ refs: ArraySlice<Int64>, _ elements: OSMElements) -> [[Int64]] {
        refs.split(omittingEmptySubsequences: true) { elements.coordinate(ofNode: $0) == nil }.map { run in
            var refs: [Int64] = []
            refs.reserveCapacity(run.count)
            for id in run where refs.last != id { refs.append(id) }
            return refs
        }
    }

    /// Seconds each profile loses at the traffic controls of one way piece (graph node to graph
    /// node) travelled along (`forward`) or against its node order, at every node after the first:
    /// - a car at each control facing its way (signals, stop and give-way signs, gates; an
    ///   undirected stop sign just behind it faces the other way, `stopSignReach`);
    /// - a walker 2 s at every light, a bike 2 s at lights facing its way (`traffic_signal_penalty`)
    ///   and, at any light inside the piece, `bikeAngleCost(180)` more: OSRM's graph compressor
    ///   prices a light on a node it removes as an artificial turn of 180°. At the piece's end the
    ///   search costs the real turn, unless the node is one OSRM removes (`markBikeCompressedNodes`).
    private func controlDelays(_ ids: [Int64], _ points: [Coordinate], forward: Bool, _ elements: OSMElements) -> ProfileDurations {
        var delay = ProfileDurations(car: 0, bike: 0, foot: 0)
        let order = forward ? Array(ids.indices) : ids.indices.reversed()
        var travelled = [0.0]
        for (a, b) in zip(order, order.dropFirst()) { travelled.append(travelled[travelled.count - 1] + points[a].distance(to: points[b])) }
        let total = travelled[travelled.count - 1]
        for (k, i) in order.enumerated().dropFirst() {
            guard let control = elements.trafficControls[ids[i]] else { continue }
            let inside = k < order.count - 1
            if control.applies(forward: forward) {
                let isUndirectedStop = control.kind == .stop && control.direction == .both && inside
                if !(isUndirectedStop && travelled[k] < Self.stopSignReach && total - travelled[k] > Self.stopSignReach) {
                    delay.car += control.delay
                }
            }
            guard control.kind == .signals else { continue }
            delay.foot += Self.signalPenalty
            if control.appliesToBikes(forward: forward) { delay.bike += Self.signalPenalty }
            if inside { delay.bike += Self.bikeCompressedSignalTurn }
        }
        return delay
    }

    /// The graph nodes OSRM's graph compressor removes for bikes: exactly two bike pieces meet
    /// there, not closing a loop, with no bike barrier, and alike (`BikePieceEnd.continues`) — say
    /// two ways of one street meeting end to end. The bike edges arriving there are flagged
    /// `bikeGoesOn` (no turn is costed there, as bicycle.lua has none), and at a traffic light they
    /// carry `bikeCompressedSignalTurn` as a light inside a way does (`controlDelays`).
    private static func markBikeCompressedNodes(_ pieceEnds: [Int64: [BikePieceEnd]], _ elements: OSMElements, _ edges: inout [RoadEdge]) {
        for (node, ends) in pieceEnds where ends.count == 2 && elements.barriers[node]?.contains(.bike) != true {
            let (a, b) = (ends[0], ends[1])
            guard a.farEnd != b.farEnd, a.continues(into: b) else { continue }
            let isLight = elements.trafficControls[node]?.kind == .signals
            for index in [a.arriving, b.arriving].compactMap(\.self) where edges[index].durations.bike.isFinite {
                edges[index].flags.insert(.bikeGoesOn)
                if isLight { edges[index].durations.bike += bikeCompressedSignalTurn }
            }
        }
    }

    private func wayLength(_ refs: ArraySlice<Int64>, _ elements: OSMElements) -> Meters {
        Polyline(refs.compactMap { elements.coordinate(ofNode: $0) }).length
    }

    /// The directed edge for one direction of a way piece, nil when no profile may travel that direction.
    private func edge(
        _ wayID: Int64, _ profile: WayProfile, forward: Bool, from: NodeID, to: NodeID, shape: Int32, length: Meters, wayLength: Meters,
        names: (Int32, Int32, Int32), controlDelays: ProfileDurations
    ) -> RoadEdge? {
        var durations = ProfileDurations.forbidden
        for (travel, access) in profile.access where forward ? access.forward : access.backward {
            if let total = profile.ferryDuration, wayLength > 0 {
                durations[travel] = Float(total * length / wayLength)
            } else {
                durations[travel] = Float(length / ((forward ? access.speed : access.backwardSpeed) / 3.6))
            }
        }
        guard durations.car.isFinite || durations.bike.isFinite || durations.foot.isFinite else { return nil }
        durations.car += controlDelays.car
        durations.bike += controlDelays.bike
        durations.foot += controlDelays.foot
        var flags = profile.flags
        if !forward { flags.insert(.reversedShape) }
        if let car = profile.access[.car], car.forward != car.backward { flags.insert(.oneway) }
        if profile.access[.car]?.isRestricted == true { flags.insert(.restrictedAccess) }
        let preference = UInt8((min(1, max(0.01, profile.access[.car]?.preference ?? 1)) * 100).rounded())
        return RoadEdge(
            from: from, to: to, shape: shape, length: Float(length), wayID: wayID, name: names.0, ref: names.1,
            destination: names.2, roadClass: profile.roadClass, speedLimit: forward ? profile.speedLimit : profile.backwardSpeedLimit,
            defaultSpeed: UInt8(TagPolicy.defaultCarSpeed(profile.roadClass)), flags: flags, durations: durations,
            carPreference: preference, carControlDelay: durations.car.isFinite ? UInt8(min(255, controlDelays.car.rounded())) : 0)
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

/// A bike-usable way piece ending at a graph node, as OSRM's graph compressor
/// compares the two edges of a node it may remove (`NodeBasedEdgeData::CanCombineWith`: same
/// directions open, name, class, travel mode, roundabout and tunnel classes).
private struct BikePieceEnd {
    /// How a bike travels one direction of a piece.
    enum Mode: Equatable { case closed, ridden, pushed }

    /// The OSM node at the piece's other end.
    var farEnd: Int64
    /// The index of the piece's edge arriving at the node, nil when the piece has none.
    var arriving: Int?
    /// Interned name and ref.
    var name: Int32, ref: Int32
    var roadClass: RoadClass
    /// The piece's roundabout and tunnel flags.
    var flags: EdgeFlags
    /// The bike's mode towards the node and away from it.
    var toward: Mode, away: Mode

    /// The bike's mode along (`forward`) or against the way: pushed at walking speed or slower.
    static func mode(_ access: TagPolicy.WayAccess, forward: Bool) -> Mode {
        guard forward ? access.forward : access.backward else { return .closed }
        return (forward ? access.speed : access.backwardSpeed) <= TagPolicy.bikePushingSpeed ? .pushed : .ridden
    }

    /// Whether a bike going from this piece through the node onto `other` (and back) rides one
    /// road that merely goes on: OSRM compresses the node.
    func continues(into other: BikePieceEnd) -> Bool {
        name == other.name && ref == other.ref && roadClass == other.roadClass && flags == other.flags && toward == other.away
            && away == other.toward
    }
}
