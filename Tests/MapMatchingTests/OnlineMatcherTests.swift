import Geodesy
import MapMatching
import Positioning
import RoadGraph
import Testing
import Timekeeping

@Suite("OnlineMatcher on drawn road networks")
struct OnlineMatcherTests {
    /// Runs a live matcher over `fixes` and returns what it published for each.
    static func live(_ sketch: RoadSketch, _ fixes: [Fix], options: MatchingOptions = MatchingOptions()) -> [MatchedLocation] {
        var matcher = OnlineMatcher(graph: sketch.graph, options: options)
        return fixes.compactMap { matcher.match($0) }
    }

    @Test("parallel roads 15 m apart: history keeps the road actually entered although fixes are nearer the other")
    func parallelRoadsByHistory() throws {
        let sketch = try RoadSketch(
            """
            C-------------------------------------------D

            A-------------------------------------------B
            |
            S
            """, cell: 7.5,
            ways: [
                .init(nodes: "SA", name: "Approach"), .init(nodes: "AB", name: "Right Road"),
                .init(nodes: "CD", name: "Wrong Road"),
            ])
        let approach = Drive.along(sketch.line("SA"), speed: 5)
        let main = Drive.along(sketch.line("AB"), speed: 12, from: Double(approach.count)) { _ in (0, 9) }
        let results = Self.live(sketch, approach + main)
        let onMain = results.suffix(main.count - 1)
        #expect(onMain.allSatisfy { $0.road?.wayID == 2 })
        #expect(onMain.allSatisfy { !$0.isTeleport })
    }

    @Test("dual carriageway: heading picks the eastbound side although fixes are nearer the westbound one")
    func dualCarriagewayByHeading() throws {
        let sketch = try RoadSketch(
            """
            D-------------------------------------------C

            A-------------------------------------------B
            """, cell: 7.5,
            ways: [
                .init(nodes: "AB", name: "Ring I", roadClass: .trunk, oneway: true),
                .init(nodes: "CD", name: "Ring I", roadClass: .trunk, oneway: true),
            ])
        let fixes = Drive.along(sketch.line("AB"), speed: 15) { _ in (0, 9) }
        let results = Self.live(sketch, fixes)
        #expect(results.count == fixes.count)
        #expect(results.allSatisfy { $0.road?.wayID == 1 })
        #expect(results.allSatisfy { Bearing.difference($0.bearing ?? 0, 90) < 1 })
    }

    @Test("a oneway beside a two-way street, driven against its direction: the two-way street is matched")
    func onewayAgainstDirection() throws {
        let sketch = try RoadSketch(
            """
            A-------------------------------------------B

            C-------------------------------------------D
            """, cell: 7.5,
            ways: [
                .init(nodes: "AB", name: "Yksisuuntainen", oneway: true),
                .init(nodes: "CD", name: "Kaksisuuntainen"),
            ])
        // Westbound along C–D, fixes 9 m north of it: 6 m from the eastbound-only street.
        let fixes = Drive.along(sketch.line("DC"), speed: 10) { _ in (0, 9) }
        let results = Self.live(sketch, fixes)
        #expect(results.allSatisfy { $0.road?.wayID == 2 && $0.road?.isOneway == false })
        #expect(results.allSatisfy { Bearing.difference($0.bearing ?? 0, 270) < 1 })
    }

    @Test("service road 12 m beside a main road: the main road keeps the match through noise towards the service road")
    func serviceRoadBesideMainRoad() throws {
        let sketch = try RoadSketch(
            """
                  E---------------------------F
                 /                             \\
            A---B-------------------------------G---H
            """, cell: 6,
            ways: [
                .init(nodes: "ABGH", name: "Mannerheimintie", roadClass: .primary),
                .init(nodes: "BEFG", roadClass: .service),
            ])
        let offsets: [Meters] = [4, 7, 2, 8, 5, -1, 6, 7, 3, 5]
        let fixes = Drive.along(sketch.line("ABGH"), speed: 12) { (0, offsets[$0 % offsets.count]) }
        let results = Self.live(sketch, fixes)
        let onMain = results.filter { $0.road?.wayID == 1 }.count
        #expect(onMain == results.count)
    }

