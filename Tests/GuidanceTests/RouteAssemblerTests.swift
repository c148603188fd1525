import Geodesy
import Guidance
import RoadGraph
import RouteModel
import Routing
import TestSupport
import Testing

@Suite("RouteAssembler: words, modes, annotations")
struct RouteAssemblerTests {
    let town = try! GuidanceMap(
        """
            d
            |
        a---b---c
            |
            e
        """, gridSize: 150,
        ways: [("abc", ["highway": "primary", "name": "Main St", "maxspeed": "50"]),
               ("dbe", ["highway": "residential", "name": "Cross St"])])

    @Test("the same turn in English and Italian, metric and imperial: instruction, banner, voice")
    func words() throws {
        let en = try town.route("ad").legs[0].steps
        #expect(en.map(\.maneuver.instruction) == ["Head east on Main St", "Turn left onto Cross St", "You have arrived at your destination"])
        #expect(en[0].bannerInstructions.first?.primary.text == "Cross St")
        #expect(en[0].voiceInstructions.contains { $0.announcement.contains("metres, turn left onto Cross St") })
        let it = try town.route("ad", language: "it", units: .imperial).legs[0].steps
        #expect(it.map(\.maneuver.instruction) == ["Procedi verso est su Main St", "Gira a sinistra in Cross St", "Sei arrivato a destinazione"])
        #expect(it[0].voiceInstructions.contains { $0.announcement.contains("piedi") })
        let imperial = try town.route("ad", units: .imperial).legs[0].steps
        #expect(imperial[0].voiceInstructions.contains { $0.announcement.contains("feet, turn left onto Cross St") })
    }

    @Test("every intersection lists its roads' bearings and which can be entered, the road arrived on not")
    func entries() throws {
        let steps = try town.route("ad").legs[0].steps
        // Depart and arrive list one road, entered (depart) or arrived on (arrive).
        #expect(steps[0].intersections[0].entry == [true] && steps[0].intersections[0].bearings == [90])
        #expect(steps[2].intersections.last?.entry == [true] && steps[2].intersections.last?.inIndex == 0)
        // At b, four roads clockwise from north: Cross St north (left onto it), Main St east, Cross St south, Main St west (arrived on).
        let b = steps[1].intersections[0]
        #expect(b.bearings == [0, 90, 180, 270] && b.entry == [true, true, true, false] && b.inIndex == 3 && b.outIndex == 0)
    }

    @Test("annotations cover every geometry segment at the planned speed, with the tagged limit")
    func annotations() throws {
        let route = try town.route("ad")
        let leg = route.legs[0]
        let annotation = try #require(leg.annotation)
        #expect(annotation.distance.count == route.geometry.count - 1)
        #expect(abs(annotation.distance.reduce(0, +) - route.distance) < 1)
        #expect(annotation.maxSpeed.first == SpeedLimit(value: 50, unit: "km/h"))
        #expect(annotation.maxSpeed.last == .some(nil))
        #expect(leg.steps[0].speedLimit == SpeedLimit(value: 50, unit: "km/h"))
        #expect(annotation.speed.allSatisfy { $0 > 1 && $0 < 30 })
        #expect(route.options.language == "en")
    }

    @Test("a destination beside the road is announced on its side")
    func arrivalSide() throws {
        let b = town.map.coordinate(of: "b"), c = town.map.coordinate(of: "c")
        let beside = b.interpolated(to: c, fraction: 0.5).destination(distance: 20, bearing: 0)
        let points = [town.map.coordinate(of: "a"), beside]
        let planned = try town.planner.plan(RouteRequest(waypoints: points.map { RouteWaypoint($0) }))[0]
        let route = RouteAssembler().route(legs: planned.legs, waypoints: [], options: RouteOptions(), requested: points)
        let arrive = try #require(route.legs[0].steps.last)
        #expect(arrive.maneuver.modifier == .left)
        #expect(arrive.maneuver.instruction == "Your destination is on the left")
        let onRoad = RouteAssembler().route(legs: planned.legs, waypoints: [], options: RouteOptions())
        #expect(onRoad.legs[0].steps.last?.maneuver.modifier == nil)
    }

    @Test("a ferry crossing is its own step with mode ferry")
    func ferry() throws {
        let map = try GuidanceMap(
            "a---b-------c---d", gridSize: 50,
            ways: [("ab", ["highway": "residential", "name": "Quay"]), ("bc", ["route": "ferry", "name": "Ferry", "duration": "00:10"]),
                   ("cd", ["highway": "residential", "name": "Pier"])])
        let steps = try map.route("ad").legs[0].steps
        #expect(steps.map(\.mode) == ["driving", "ferry", "driving", "driving"])
        #expect(steps[1].name == "Ferry")
        #expect(steps[1].intersections[0].classes == ["ferry"])
    }

    @Test("starting on a roundabout: exit roundabout")
    func departOnRing() throws {
        let map = try GuidanceMap(ManeuverClassificationTests.ring, gridSize: 8, ways: ManeuverClassificationTests.ringWays(name: nil))
        let labels = try map.maneuvers("gn").prefix(2)
        #expect(labels.first == "depart")
        #expect(labels.last?.hasPrefix("exit roundabout") == true)
    }

    @Test("two legs: a stop in the middle, waypoints echoed, summaries per leg")
    func twoLegs() throws {
        let route = try town.route("aec")
        #expect(route.legs.count == 2)
        #expect(route.waypoints.count == 3)
        #expect(route.legs[0].steps.last?.maneuver.type == .arrive)
        #expect(route.legs[0].steps.last?.maneuver.instruction == "You have arrived at your 1st stop")
        #expect(abs(route.legs.reduce(0) { $0 + $1.distance } - route.distance) < 0.01)
    }

    @Test("an alternative sharing its start and end with the best route gets the words, maneuvers, intersections and annotation it would get alone")
    func alternativeSharingWords() throws {
        let ladder = try GuidanceMap(
            """
            a---b---c-------d---e---f
                    |       |
                    g-------h
            """, gridSize: 30,
            ways: [("ab", ["highway": "residential", "name": "Alpha"]), ("bc", ["highway": "residential", "name": "Beta"]),
                   ("cd", ["highway": "residential", "name": "Gamma"]), ("de", ["highway": "residential", "name": "Delta"]),
                   ("ef", ["highway": "residential", "name": "Epsilon"]), ("cghd", ["highway": "residential", "name": "Ring"])])
        let ends = [RouteWaypoint(ladder.map.coordinate(of: "a")), RouteWaypoint(ladder.map.coordinate(of: "f"))]
        let planned = try ladder.planner.plan(RouteRequest(waypoints: ends, alternatives: 1))
        #expect(planned.count == 2)
        let waypoints = planned[0].waypoints.map { Waypoint(location: $0.coordinate) }
        let assembler = RouteAssembler(language: "it", units: .imperial)
        let options = RouteOptions(units: .imperial, language: "it")
        let together = assembler.routes(planned.map { ($0.legs, waypoints) }, options: options)
        let alone = planned.map { assembler.route(legs: $0.legs, waypoints: waypoints, options: options) }
        #expect(together == alone)
        #expect(together.map { $0.legs[0].steps.map(\.name) }
            == [["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Epsilon"], ["Alpha", "Beta", "Ring", "Delta", "Epsilon", "Epsilon"]])
        // The shared end: the same words on the same last steps.
        #expect(together[1].legs[0].steps.suffix(3).map(\.voiceInstructions) == together[0].legs[0].steps.suffix(3).map(\.voiceInstructions))
    }
}
