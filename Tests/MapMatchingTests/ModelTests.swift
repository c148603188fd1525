import Geodesy
import MapMatching
import Positioning
import RoadGraph
import TestSupport
import Testing

@Suite("HMM components: candidates, emission, transition, Viterbi")
struct ModelTests {
    static func street() throws -> RoadSketch {
        try RoadSketch(
            """
            A-------------------B-------------------C
            """, cell: 10, ways: [.init(nodes: "AB", name: "Kaksisuuntainen"), .init(nodes: "BC", name: "Yksisuuntainen", oneway: true)])
    }

    @Test("the search radius is 3 × h_acc clamped to 25…100 m")
    func radius() throws {
        let search = CandidateSearch(graph: try Self.street().graph, options: MatchingOptions())
        var fix = Drive.fix(0, Coordinate(latitude: 60.17, longitude: 24.94), accuracy: nil)
        #expect(search.radius(for: fix) == 25)
        fix.horizontalAccuracy = 12
        #expect(search.radius(for: fix) == 36)
        fix.horizontalAccuracy = 80
        #expect(search.radius(for: fix) == 100)
    }

    @Test("a two-way road gives two directed candidates, a oneway one, each with its own bearing and fraction")
    func directedCandidates() throws {
        let sketch = try Self.street()
        let options = MatchingOptions()
        let search = CandidateSearch(graph: sketch.graph, options: options)
        let onTwoWay = search.candidates(for: Drive.fix(0, sketch.coordinate("A", east: 50, north: 3)), emission: EmissionModel(options: options))
        #expect(onTwoWay.filter { $0.snap.distance < 4 }.map { Int($0.snap.bearing.rounded()) }.sorted() == [90, 270])
        let fractions = onTwoWay.filter { $0.snap.distance < 4 }.map(\.snap.fraction).sorted()
        #expect(abs(fractions[0] - 0.25) < 0.01 && abs(fractions[1] - 0.75) < 0.01)
        let onOneway = search.candidates(for: Drive.fix(0, sketch.coordinate("B", east: 100, north: 3)), emission: EmissionModel(options: options))
        #expect(onOneway.map { Int($0.snap.bearing.rounded()) } == [90])
    }

    @Test("emission: ½(d/σ)², heading ½(Δ/25°)² capped at 18 only when moving, +1 on service roads")
    func emission() {
        let model = EmissionModel(options: MatchingOptions())
        #expect(model.cost(distance: 10, sigma: 5, edgeBearing: 90, course: nil, roadClass: .residential) == 2)
        #expect(model.cost(distance: 0, sigma: 5, edgeBearing: 90, course: 115, roadClass: .residential) == 0.5)
        #expect(model.cost(distance: 0, sigma: 5, edgeBearing: 90, course: 270, roadClass: .residential) == 18)
        #expect(model.cost(distance: 0, sigma: 5, edgeBearing: 90, course: nil, roadClass: .service) == 1)
        var fix = Drive.fix(0, Coordinate(latitude: 60.17, longitude: 24.94), course: 90, speed: 1.5, accuracy: 2)
        #expect(model.usableCourse(of: fix) == nil)
        #expect(model.sigma(for: fix) == 4)
        fix.speed = 3
        fix.horizontalAccuracy = nil
        #expect(model.usableCourse(of: fix) == 90)
        #expect(model.sigma(for: fix) == 8)
    }

    @Test("transition: forward moves are free, small backward moves cheap, a long way back on a oneway is impossible, a jump has no bound")
    func transition() throws {
        let sketch = try Self.street()
        let options = MatchingOptions()
        let search = CandidateSearch(graph: sketch.graph, options: options)
        let emission = EmissionModel(options: options)
        var model = TransitionModel(graph: sketch.graph, options: options)
        func eastbound(_ east: Meters) -> Candidate {
            search.candidates(for: Drive.fix(0, sketch.coordinate("B", east: east, north: 0), course: 90, speed: 10), emission: emission)[0]
        }
        let a = eastbound(100), ahead = eastbound(110), behind = eastbound(95), farBehind = eastbound(20)
        let forward = model.costs(from: [a], to: [ahead], greatCircle: 10, elapsed: 1, backwardTolerance: 15)
        let jitter = model.costs(from: [a], to: [behind], greatCircle: 5, elapsed: 1, backwardTolerance: 15)
        let wrongWay = model.costs(from: [a], to: [farBehind], greatCircle: 80, elapsed: 1, backwardTolerance: 15)
        #expect(abs(forward[0]) < 1e-6)
        // 5 m back while the fixes are 5 m apart: |−5 − 5| / β (25 m) = 0.4, cheap but not free.
        #expect(abs(jitter[0] - 0.4) < 1e-3)
        #expect(wrongWay[0] == .infinity)
        #expect(model.searchBound(greatCircle: 2000, elapsed: 1) == nil)
        #expect(model.searchBound(greatCircle: 240, elapsed: 20) == 580)
        #expect(model.backwardTolerance(sigma: 10) == 30)
    }

