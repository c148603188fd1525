import Geodesy
import Guidance
import RouteModel
import TestSupport
import Testing

@Suite("Maneuver classification on drawn networks")
struct ManeuverClassificationTests {
    let crossing = try! GuidanceMap(
        """
            d
            |
        a---b---c
            |
            e
        """, gridSize: 20,
        ways: [("abc", ["highway": "residential", "name": "Main St"]), ("dbe", ["highway": "residential", "name": "Cross St"])])

    @Test("left and right turns at a crossing; straight on the same street is collapsed")
    func turns() throws {
        #expect(try crossing.maneuvers("ad") == ["depart", "turn left", "arrive"])
        #expect(try crossing.maneuvers("ae") == ["depart", "turn right", "arrive"])
        #expect(try crossing.maneuvers("ac") == ["depart", "arrive"])
        let route = try crossing.route("ad")
        let steps = route.legs[0].steps
        #expect(steps.map(\.name) == ["Main St", "Cross St", "Cross St"])
        #expect(abs(steps[0].distance - 80) < 1)
        #expect(steps[1].maneuver.bearingBefore == 90)
        #expect(steps[1].maneuver.bearingAfter == 0)
        #expect(steps[1].intersections[0].bearings == [0, 90, 180, 270])
        #expect(steps[1].intersections[0].inIndex == 3)
        #expect(steps[1].intersections[0].outIndex == 0)
        #expect(steps[0].maneuver.instruction == "Head east on Main St")
        #expect(steps[1].maneuver.instruction == "Turn left onto Cross St")
        #expect(abs(route.legs[0].distance - route.distance) < 0.001)
        #expect(abs(steps.reduce(0) { $0 + $1.duration } - route.duration) < 0.001)
        #expect(route.legs[0].summary == "Main St, Cross St")
    }

    @Test("slight left and sharp right off a street that goes on straight")
    func slightAndSharp() throws {
        // OSRM's bounds: straight within 20°, slight to 40°, sharp beyond 120°. Main St going on
        // straight is the obvious way, so leaving it at a slight angle is a turn.
        let map = try GuidanceMap(
            """
                     c

            a-----b-----e

              d
            """, gridSize: 20,
            ways: [("abe", ["highway": "residential", "name": "Main St"]), ("bc", ["highway": "residential", "name": "C"]),
                   ("bd", ["highway": "residential", "name": "D"])])
        let (ac, ad, ae) = (try map.maneuvers("ac"), try map.maneuvers("ad"), try map.maneuvers("ae"))
        #expect(ac == ["depart", "turn slight left", "arrive"])
        #expect(ad == ["depart", "turn sharp right", "arrive"])
        #expect(ae == ["depart", "arrive"])
    }

    @Test("a U-turn at a dead end when the traveller heads into it")
    func uturn() throws {
        let map = try GuidanceMap("a---b--x-c", gridSize: 20, ways: [("abxc", ["highway": "residential", "name": "Blind St"])])
        #expect(try map.maneuvers("xa", heading: 90) == ["depart", "turn uturn", "arrive"])
    }

    @Test("a name change with no choice is 'new name'; a bend of the same street is nothing")
    func newNameAndBend() throws {
        let map = try GuidanceMap(
            """
            a---b---c
                    |
                    d
            """, gridSize: 20,
            ways: [("ab", ["highway": "residential", "name": "First"]), ("bc", ["highway": "residential", "name": "Second"]),
                   ("cd", ["highway": "residential", "name": "Second"])])
        #expect(try map.maneuvers("ad") == ["depart", "new name straight", "arrive"])
    }

    @Test("a short square between two name changes is one name change, to the second name")
    func shortPassage() throws {
        let map = try GuidanceMap(
            "a-------b-c-----------d", gridSize: 10,
            ways: [("ab", ["highway": "residential", "name": "First"]), ("bc", ["highway": "residential", "name": "Small Square"]),
                   ("cd", ["highway": "residential", "name": "Second"])])
        let steps = try map.route("ad").legs[0].steps
        #expect(steps.map(GuidanceMap.label) == ["depart", "new name straight", "arrive"])
        #expect(steps[1].name == "Second")
    }

