import Geodesy
import MapMatching
import RoadGraph
import Testing

@Suite("MostProbablePath and road attributes")
struct MostProbablePathTests {
    static func junction() throws -> RoadSketch {
        // Main street bends at B; a straight unnamed side street continues east.
        try RoadSketch(
            """
            A-----------------B-----------------C
                               \\
                                \\
                                 D-----------------E
            """, cell: 10,
            ways: [
                .init(nodes: "AB", name: "Bulevardi", maxspeed: "40"), .init(nodes: "BDE", name: "Bulevardi", roadClass: .tertiary),
                .init(nodes: "BC", roadClass: .service),
            ])
    }

    @Test("the horizon follows the same street name over a straighter minor road, stretch by stretch")
    func followsName() throws {
        let sketch = try Self.junction()
        var live = OnlineMatcher(graph: sketch.graph)
        let fix = Drive.fix(0, sketch.coordinate("A", east: 50, north: 1), course: 90, speed: 10)
        let result = live.match(fix)
        let location = try #require(result)
        #expect(location.horizon.map(\.wayID) == [1, 2])
        #expect(location.horizon.map(\.name) == ["Bulevardi", "Bulevardi"])
        #expect(abs((location.horizon.first?.length ?? 0) - 130) < 1)
        let total = location.horizon.reduce(0) { $0 + $1.length }
        #expect(total < 500 && total > 250)  // dead end at E
    }

    @Test("a horizon stops at the configured length")
    func configuredLength() throws {
        let sketch = try Self.junction()
        var options = MatchingOptions()
        options.horizonLength = 80
        var live = OnlineMatcher(graph: sketch.graph, options: options)
        let result = live.match(Drive.fix(0, sketch.coordinate("A", east: 10, north: 1), course: 90, speed: 10))
        let location = try #require(result)
        #expect(location.horizon.map(\.wayID) == [1])
        #expect(abs((location.horizon.first?.length ?? 0) - 80) < 0.01)
    }

    @Test("the horizon never comes back along a road it took: around a one-way loop it ends where the loop closes")
    func noRoadTwice() throws {
        // Main street A–B, then an unnamed one-way loop B → C → D → B. Back at B the straightest
        // way on is Main street the other way, which the horizon already covers.
        let sketch = try RoadSketch(
            """
            A-----B-----C
                   \\    |
                    \\   |
                     \\  |
                      \\ |
                        D
            """, cell: 10,
            ways: [
                .init(nodes: "AB", name: "Main"), .init(nodes: "BC", oneway: true), .init(nodes: "CD", oneway: true),
                .init(nodes: "DB", oneway: true),
            ])
        var live = OnlineMatcher(graph: sketch.graph)
        let matched = live.match(Drive.fix(0, sketch.coordinate("A", east: 10, north: 1), course: 90, speed: 10))
        let horizon = try #require(matched).horizon
        #expect(horizon.map(\.wayID) == [1, 2, 3, 4])
        let length: Meters = horizon.reduce(0) { $0 + $1.length }
        #expect(abs(length - 238.1) < 1)  // 50 m of Main street and the loop's 60, 50 and 78.1 m
    }

    @Test("Milan, Via Manzoni towards Piazza Cavour: through the square and out into Via Palestro, not round it and back down Via Manzoni")
    func noSharpTurnForTheName() throws {
        let graph = try PlannedDriveMatchingTests.milan.get()
        var live = OnlineMatcher(graph: graph)
        let start = Coordinate(latitude: 45.470425, longitude: 9.193149)
        var location: MatchedLocation?
        for k in 0..<4 {
            location = live.match(Drive.fix(Double(k), start.destination(distance: Double(3 * k), bearing: 35.6), course: 35.6, speed: 3))
        }
        let horizon = try #require(location).horizon
        let ways = horizon.map(\.wayID)
        // Seven ways of Via Manzoni, six of Piazza Cavour (each a turn of under 60°), then Via
        // Palestro. It used to take the square's tertiary side for its name (a 139° turn) and
        // come back down Via Manzoni's other carriageway and then the same ways reversed.
        let expected: [Int64] = [
            172819166, 273375864, 226576327, 273375867, 286276706, 286276707, 286270044,
            172821008, 12543638, 37063200, 285073031, 112360880, 145469493, 247912671,
        ]
        #expect(ways == expected)
        #expect(horizon.last?.name == "Via Palestro")
        #expect(Set(ways).count == ways.count)
        let edges = horizon.flatMap(\.edges)
        let retraced = edges.filter { edge in graph.twin(of: edge).map(edges.contains) ?? false }
        #expect(retraced.isEmpty)
        let length: Meters = horizon.reduce(0) { $0 + $1.length }
        #expect(abs(length - MatchingOptions().horizonLength) < 0.01)
    }

    @Test("speed limits: tagged maxspeed, else the Finnish default for the class, saying which")
    func speedLimits() throws {
        let sketch = try Self.junction()
        var live = OnlineMatcher(graph: sketch.graph)
        let result = live.match(Drive.fix(0, sketch.coordinate("A", east: 50, north: 1), course: 90, speed: 10))
        let location = try #require(result)
        #expect(location.road?.speedLimit == PostedSpeedLimit(limit: .kilometersPerHour(40), source: .tagged))
        #expect(location.horizon.last?.speedLimit == PostedSpeedLimit(limit: .kilometersPerHour(50), source: .regionalDefault(region: "FI")))
        #expect(location.road?.name == "Bulevardi" && location.road?.roadClass == .residential && location.road?.isOneway == false)
    }

    @Test("regional defaults by location: Finland, Italy, elsewhere generic")
    func regions() {
        #expect(SpeedLimitDefaults.forLocation(Coordinate(latitude: 60.17, longitude: 24.94)).region == "FI")
        #expect(SpeedLimitDefaults.forLocation(Coordinate(latitude: 45.46, longitude: 9.19)).region == "IT")
        #expect(SpeedLimitDefaults.forLocation(Coordinate(latitude: 48.85, longitude: 2.35)).region == "generic")
        #expect(SpeedLimitDefaults.italy.limit(for: .motorway) == .kilometersPerHour(130))
    }
}
