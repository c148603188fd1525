import Geodesy
import Guidance
import RouteModel
import TestSupport
import Testing

/// OSRM's post-processing rules on drawn networks: which name changes are announced, which
/// steps fold into one, and where.
@Suite("Step collapsing and name announcements as OSRM does them")
struct StepCollapserTests {
    /// Two roads in a line, 160 m each, with the given tags on the second.
    static func line(first: [String: String], second: [String: String]) throws -> GuidanceMap {
        try GuidanceMap("a-------b-------c", gridSize: 20, ways: [("ab", first), ("bc", second)])
    }

    @Test("a named road going on unnamed is not a new road; an unnamed road reaching a named one is")
    func namedToUnnamed() throws {
        let map = try Self.line(first: ["highway": "residential", "name": "Via Roma"], second: ["highway": "residential"])
        #expect(try map.maneuvers("ac") == ["depart", "arrive"])
        let back = try map.route("ca").legs[0].steps
        #expect(back.map(GuidanceMap.label) == ["depart", "new name straight", "arrive"])
        #expect(back[1].name == "Via Roma")
    }

    @Test("a change only by a compass suffix, by a longer name, or by a dropped ref is no new name")
    func suffixAndRef() throws {
        let suffix = try Self.line(first: ["highway": "residential", "name": "42 N"], second: ["highway": "residential", "name": "42 S"])
        #expect(try suffix.maneuvers("ac") == ["depart", "arrive"])
        let longer = try Self.line(first: ["highway": "residential", "name": "Via Roma"], second: ["highway": "residential", "name": "Via Roma Nord"])
        #expect(try longer.maneuvers("ac") == ["depart", "arrive"])
        let ref = try Self.line(first: ["highway": "primary", "name": "Via Emilia", "ref": "SS9"], second: ["highway": "primary", "name": "Via Emilia"])
        #expect(try ref.maneuvers("ac") == ["depart", "arrive"])
        let other = try Self.line(first: ["highway": "residential", "name": "Via Roma"], second: ["highway": "residential", "name": "Via Milano"])
        #expect(try other.maneuvers("ac") == ["depart", "new name straight", "arrive"])
        let swap = try Self.line(first: ["highway": "primary", "name": "Via Emilia"], second: ["highway": "primary", "ref": "SS9"])
        #expect(try swap.maneuvers("ac") == ["depart", "new name straight", "arrive"])
    }

    @Test("compass words around a common part are compared ignoring case, ASCII names and others alike")
    func compassWords() throws {
        let kept: [(String, String)] = [("North Main St", "south main st"), ("Main St North", "MAIN ST SOUTH"), ("Ring E", "Ring West"),
                                        ("northway", "southway"), ("Città N", "Città S")]
        for (first, second) in kept {
            let map = try Self.line(first: ["highway": "residential", "name": first], second: ["highway": "residential", "name": second])
            #expect(try map.maneuvers("ac") == ["depart", "arrive"], "\(first) → \(second)")
        }
        let announced: [(String, String)] = [("VIA ROMA", "via roma"), ("Corso Buenos Aires", "Via Roma"), ("Ring E", "Ring Road")]
        for (first, second) in announced {
            let map = try Self.line(first: ["highway": "residential", "name": first], second: ["highway": "residential", "name": second])
            #expect(try map.maneuvers("ac") == ["depart", "new name straight", "arrive"], "\(first) → \(second)")
        }
    }

    @Test("a name that lasts under 105 m, or gives back the name before it, is not announced")
    func shortNameSegments() throws {
        let ways: (String) -> [ASCIIMap.Way] = { last in
            [("ab", ["highway": "residential", "name": "Via Roma"]), ("bc", ["highway": "residential", "name": "Piazza Duomo"]),
             ("cd", ["highway": "residential", "name": last])]
        }
        // b–c is 100 m: Piazza Duomo is not announced; the road after it is, when it is another one.
        let drawing = "a-----------b---------c-----------d"
        let other = try GuidanceMap(drawing, gridSize: 10, ways: ways("Via Dante")).route("ad").legs[0].steps
        #expect(other.map(GuidanceMap.label) == ["depart", "new name straight", "arrive"])
        #expect(other[1].name == "Via Dante")
        #expect(other[1].maneuver.location.distance(to: ASCIIMap(drawing, gridSize: 10).coordinate(of: "c")) < 1)
        #expect(abs(other[0].distance - 220) < 1)
        let same = try GuidanceMap(drawing, gridSize: 10, ways: ways("Via Roma")).route("ad").legs[0].steps
        #expect(same.map(GuidanceMap.label) == ["depart", "arrive"])
        #expect(same[0].name == "Via Roma")
        // At 120 m the square is announced.
        let long = try GuidanceMap("a-----------b------------c-----------d", gridSize: 10, ways: ways("Via Dante")).maneuvers("ad")
        #expect(long == ["depart", "new name straight", "new name straight", "arrive"])
    }

    @Test("a name change 20 m before the end of the road is folded into that maneuver, which then starts there")
    func nameChangeBeforeTurn() throws {
        let map = try GuidanceMap(
            """
                      d
                      |
            a-------b-c
                      |
                      e
            """, gridSize: 10,
            ways: [("ab", ["highway": "residential", "name": "First"]), ("bc", ["highway": "residential", "name": "Square"]),
                   ("dce", ["highway": "residential", "name": "Cross"])])
        let steps = try map.route("ad").legs[0].steps
        // c is a T-junction where the road ends: the folded maneuver keeps that type.
        #expect(steps.map(GuidanceMap.label) == ["depart", "end of road left", "arrive"])
        #expect(steps[1].name == "Cross")
        #expect(steps[1].maneuver.location.distance(to: map.map.coordinate(of: "b")) < 1)
        #expect(abs(steps[1].distance - 40) < 1)
    }

