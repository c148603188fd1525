import Geodesy

extension RoadGraph {
    /// The `RoadPath` travelling `edges` in order for `profile`, starting `startFraction` along the first
    /// edge and ending `endFraction` along the last (both fractions of length, 0…1).
    /// Consecutive edges must meet (one's `to` is the next one's `from`); nil when `edges` is empty or they do not.
    /// With `other` (a path of the same profile, e.g. the best route when this is an alternative to
    /// it), the edges both start with alike (same start, every edge whole in both) and those both end
    /// with alike (same end, every edge but the last whole in both) are not built again: their
    /// segments, geometry and the intersections between them are `other`'s (moved along the
    /// geometry by the points before them at the end).
    public func path(
        edges ids: [EdgeID], startFraction: Double, endFraction: Double, profile: TravelProfile, sharingWith other: RoadPath? = nil
    ) -> RoadPath? {
        guard !ids.isEmpty else { return nil }
        // One pass: each edge is loaded once, its shape's vertices appended in place, and the
        // intersection before it built from the two loaded edges.
        var points: [Coordinate] = []
        var segments: [RoadPath.Segment] = []
        var intersections: [PathIntersection] = []
        segments.reserveCapacity(ids.count)
        intersections.reserveCapacity(ids.count - 1)
        var strings = StringMemo()
        var previous: RoadEdge?
        var start = 0
        if let other, other.profile == profile, other.segments.first?.startFraction == min(max(startFraction, 0), 1) {
            let whole = min(ids.count, other.segments.count) - 1
            while start < whole, other.segments[start].edge == ids[start] { start += 1 }
            if start > 0 {
                segments += other.segments[..<start]
                intersections += other.intersections[..<(start - 1)]
                points += other.geometry[...other.segments[start - 1].geometryRange.upperBound]
                previous = edges[ids[start - 1].index]
            }
        }
        // The edges both end with (never the first of either, nor one shared at the start).
        var shared = 0
        if let other, other.profile == profile, other.segments.last?.endFraction == min(max(endFraction, 0), 1) {
            let whole = min(ids.count - max(start, 1), other.segments.count - 1)
            while shared < whole, other.segments[other.segments.count - 1 - shared].edge == ids[ids.count - 1 - shared] { shared += 1 }
        }
        for i in start..<(ids.count - shared) {
            let id = ids[i], e = edges[id.index]
            if let previous, previous.to != e.from { return nil }
            let from = i == 0 ? min(max(startFraction, 0), 1) : 0
            var to = i == ids.count - 1 ? min(max(endFraction, 0), 1) : 1
            if i == 0 && ids.count == 1 { to = max(to, from) }
            let first = points.isEmpty ? 0 : points.count - 1
            if let previous {
                intersections.append(
                    intersection(at: e.from, arriving: ids[i - 1], loaded: previous, leaving: id, loaded: e, geometryIndex: first,
                                 profile: profile, strings: &strings))
            }
            if from == 0 && to == 1 {
                appendGeometry(of: e, to: &points)
            } else {
                let line = Polyline(geometry(of: id))
                let piece = line.slice(from: from * line.length, to: to * line.length).coordinates
                points.append(contentsOf: points.isEmpty ? piece[...] : piece.dropFirst())
            }
            let fraction = to - from
            segments.append(
                RoadPath.Segment(
                    edge: id, startFraction: from, endFraction: to, distance: Double(e.length) * fraction,
                    duration: Self.duration(of: e, profile: profile, from: from, to: to, passingEnd: i < ids.count - 1),
                    name: strings.string(e.name, in: self),
                    ref: strings.string(e.ref, in: self), destination: string(e.destination), roadClass: e.roadClass, speedLimit: e.speedLimit, flags: e.flags,
                    wayID: e.wayID, geometryRange: first...max(first, points.count - 1)))
            previous = e
        }
        if shared > 0, let other, let previous {
            // The intersection where the two join is this path's; what follows is `other`'s, its
            // geometry after the joining node (the same shapes' points) and the indexes moved.
            let i = ids.count - shared, e = edges[ids[i].index]
            guard previous.to == e.from else { return nil }
            let first = points.count - 1, o = other.segments.count - shared
            let joining = other.segments[o].geometryRange.lowerBound, offset = first - joining
            intersections.append(
                intersection(at: e.from, arriving: ids[i - 1], loaded: previous, leaving: ids[i], loaded: e, geometryIndex: first,
                             profile: profile, strings: &strings))
            points += other.geometry[(joining + 1)...]
            for k in o..<other.segments.count {
                var segment = other.segments[k]
                segment.geometryRange = (segment.geometryRange.lowerBound + offset)...(segment.geometryRange.upperBound + offset)
                segments.append(segment)
            }
            for k in o..<other.intersections.count {
                var node = other.intersections[k]
                node.geometryIndex += offset
                intersections.append(node)
            }
        }
        return RoadPath(
            profile: profile, segments: segments, intersections: intersections, geometry: points,
            distance: segments.reduce(0) { $0 + $1.distance }, duration: segments.reduce(0) { $0 + $1.duration },
            departureBearing: Self.endBearing(points, atStart: true) ?? initialBearing(of: ids[0]),
            arrivalBearing: Self.endBearing(points, atStart: false) ?? finalBearing(of: ids[ids.count - 1]))
    }