    @Test("Viterbi keeps the cheapest chain, backtracks it, refuses an unreachable column, posteriors sum to 1")
    func viterbi() throws {
        let sketch = try Self.street()
        let options = MatchingOptions()
        let snaps = CandidateSearch(graph: sketch.graph, options: options).snaps(near: sketch.coordinate("A", east: 50, north: 0), within: 5)
        let x = Candidate(snap: snaps[0], emissionCost: 0), y = Candidate(snap: snaps[1], emissionCost: 1)
        var decoder = ViterbiDecoder(keepsHistory: true)
        decoder.start(with: [x, y])
        // x' is reached best from y (1 + 0), y' from x (0 + 0) but costs 4 to emit.
        let advanced = decoder.advance(to: [x, Candidate(snap: y.snap, emissionCost: 4)], transitionCosts: [5, 0, 0, 5])
        #expect(advanced)
        #expect(decoder.last?.costs == [0, 3])
        #expect(decoder.bestPath() == [1, 0])
        let unreachable = decoder.advance(to: [x], transitionCosts: [.infinity, .infinity])
        #expect(!unreachable)
        #expect(decoder.columns.count == 2)
        #expect(abs(decoder.posteriors().reduce(0, +) - 1) < 1e-12)
        #expect(abs(decoder.posteriors()[0] - 1 / (1 + 1 / 20.085_536_923_187_668)) < 1e-9)
    }

    @Test("transition: a turn forbidden by a restriction has no path within the bound; without it the turn is cheap")
    func turnRestriction() throws {
        let drawing = """
            A-----------B-----------C
                        |
                        |
                        D
            """
        let ways: [RoadSketch.Way] = [.init(nodes: "AB"), .init(nodes: "BC"), .init(nodes: "BD")]
        func cost(_ sketch: RoadSketch) -> Double {
            let options = MatchingOptions()
            let search = CandidateSearch(graph: sketch.graph, options: options)
            let emission = EmissionModel(options: options)
            var model = TransitionModel(graph: sketch.graph, options: options)
            let before = search.candidates(
                for: Drive.fix(0, sketch.coordinate("B", east: -10, north: 0), course: 90, speed: 10), emission: emission)[0]
            let after = search.candidates(
                for: Drive.fix(1, sketch.coordinate("B", east: 0, north: -10), course: 180, speed: 10), emission: emission)[0]
            return model.costs(from: [before], to: [after], greatCircle: 14.1, elapsed: 1, backwardTolerance: 15)[0]
        }
        let open = try RoadSketch(drawing, cell: 10, ways: ways)
        let restricted = try RoadSketch(
            drawing, cell: 10, ways: ways, relations: [ASCIIMap.restriction("no_right_turn", from: "AB", via: "B", to: "BD")])
        #expect(cost(open) < 0.5)
        #expect(cost(restricted) == .infinity)
    }

