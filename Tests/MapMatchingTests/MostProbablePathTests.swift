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