    @Test("roundabout: entry, three quarters counter-clockwise on the ring, exit west")
    func roundabout() throws {
        let sketch = try RoadSketch(Self.roundaboutDrawing, cell: 5, ways: Self.roundaboutWays)
        let fixes = Drive.along(sketch.line("SedcbahgW"), speed: 7) { i in (i % 2 == 0 ? 2 : -2, i % 3 == 0 ? 2 : -1) }
        let results = Self.live(sketch, fixes)
        let ways = results.compactMap { $0.road?.wayID }
        var order: [Int64] = []
        for w in ways where order.last != w { order.append(w) }
        #expect(order == [1, 2, 3])
        #expect(results.allSatisfy { !$0.isTeleport && !$0.isOffRoad })
    }

    @Test("roundabout with positions and times only, turns charged: the ring's corners where it offers no other way cost nothing")
    func roundaboutWithoutCourse() throws {
        let sketch = try RoadSketch(Self.roundaboutDrawing, cell: 5, ways: Self.roundaboutWays)
        let fixes = Drive.along(sketch.line("SedcbahgW"), speed: 7) { i in (i % 2 == 0 ? 2 : -2, i % 3 == 0 ? 2 : -1) }.map { fix in
            var plain = fix
            (plain.course, plain.speed) = (nil, nil)
            return plain
        }
        let results = Self.live(sketch, fixes)
        var order: [Int64] = []
        for w in results.compactMap({ $0.road?.wayID }) where order.last != w { order.append(w) }
        #expect(order == [1, 2, 3])
        #expect(results.allSatisfy { !$0.isTeleport && !$0.isOffRoad })
    }

    static let roundaboutDrawing = """
                  N
                  |
              h---a---b
             /         \\
        W---g           c---E
             \\         /
              f---e---d
                  |
                  |
                  S
        """
    static let roundaboutWays: [RoadSketch.Way] = [
        .init(nodes: "Se", name: "Etelätie"), .init(nodes: "edcbahgfe", oneway: true, roundabout: true),
        .init(nodes: "gW", name: "Länsitie"), .init(nodes: "cE"), .init(nodes: "aN"),
    ]

    @Test("U-turn mid-road: the match turns onto the opposite direction without a teleport")
    func uTurn() throws {
        let sketch = try RoadSketch("A---------------------------------------B", cell: 8, ways: [.init(nodes: "AB", name: "Kuja")])
        let east = Drive.along(Polyline([sketch.coordinate("A"), sketch.coordinate("A", east: 150, north: 0)]), speed: 10)
        let back = Drive.along(
            Polyline([sketch.coordinate("A", east: 148, north: 0), sketch.coordinate("A")]), speed: 10, from: Double(east.count))
        let results = Self.live(sketch, east + back)
        #expect(results.allSatisfy { $0.road?.wayID == 1 && !$0.isTeleport })
        #expect(results.prefix(east.count).allSatisfy { Bearing.difference($0.bearing ?? 0, 90) < 1 })
        #expect(results.suffix(back.count - 2).allSatisfy { Bearing.difference($0.bearing ?? 0, 270) < 1 })
    }

    @Test("30 s stop at a light with 3 m jitter: same road and direction, no teleport, position held")
    func stopAtLight() throws {
        let sketch = try RoadSketch("A---------------------------------------B", cell: 8, ways: [.init(nodes: "AB", name: "Valotie")])
        let approach = Drive.along(Polyline([sketch.coordinate("A"), sketch.coordinate("A", east: 100, north: 0)]), speed: 10)
        let jitter: [(Meters, Meters)] = [(3, 0), (-3, 1), (1, -3), (-2, -2), (2, 3), (0, 0), (-3, -1), (3, 2)]
        let stop = (0..<30).map { i in
            Drive.fix(Double(approach.count + i), sketch.coordinate("A", east: 100 + jitter[i % 8].0, north: jitter[i % 8].1), speed: 0)
        }
        let leave = Drive.along(
            Polyline([sketch.coordinate("A", east: 101, north: 0), sketch.coordinate("B")]), speed: 10, from: Double(approach.count + 30))
        let results = Self.live(sketch, approach + stop + leave)
        #expect(results.allSatisfy { $0.road?.wayID == 1 && !$0.isTeleport && !$0.isOffRoad })
        #expect(results.allSatisfy { Bearing.difference($0.bearing ?? 0, 90) < 1 })
        let held = results[approach.count..<(approach.count + 30)]
        #expect(held.allSatisfy { $0.coordinate.distance(to: sketch.coordinate("A", east: 100, north: 0)) < 4 })
    }