    @Test("two right turns across a dual carriageway are one U-turn")
    func dualCarriagewayUTurn() throws {
        let map = try GuidanceMap(
            """
            a-------b-------c
            |       |       |
            f-------e-------d
            """, gridSize: 10,
            ways: [("abc", ["highway": "secondary", "name": "Main", "oneway": "yes"]),
                   ("def", ["highway": "secondary", "name": "Main", "oneway": "yes"]), ("be", ["highway": "secondary"]),
                   ("cd", ["highway": "secondary", "name": "East End"]), ("fa", ["highway": "secondary", "name": "West End", "oneway": "yes"])])
        let steps = try map.route("af").legs[0].steps
        #expect(steps.map(GuidanceMap.label) == ["depart", "continue uturn", "arrive"], "\(steps.map { ($0.name, $0.distance) })")
    }

    @Test("the street turns while a side street goes straight on: continue")
    func continueOnTurningStreet() throws {
        let map = try GuidanceMap(
            """
                c
                |
            a---b-------d
            """, gridSize: 20,
            ways: [("abc", ["highway": "residential", "name": "Main St"]), ("bd", ["highway": "residential", "name": "Side St"])])
        #expect(try map.maneuvers("ac") == ["depart", "continue left", "arrive"])
        #expect(try map.maneuvers("ad") == ["depart", "new name straight", "arrive"])
    }

    @Test("a fork of two similar roads: keep left or right")
    func fork() throws {
        let map = try GuidanceMap(
            """
                        c

            a-----b

                        d
            """, gridSize: 20,
            ways: [("ab", ["highway": "primary", "name": "Alpha"]), ("bc", ["highway": "primary", "name": "Beta"]),
                   ("bd", ["highway": "primary", "name": "Gamma"])])
        #expect(try map.maneuvers("ac") == ["depart", "fork slight left", "arrive"])
        #expect(try map.maneuvers("ad") == ["depart", "fork slight right", "arrive"])
    }

    @Test("a street splitting into two branches both named on is a fork, unless one is clearly straighter")
    func forkOfOneStreet() throws {
        // Straight on and 18° right: neither is obvious (OSRM forks within 25°).
        let close = try GuidanceMap(
            """
            a-------b-------c

                          d
            """, gridSize: 20,
            ways: [("abc", ["highway": "primary", "name": "Via Gioia"]), ("bd", ["highway": "primary", "name": "Via Gioia"])])
        let (ac, ad) = (try close.maneuvers("ac"), try close.maneuvers("ad"))
        #expect(ac == ["depart", "fork slight left", "arrive"])
        #expect(ad == ["depart", "fork slight right", "arrive"])
        // Straight on and 27° right: straight on is the obvious way, the other branch a continue.
        let apart = try GuidanceMap(
            """
            a-------b-------c

                        d
            """, gridSize: 20,
            ways: [("abc", ["highway": "primary", "name": "Via Gioia"]), ("bd", ["highway": "primary", "name": "Via Gioia"])])
        let (straight, off) = (try apart.maneuvers("ac"), try apart.maneuvers("ad"))
        #expect(straight == ["depart", "arrive"])
        #expect(off == ["depart", "continue slight right", "arrive"])
    }

    @Test("a name change at a bend is a new name; where a one-way road flows in too (from 45° left), it is a turn")
    func newNameOnlyWithoutOtherRoads() throws {
        let drawing = """
                  n

            a---b
                |
                |
                |
                c
            """
        let bend = try GuidanceMap(drawing, gridSize: 40, ways: [("ab", ["highway": "residential", "name": "First"]), ("bc", ["highway": "residential", "name": "Second"])])
        #expect(try bend.maneuvers("ac") == ["depart", "new name right", "arrive"])
        let crossing = try GuidanceMap(
            drawing, gridSize: 40,
            ways: [("ab", ["highway": "residential", "name": "First"]), ("bc", ["highway": "residential", "name": "Second"]),
                   ("nb", ["highway": "residential", "name": "Inflow", "oneway": "yes"])])
        #expect(try crossing.maneuvers("ac") == ["depart", "turn right", "arrive"])
    }

    @Test("end of the road at a T-junction")
    func endOfRoad() throws {
        let map = try GuidanceMap(
            """
            b---c---d
                |
                a
            """, gridSize: 20,
            ways: [("ac", ["highway": "residential", "name": "Stem"]), ("bcd", ["highway": "residential", "name": "Top"])])
        #expect(try map.maneuvers("ab") == ["depart", "end of road left", "arrive"])
        #expect(try map.maneuvers("ad") == ["depart", "end of road right", "arrive"])
    }