    /// The seconds `profile` takes along `e` from `from` to `to` (fractions of its length), its
    /// wait at traffic controls included only when it drives on past the end (`RoadEdge.travelShare`).
    static func duration(of e: RoadEdge, profile: TravelProfile, from: Double, to: Double, passingEnd: Bool) -> Seconds {
        Double(e.durations[profile]) * e.travelShare(profile: profile, from: from, to: to, passingEnd: passingEnd)
    }

    /// Appends the whole geometry of the loaded edge `e` (in its direction of travel) to `points`,
    /// without its first point when `points` already ends there (as `geometry(of:)` would give it).
    private func appendGeometry(of e: RoadEdge, to points: inout [Coordinate]) {
        let vertices = shapeVertices(e.shape)
        let skip = points.isEmpty ? 0 : 1
        if e.flags.contains(.reversedShape) {
            var k = vertices.endIndex - 1 - skip
            while k >= vertices.startIndex {
                points.append(vertices[k])
                k -= 1
            }
        } else {
            points.append(contentsOf: vertices.dropFirst(skip))
        }
    }

    /// The direction of travel along the first (or last) segment of `points` that has a length, nil when none has.
    static func endBearing(_ points: [Coordinate], atStart: Bool) -> Degrees? {
        guard points.count > 1 else { return nil }
        let order = atStart ? Array(0..<(points.count - 1)) : Array((0..<(points.count - 1)).reversed())
        guard let i = order.first(where: { points[$0] != points[$0 + 1] }) else { return nil }
        return points[i].bearing(to: points[i + 1])
    }

    /// The intersection at `node` for a path arriving on `arriving` (loaded: `arrivingEdge`) and
    /// leaving on `leaving` (loaded: `leavingEdge`); names and refs come from `strings` (made once per path).
    func intersection(
        at node: NodeID, arriving: EdgeID, loaded arrivingEdge: RoadEdge, leaving: EdgeID, loaded leavingEdge: RoadEdge, geometryIndex: Int,
        profile: TravelProfile, strings: inout StringMemo
    ) -> PathIntersection {
        let incomingTwin = twin(ofLoaded: arrivingEdge)
        // Only an edge that starts a restriction has any (a bit per edge): the lookup is skipped for the others.
        let turns = startsRestriction(arriving) ? restrictions(from: arriving) : restrictions[0..<0]
        let leavingRange = outgoingRange(from: node)
        let arrivingRange = Int(inOffsets[node.index])..<Int(inOffsets[node.index + 1])
        var roads: [PathIntersection.Road] = []
        roads.reserveCapacity(leavingRange.count + arrivingRange.count)
        for index in leavingRange {
            let out = EdgeID(Int32(index)), e = edges[index]
            let allowed = e.durations[profile].isFinite && Self.isTurnAllowed(turns, to: out, profile: profile)
            roads.append(
                PathIntersection.Road(
                    edge: out, bearing: initialBearing(of: e), canEnter: allowed && out != incomingTwin, isIncoming: out == incomingTwin,
                    isOutgoing: out == leaving, roadClass: e.roadClass, name: strings.string(e.name, in: self),
                    ref: strings.string(e.ref, in: self), flags: e.flags))
        }
        for k in arrivingRange {
            let arrivingEdge = EdgeID(inEdges[k]), e = edges[arrivingEdge.index]
            guard twin(ofLoaded: e) == nil else { continue }
            roads.append(
                PathIntersection.Road(
                    edge: arrivingEdge, bearing: Bearing.normalized(finalBearing(of: e) + 180), canEnter: false,
                    isIncoming: arrivingEdge == arriving, isOutgoing: false, roadClass: e.roadClass, name: strings.string(e.name, in: self),
                    ref: strings.string(e.ref, in: self), flags: e.flags))
        }
        roads.sort { ($0.bearing, $0.edge) < ($1.bearing, $1.edge) }
        return PathIntersection(
            node: node, location: nodes[node.index], geometryIndex: geometryIndex, incomingBearing: finalBearing(of: arrivingEdge),
            outgoingBearing: initialBearing(of: leavingEdge), roads: roads)
    }
}