    @Test("20 s tunnel gap across a corner: the match resumes on the right road without a teleport")
    func tunnelGap() throws {
        let sketch = try RoadSketch(
            """
            A-----------------------B
                                    |
                                    |
                                    |
                                    |
                                    C-----------------------D
            """, cell: 10,
            ways: [.init(nodes: "AB", name: "Tunnelitie"), .init(nodes: "BC", name: "Tunneli"), .init(nodes: "CD")])
        let all = Drive.along(sketch.line("ABCD"), speed: 12)
        let fixes = all.enumerated().filter { !(12..<32).contains($0.offset) }.map(\.element)
        let results = Self.live(sketch, fixes)
        #expect(results.allSatisfy { !$0.isTeleport })
        #expect(results[12].road?.wayID == 3)
        #expect(results.last?.road?.wayID == 3)
    }

    @Test("a 2 km jump in one second is flagged as a teleport once and matching goes on")
    func teleport() throws {
        let sketch = try RoadSketch(
            """
            A---------------B




            C---------------D
            """, cell: 500, ways: [.init(nodes: "AB"), .init(nodes: "CD")])
        let before = Drive.along(Polyline([sketch.coordinate("A"), sketch.coordinate("A", east: 100, north: 0)]), speed: 10)
        let after = Drive.along(
            Polyline([sketch.coordinate("C"), sketch.coordinate("C", east: 100, north: 0)]), speed: 10, from: Double(before.count))
        let results = Self.live(sketch, before + after)
        #expect(results.map(\.isTeleport) == Array(repeating: false, count: before.count) + [true] + Array(repeating: false, count: after.count - 1))
        #expect(results.suffix(after.count).allSatisfy { $0.road?.wayID == 2 })
    }

    @Test("a fix 60 m from every road is off-road, with no road and zero confidence")
    func offRoad() throws {
        let sketch = try RoadSketch("A---------------------------------------B", cell: 8, ways: [.init(nodes: "AB")])
        var matcher = OnlineMatcher(graph: sketch.graph)
        let farResult = matcher.match(Drive.fix(0, sketch.coordinate("A", east: 100, north: 60)))
        let far = try #require(farResult)
        #expect(far.isOffRoad && far.road == nil && far.confidence == 0 && far.coordinate == far.rawCoordinate)
        let nearResult = matcher.match(Drive.fix(1, sketch.coordinate("A", east: 100, north: 2), course: 90, speed: 10))
        let near = try #require(nearResult)
        #expect(!near.isOffRoad && near.road?.wayID == 1 && !near.isTeleport)
        #expect(near.confidence > 0.8)
        #expect(abs(near.distanceFromFix - 2) < 0.1)
    }

    @Test("a fix without a position is not matched and leaves the chain alone")
    func fixWithoutPosition() throws {
        let sketch = try RoadSketch("A---------------------------------------B", cell: 8, ways: [.init(nodes: "AB")])
        var matcher = OnlineMatcher(graph: sketch.graph)
        _ = matcher.match(Drive.fix(0, sketch.coordinate("A", east: 50, north: 1), course: 90, speed: 10))
        #expect(matcher.match(Fix(time: Drive.start.adding(1), mode: .noFix)) == nil)
        let nextResult = matcher.match(Drive.fix(2, sketch.coordinate("A", east: 70, north: 1), course: 90, speed: 10))
        let next = try #require(nextResult)
        #expect(next.road?.wayID == 1 && !next.isTeleport)
    }
}