    @Test("a turn onto an unnamed stub that becomes a named road straight on 40 m later is one turn, onto that road")
    func nameChangeAfterTurn() throws {
        let map = try GuidanceMap(
            """
                    d
                    |
                    |
                    |
                    |
                    |
                    c
                    |
            a-------b-------e
            """, gridSize: 20,
            ways: [("abe", ["highway": "residential", "name": "First"]), ("bc", ["highway": "residential"]),
                   ("cd", ["highway": "residential", "name": "Cross"])])
        let steps = try map.route("ad").legs[0].steps
        #expect(steps.map(GuidanceMap.label) == ["depart", "turn left", "arrive"])
        #expect(steps[1].name == "Cross")
        #expect(steps[1].maneuver.location.distance(to: map.map.coordinate(of: "b")) < 1)
    }

    static let staggered = """
                                                        n
                                                        |
        a-----------------------------------------------b
                                                        c-----------------------------------------------d
                                                        |
                                                        s
        """

    @Test("a right then a left 2.5 m apart (a staggered crossing) is straight on, a new name only onto another name")
    func staggeredCrossing() throws {
        let ways: (String) -> [ASCIIMap.Way] = { last in
            [("ab", ["highway": "residential", "name": "First"]), ("nbcs", ["highway": "residential", "name": "Cross"]),
             ("cd", ["highway": "residential", "name": last])]
        }
        #expect(try GuidanceMap(Self.staggered, gridSize: 2.5, ways: ways("First")).maneuvers("ad") == ["depart", "arrive"])
        let renamed = try GuidanceMap(Self.staggered, gridSize: 2.5, ways: ways("Second")).route("ad").legs[0].steps
        #expect(renamed.map(GuidanceMap.label) == ["depart", "new name straight", "arrive"])
        #expect(renamed[1].name == "Second")
        // Turning off into the cross street is kept (b is a T-junction: the end of First).
        let south = try GuidanceMap(Self.staggered, gridSize: 2.5, ways: ways("First")).maneuvers("as")
        #expect(south == ["depart", "end of road right", "arrive"])
    }

    @Test("at a T-junction where the road bends on, leaving it is a turn and following it is nothing")
    func endOfRoadOnlyWhereTheRoadEnds() throws {
        let map = try GuidanceMap(
            """
            b---c---d
                |
                a
            """, gridSize: 30,
            ways: [("acd", ["highway": "residential", "name": "Stem"]), ("bc", ["highway": "residential", "name": "Top"])])
        #expect(try map.maneuvers("ab") == ["depart", "turn left", "arrive"])
        #expect(try map.maneuvers("ad") == ["depart", "arrive"])
    }

    @Test("rotary only for a big ring with a name of its own; exit rotary where it is left")
    func rotaryRule() throws {
        let ring = ManeuverClassificationTests.ring
        let shared = ManeuverClassificationTests.ringWays(name: "South St"), own = ManeuverClassificationTests.ringWays(name: "Piazza Test")
        let named = try GuidanceMap(ring, gridSize: 8, ways: own)
        #expect(try named.maneuvers("sn") == ["depart", "rotary right", "exit rotary right", "arrive"])
        // The ring's name is carried by a road meeting it: a roundabout.
        #expect(try GuidanceMap(ring, gridSize: 8, ways: shared).maneuvers("sn") == ["depart", "roundabout right", "exit roundabout right", "arrive"])
        // Radius about 3 m: a roundabout even with a name of its own.
        let small = try GuidanceMap(ring, gridSize: 1, ways: own).route("sn").legs[0].steps
        #expect(small[1].maneuver.type == .roundabout)
        #expect(small[1].rotaryName == nil)
        // Unnamed and big (radius about 75 m): still a roundabout.
        let big = try GuidanceMap(ring, gridSize: 25, ways: ManeuverClassificationTests.ringWays(name: nil)).route("sn").legs[0].steps
        #expect(big[1].maneuver.type == .roundabout)
    }

    @Test("roundabout banners carry the angle travelled around the ring: 90 for the right exit, 180 across, 270 left")
    func bannerDegrees() throws {
        let map = try GuidanceMap(ManeuverClassificationTests.ring, gridSize: 8, ways: ManeuverClassificationTests.ringWays(name: nil))
        let legs = try ["e", "n", "w"].map { try map.route("s\($0)").legs[0].steps }
        // The depart step's banner shows the roundabout; the roundabout step's banner shows the exit.
        #expect(legs.map { $0[0].bannerInstructions.first?.primary.degrees } == [90, 180, 270])
        #expect(legs.map { $0[1].bannerInstructions.first?.primary.degrees } == [90, 180, 270])
        #expect(legs.map { $0[1].bannerInstructions.first?.primary.type } == [.exitRoundabout, .exitRoundabout, .exitRoundabout])
        // Not a ring: no degrees.
        #expect(legs[0][2].bannerInstructions.first?.primary.degrees == nil)
    }
}
