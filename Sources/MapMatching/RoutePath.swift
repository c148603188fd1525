import Geodesy
import Positioning
public import RoadGraph
public import Routing
import Timekeeping

/// A route laid on the road network: the directed edges it drives, in order. In active guidance
/// the live matcher lays the horizon along it instead of the most probable path (Mapbox: "the
/// user-selected route and its metadata are used as the path for the electronic horizon").
public struct RoutePath: Sendable, Hashable {
    /// The directed edges, in driving order; consecutive ones meet at a node.
    public let edges: [EdgeID]
    /// Where the route ends along its last edge, 0…1.
    public let endFraction: Double
    /// Where each edge first comes in `edges`, and for each index the next one driving the same
    /// edge (-1: none): finding a matched edge on a route of tens of thousands of edges costs a
    /// lookup, not a scan, on every fix.
    private let first: [EdgeID: Int]
    private let next: [Int]

    /// A path from its parts.
    public init(edges: [EdgeID], endFraction: Double) {
        self.edges = edges
        self.endFraction = endFraction
        var first: [EdgeID: Int] = [:], last: [EdgeID: Int] = [:]
        var next = [Int](repeating: -1, count: edges.count)
        first.reserveCapacity(edges.count)
        for (i, edge) in edges.enumerated() {
            if let previous = last.updateValue(i, forKey: edge) { next[previous] = i } else { first[edge] = i }
        }
        self.first = first
        self.next = next
    }

    /// The edges `planned` drives, legs joined (a leg that starts on the edge the one before
    /// ended on, at a via point, does not repeat it): a route planned on the map needs no laying.
    public init(_ planned: PlannedRoute) {
        var edges: [EdgeID] = []
        for leg in planned.legs {
            for segment in leg.segments where edges.last != segment.edge { edges.append(segment.edge) }
        }
        self.init(edges: edges, endFraction: planned.legs.last?.segments.last?.endFraction ?? 1)
    }

    /// The first index at or after `start` where the path drives `edge`, else the first before it
    /// (a vehicle matched back along the route); nil when the route does not use `edge`. Searching
    /// forward first keeps a route that passes an edge twice (a loop) on the pass to come.
    public func index(of edge: EdgeID, from start: Int) -> Int? {
        guard let earliest = first[edge] else { return nil }
        var i = earliest
        while i < start, next[i] >= 0 { i = next[i] }
        return i >= start ? i : earliest
    }

    /// Paths are equal when they drive the same edges and end at the same place (the lookup
    /// tables follow from the edges).
    public static func == (a: RoutePath, b: RoutePath) -> Bool { a.edges == b.edges && a.endFraction == b.endFraction }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(edges)
        hasher.combine(endFraction)
    }
}

extension TraceMatcher {
    /// Spacing, metres, of the points along a route's line that are matched to lay it on the graph.
    static let routePointSpacing: Meters = 25
    /// The accuracy, metres, the points along a route's line are matched with.
    static let routeSigma: Meters = 5
    /// The longest route line that is laid on the map (80,000 points); a longer one, or one
    /// reaching off the map, is not laid at all, so a hostile line (vertices thousands of
    /// kilometres apart) costs nothing.
    static let longestLaidLine: Meters = 2_000_000

    /// `line` (a route's geometry, start to end) laid on the graph, or nil when it does not lie on
    /// this map's roads as one connected path (a line drawn by hand across blocks, a route planned
    /// on a map whose streets differ, a line reaching off the map or longer than
    /// `longestLaidLine`). The line is cut into points every `routePointSpacing`
    /// metres, each given `routeSigma` accuracy and the line's direction as its course, and
    /// matched as a trace; a route planned on this map comes back as exactly the edges it drives.
    public func path(along line: [Coordinate]) -> RoutePath? {
        guard fits(line) else { return nil }
        let points = Self.points(along: line)
        guard points.count >= 2 else { return nil }
        let start = Timestamp(secondsSince1970: 0)
        var fixes: [Fix] = []
        fixes.reserveCapacity(points.count)
        var travelled: Meters = 0
        for (i, point) in points.enumerated() {
            if i > 0 { travelled += points[i - 1].distance(to: point) }
            let course = i + 1 < points.count ? point.bearing(to: points[i + 1]) : points[i - 1].bearing(to: point)
            // 10 m/s along the line and a second per point: times that always increase.
            var fix = Fix(time: start.adding(travelled / 10 + Double(i)), mode: .twoD, coordinate: point)
            fix.horizontalAccuracy = Self.routeSigma
            fix.course = course
            fix.speed = 10
            fixes.append(fix)
        }
        guard let matched = try? match(fixes), matched.segments.count == 1, let segment = matched.segments.first,
            segment.fixes == 0...points.count - 1, let last = matched.points[points.count - 1]
        else { return nil }
        return RoutePath(edges: segment.edges, endFraction: last.edge == segment.edges.last ? last.fraction : 1)
    }

    /// Whether every valid vertex of `line` lies on the map (`isOnMap`) and the line is no longer
    /// than `longestLaidLine`.
    private func fits(_ line: [Coordinate]) -> Bool {
        var length: Meters = 0
        var last: Coordinate?
        for vertex in line where vertex.isValid {
            guard isOnMap(vertex) else { return false }
            if let last { length += last.distance(to: vertex) }
            guard length <= Self.longestLaidLine else { return false }
            last = vertex
        }
        return true
    }

    /// The vertices of `line` with points added between them so that none is more than
    /// `routePointSpacing` from the next; repeated vertices dropped.
    static func points(along line: [Coordinate]) -> [Coordinate] {
        var points: [Coordinate] = []
        for vertex in line where vertex.isValid {
            if let last = points.last {
                let gap = last.distance(to: vertex)
                guard gap > 0.01 else { continue }
                let pieces = Int((gap / routePointSpacing).rounded(.up))
                let bearing = last.bearing(to: vertex)
                for k in stride(from: 1, to: pieces, by: 1) {
                    points.append(last.destination(distance: gap * Double(k) / Double(pieces), bearing: bearing))
                }
            }
            points.append(vertex)
        }
        return points
    }
}
