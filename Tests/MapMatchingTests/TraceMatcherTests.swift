import Geodesy
import MapMatching
import Positioning
import RoadGraph
import Testing
import Timekeeping

@Suite("TraceMatcher: whole traces, segments and bad input")
struct TraceMatcherTests {
    static func corner() throws -> RoadSketch {
        try RoadSketch(
            """
            A-----------------------B
                                    |
                                    |
                                    |
                                    |
                                    C-----------------------D
            """, cell: 10,
            ways: [.init(nodes: "AB", name: "Tunnelitie"), .init(nodes: "BC", name: "Tunneli"), .init(nodes: "CD")])
    }

    @Test("a drive round a corner with a 20 s gap: every fix matched, one segment whose path runs A→B→C→D")
    func gapAcrossCorner() throws {
        let sketch = try Self.corner()
        let all = Drive.along(sketch.line("ABCD"), speed: 12)
        let fixes = all.enumerated().filter { !(12..<32).contains($0.offset) }.map(\.element)
        let result = try TraceMatcher(graph: sketch.graph).match(fixes)
        #expect(result.points.allSatisfy { $0 != nil })
        #expect(result.segments.count == 1)
        #expect(result.segments.first?.wayIDs == [1, 2, 3])
        #expect(result.segments.first?.fixes == 0...(fixes.count - 1))
        let geometry = Polyline(result.segments.first?.geometry ?? [])
        #expect(abs(geometry.length - (sketch.line("ABCD").length - 2)) < 15)
        #expect(result.points.compactMap { $0 }.allSatisfy { $0.distance < 0.5 })
    }