    @Test("turn charge: leaving a straight road at a right angle costs a quarter of it, a road bending with no other way on nothing")
    func turnChargeFollowsTheRoad() throws {
        func cost(_ drawing: String, _ ways: [RoadSketch.Way], turnPenalty: Meters, chargesTurns: Bool = true) throws -> Double {
            let sketch = try RoadSketch(drawing, cell: 10, ways: ways)
            var options = MatchingOptions()
            options.turnPenalty = turnPenalty
            let search = CandidateSearch(graph: sketch.graph, options: options)
            let emission = EmissionModel(options: options)
            var model = TransitionModel(graph: sketch.graph, options: options)
            func candidate(_ t: Double, east: Meters, north: Meters, heading: Degrees) throws -> Candidate {
                let found = search.candidates(for: Drive.fix(t, sketch.coordinate("B", east: east, north: north)), emission: emission)
                return try #require(found.first { Bearing.difference($0.snap.bearing, heading) < 1 })
            }
            let before = try candidate(0, east: -10, north: 0, heading: 90), after = try candidate(1, east: 0, north: -10, heading: 180)
            return model.costs(
                from: [before], to: [after], greatCircle: 200.squareRoot(), elapsed: 5, backwardTolerance: 15, chargesTurns: chargesTurns)[0]
        }
        let junction = """
            A-----------B-----------C
                        |
                        D
            """
        let bend = """
            A-----------B
                        |
                        D
            """
        let straightOn: Meters = 20 - 200.squareRoot()  // network minus great-circle distance, no charge
        #expect(abs(try cost(junction, [.init(nodes: "ABC"), .init(nodes: "BD")], turnPenalty: 350) - (straightOn + 87.5) / 25) < 0.01)
        #expect(abs(try cost(junction, [.init(nodes: "ABC"), .init(nodes: "BD")], turnPenalty: 0) - straightOn / 25) < 0.01)
        // A fix with a course: the heading term judges the turn, so it is not charged.
        #expect(abs(try cost(junction, [.init(nodes: "ABC"), .init(nodes: "BD")], turnPenalty: 350, chargesTurns: false) - straightOn / 25) < 0.01)
        #expect(abs(try cost(bend, [.init(nodes: "ABD")], turnPenalty: 350) - straightOn / 25) < 0.01)
        // Straight on is a oneway the other way: the right turn is the straightest way on, so free.
        let noEntry: [RoadSketch.Way] = [.init(nodes: "AB"), .init(nodes: "CB", oneway: true), .init(nodes: "BD")]
        #expect(abs(try cost(junction, noEntry, turnPenalty: 350) - straightOn / 25) < 0.01)
    }

    @Test("speed: a path driven faster than twice the profile's speeds pays the metres of the excess time, over β")
    func speedExcess() throws {
        // A 50 km/h street and, 8 m north of it, a footway that access=permissive opens to cars at
        // 10 km/h (OSRM car.lua's default speed).
        let sketch = try RoadSketch(
            """
            E-----------------------F

            A-----------------------B
            """, cell: 4,
            ways: [.init(nodes: "AB", roadClass: .secondary, maxspeed: "50"), .init(nodes: "EF", roadClass: .footway, access: "permissive")])
        let options = MatchingOptions()
        let search = CandidateSearch(graph: sketch.graph, options: options)
        let emission = EmissionModel(options: options)
        var model = TransitionModel(graph: sketch.graph, options: options)
        func candidate(way: Int64, east: Meters) throws -> Candidate {
            let found = search.candidates(for: Drive.fix(0, sketch.coordinate("A", east: east, north: 4)), emission: emission)
            return try #require(found.first { sketch.graph[$0.edge].wayID == way && Bearing.difference($0.snap.bearing, 90) < 1 })
        }
        func cost(way: Int64, elapsed: Seconds, timed: Bool = true) throws -> Double {
            let from = try candidate(way: way, east: 20), to = try candidate(way: way, east: 34)
            return model.costs(from: [from], to: [to], greatCircle: 14, elapsed: elapsed, timed: timed, backwardTolerance: 15)[0]
        }
        let footway = sketch.graph[try candidate(way: 2, east: 20).edge]
        #expect(abs(Double(footway.length) / Double(footway.durations[.car]) - 10 / 3.6) < 0.01)
        // 14 m in 1 s: 5.04 s at 10 km/h, 2 s allowed, the 3.04 s beyond driven at 2.78 m/s.
        #expect(abs(try cost(way: 2, elapsed: 1) - (14 - 2 * 10 / 3.6) / 25) < 0.001)
        #expect(try cost(way: 1, elapsed: 1) < 0.001)  // 1.0 s at 50 km/h: within twice the speed
        #expect(try cost(way: 2, elapsed: 3) < 0.001)  // a walking pace is the footway's own
        #expect(try cost(way: 2, elapsed: 1, timed: false) < 0.001)  // an assumed interval charges nothing
    }

    @Test("candidates follow the profile: a footway beside the street is a candidate on foot, not by car")
    func profileAccess() throws {
        let sketch = try RoadSketch(
            """
            E-----------------------F

            A-----------------------B
            """, cell: 4, ways: [.init(nodes: "AB"), .init(nodes: "EF", roadClass: .footway)])
        let fix = Drive.fix(0, sketch.coordinate("A", east: 40, north: 6))
        for (profile, ways) in [(TravelProfile.car, [1]), (.foot, [1, 2])] {
            let options = MatchingOptions(profile: profile)
            let found = CandidateSearch(graph: sketch.graph, options: options).candidates(for: fix, emission: EmissionModel(options: options))
            #expect(Set(found.map { sketch.graph[$0.edge].wayID }) == Set(ways.map(Int64.init)))
        }
    }
}