    @Test("on ramp, merge onto the motorway, off ramp, then the road after the ramp")
    func ramps() throws {
        let map = try GuidanceMap(
            """
            e-------f-------g-------k

            a-----b           l-----c
            """, gridSize: 25,
            ways: [("efgk", ["highway": "motorway", "ref": "A1"]), ("bf", ["highway": "motorway_link", "oneway": "yes"]),
                   ("gl", ["highway": "motorway_link", "oneway": "yes", "destination": "Centro"]),
                   ("ab", ["highway": "primary", "name": "Via A"]), ("lc", ["highway": "primary", "name": "Via C"])])
        let route = try map.route("ac")
        // The ramps leave and join at 45°: "left" / "right" by OSRM's bounds (slight ends at 40°).
        #expect(route.legs[0].steps.map(GuidanceMap.label)
            == ["depart", "on ramp left", "merge slight left", "off ramp right", "new name left", "arrive"])
        let offRamp = route.legs[0].steps[3]
        #expect(offRamp.destinations == "Centro")
        #expect(offRamp.maneuver.instruction == "Take the exit towards Centro")
        #expect(route.legs[0].steps[2].ref == "A1")
        #expect(route.legs[0].steps[2].intersections[0].classes == ["motorway"])
    }

    static let ring = """
                n

                h   k   x

        w   i       g   e

                j

                s
        """
    static func ringWays(name: String?) -> [ASCIIMap.Way] {
        var ringTags = ["highway": "residential", "junction": "roundabout"]
        if let name { ringTags["name"] = name }
        return [("jgkhij", ringTags), ("sj", ["highway": "residential", "name": "South St"]),
                ("ge", ["highway": "residential", "name": "East St"]),
                ("xk", ["highway": "residential", "name": "In St", "oneway": "yes"]),
                ("hn", ["highway": "residential", "name": "North St"]), ("iw", ["highway": "residential", "name": "West St"])]
    }

    @Test("roundabout exits 1 to 3, a one-way road flowing in is not an exit; an exit step where the ring is left")
    func roundabout() throws {
        let map = try GuidanceMap(Self.ring, gridSize: 8, ways: Self.ringWays(name: nil))
        let steps = try ["e", "n", "w"].map { try map.route("s\($0)").legs[0].steps }
        let entries = steps.map { $0[1] }
        #expect(entries.map(\.maneuver.type) == [.roundabout, .roundabout, .roundabout])
        #expect(entries.map(\.maneuver.exit) == [1, 2, 3])
        // As OSRM: the roundabout step's modifier is the turn onto the ring, the same for every exit.
        #expect(entries.map(\.maneuver.modifier) == [.right, .right, .right])
        #expect(entries.map(\.name) == ["East St", "North St", "West St"])
        #expect(entries[1].maneuver.instruction == "Enter the roundabout and take the 2nd exit onto North St")
        // As OSRM: a separate `exit roundabout` step where the ring is left, with the turn off it.
        #expect(steps.map { $0.map(GuidanceMap.label) } == [
            ["depart", "roundabout right", "exit roundabout slight right", "arrive"],
            ["depart", "roundabout right", "exit roundabout right", "arrive"],
            ["depart", "roundabout right", "exit roundabout slight right", "arrive"],
        ])
        let exit = steps[1][2]
        #expect(exit.maneuver.exit == 2)
        #expect(exit.name == "North St")
        #expect(exit.maneuver.location.distance(to: map.map.coordinate(of: "h")) < 1)
        #expect(exit.maneuver.instruction == "Exit the roundabout onto North St")
    }

    @Test("a named roundabout is a rotary with its name")
    func rotary() throws {
        let map = try GuidanceMap(Self.ring, gridSize: 8, ways: Self.ringWays(name: "Piazza Test"))
        let step = try map.route("sn").legs[0].steps[1]
        #expect(step.maneuver.type == .rotary)
        #expect(step.rotaryName == "Piazza Test")
        #expect(step.maneuver.instruction == "Enter Piazza Test and take the 2nd exit onto North St")
    }

    @Test("arrive: the last step is a zero-length arrive at the snapped destination")
    func arrive() throws {
        let route = try crossing.route("ae")
        let last = try #require(route.legs[0].steps.last)
        #expect(last.maneuver.type == .arrive)
        #expect(last.distance == 0)
        #expect(last.maneuver.location.distance(to: crossing.map.coordinate(of: "e")) < 1)
        #expect(last.intersections[0].inIndex == 0)
    }
}