    @Test("a fix within 2σ (at least 10 m) of the last fix decoded is placed on the path matched past it, never behind the fix decoded before it")
    func interpolatedFixes() throws {
        let sketch = try RoadSketch(
            """
            A-----------------------B

            E-----------------------F
            """, cell: 4, ways: [.init(nodes: "AB", roadClass: .secondary), .init(nodes: "EF", roadClass: .secondary)])
        // σ 5: fixes 1 (3 m on, 3 m south of the road) and 2 (2 m back) are within 10 m of fix 0,
        // fix 4 within 10 m of fix 3; fixes 5 and 6 are decoded all the same, as the trace ends
        // within 10 m of them.
        let offsets: [(east: Meters, north: Meters)] = [(10, -1), (13, -3), (8, 2), (40, 0), (46, -2), (70, 0), (74, 1)]
        let fixes = offsets.enumerated().map { Drive.fix(Double($0.offset) * 2, sketch.coordinate("A", east: $0.element.east, north: $0.element.north)) }
        var decodedEach = MatchingOptions()
        decodedEach.interpolationDistance = 0
        for options in [MatchingOptions(), decodedEach] {
            let points = try TraceMatcher(graph: sketch.graph, options: options).match(fixes).points.map { try #require($0) }
            #expect(points.allSatisfy { $0.wayID == 1 && Bearing.difference($0.bearing, 90) < 1 })
            #expect(points.count == 7)
            let along = points.map { sketch.coordinate("A").distance(to: $0.coordinate) }
            if options.interpolationDistance > 0 {
                // Placed, not decoded: on the road at the fix's own place, fix 2 held at fix 0's.
                #expect(zip(along, [10, 13, 10, 40, 46, 70, 74]).allSatisfy { abs($0 - $1) < 0.5 })
                #expect(abs(points[1].distance - 3) < 0.5)
            } else {
                #expect(zip(along, [10, 13, 8, 40, 46, 70, 74]).allSatisfy { abs($0 - $1) < 0.5 })
            }
        }
    }

    @Test("offline matching repairs the live answer at a ramp: with hindsight every fix is on the main road")
    func hindsight() throws {
        let sketch = try RoadSketch(
            """
                  E---------------------------F
                 /                             \\
            A---B-------------------------------G---H
            """, cell: 6,
            ways: [.init(nodes: "ABGH", name: "Mannerheimintie", roadClass: .primary), .init(nodes: "BEFG", roadClass: .service)])
        let offsets: [Meters] = [4, 8, 8, 8, 5, -1, 6, 7, 3, 5]
        let fixes = Drive.along(sketch.line("ABGH"), speed: 12) { (0, offsets[$0 % offsets.count]) }
        let result = try TraceMatcher(graph: sketch.graph).match(fixes)
        #expect(result.points.allSatisfy { $0?.wayID == 1 })
        #expect(result.segments.map(\.wayIDs) == [[1]])
    }

    @Test("a clean trace without accuracy along a service road 9 m beside a street stays on the service road")
    func cleanTraceWithoutAccuracy() throws {
        // Decoded first with the default 8 m, the street would win (0.5 against 1 + 0.008: the
        // service road's minor-road cost) and the residuals of that decode would then say σ ≈ 12;
        // the first σ from the nearest roads (4 m, the minimum) keeps the road driven.
        let sketch = try RoadSketch(
            """
            A-------------------------------------------B
            C-------------------------------------------D
            """, cell: 9, ways: [.init(nodes: "AB", name: "Katu"), .init(nodes: "CD", roadClass: .service)])
        let fixes = Drive.along(sketch.line("CD"), speed: 10) { (0, $0 % 2 == 0 ? 1 : -1) }.map { fix in
            var plain = fix
            (plain.course, plain.speed, plain.horizontalAccuracy) = (nil, nil, nil)
            return plain
        }
        let result = try TraceMatcher(graph: sketch.graph).match(fixes)
        #expect(result.points.allSatisfy { $0?.wayID == 2 })
        var atDefault = MatchingOptions()
        atDefault.estimatesNoise = false
        let unestimated = try TraceMatcher(graph: sketch.graph, options: atDefault).match(fixes)
        #expect(unestimated.points.allSatisfy { $0?.wayID == 1 })
    }

    @Test("a 2 km jump splits the trace into two segments")
    func jumpSplits() throws {
        let sketch = try RoadSketch(
            """
            A---------------B




            C---------------D
            """, cell: 500, ways: [.init(nodes: "AB"), .init(nodes: "CD")])
        let before = Drive.along(Polyline([sketch.coordinate("A"), sketch.coordinate("A", east: 100, north: 0)]), speed: 10)
        let after = Drive.along(
            Polyline([sketch.coordinate("C"), sketch.coordinate("C", east: 100, north: 0)]), speed: 10, from: Double(before.count))
        let result = try TraceMatcher(graph: sketch.graph).match(before + after)
        #expect(result.segments.map(\.wayIDs) == [[1], [2]])
        #expect(result.segments.map(\.fixes) == [0...(before.count - 1), before.count...(before.count + after.count - 1)])
        #expect(result.points.map { $0?.segment } == before.map { _ in 0 } + after.map { _ in 1 })
    }

    @Test("fixes far from every road are left unmatched and split the path")
    func offRoadStretch() throws {
        let sketch = try Self.corner()
        var fixes = Drive.along(sketch.line("AB"), speed: 12)
        fixes[5].coordinate = sketch.coordinate("A", east: 60, north: 300)
        let result = try TraceMatcher(graph: sketch.graph).match(fixes)
        #expect(result.points[5] == nil)
        #expect(result.points.enumerated().allSatisfy { $0.offset == 5 || $0.element?.wayID == 1 })
        #expect(result.segments.count == 2)
    }

    @Test("an empty trace is rejected")
    func empty() throws {
        let sketch = try Self.corner()
        #expect(throws: MapMatchingError.emptyTrace) { try TraceMatcher(graph: sketch.graph).match([]) }
        #expect("\(MapMatchingError.emptyTrace)" == "trace is empty: no fixes to match")
    }

    @Test("a fix without time is rejected, naming its index")
    func missingTime() throws {
        let sketch = try Self.corner()
        var fixes = Drive.along(sketch.line("AB"), speed: 12)
        fixes[3].time = nil
        #expect(throws: MapMatchingError.missingTime(index: 3)) { try TraceMatcher(graph: sketch.graph).match(fixes) }
        #expect("\(MapMatchingError.missingTime(index: 3))" == "fix 3 has no time; map matching needs timestamped fixes")
    }

    @Test("time running backwards is rejected, naming the fix")
    func backwardsTime() throws {
        let sketch = try Self.corner()
        var fixes = Drive.along(sketch.line("AB"), speed: 12)
        fixes[4].time = Drive.start
        #expect(throws: MapMatchingError.timeNotIncreasing(index: 4)) { try TraceMatcher(graph: sketch.graph).match(fixes) }
    }

    @Test("a trace entirely outside the map is rejected with the first fix and its position")
    func outsideMap() throws {
        let sketch = try Self.corner()
        let milan = Coordinate(latitude: 45.4642, longitude: 9.19)
        let fixes = (0..<5).map { Drive.fix(Double($0), milan) }
        #expect(throws: MapMatchingError.outsideMap(index: 0, coordinate: milan)) { try TraceMatcher(graph: sketch.graph).match(fixes) }
        #expect("\(MapMatchingError.outsideMap(index: 0, coordinate: milan))" == "fix 0 at 45.4642,9.19 lies outside the map")
    }

    @Test("a trace whose fixes have no position is rejected")
    func noPositions() throws {
        let sketch = try Self.corner()
        let fixes = (0..<3).map { Fix(time: Drive.start.adding(Double($0)), mode: .noFix) }
        #expect(throws: MapMatchingError.noPositions) { try TraceMatcher(graph: sketch.graph).match(fixes) }
    }
}
