import OSMImport
import RoadGraph
import Testing

@Suite("TagPolicy: which ways each profile may use, in which direction, how fast")
struct TagPolicyTests {
    let car = TagPolicy(profile: .car)
    let bike = TagPolicy(profile: .bike)
    let foot = TagPolicy(profile: .foot)

    @Test("a residential street is two-way for cars at 25 km/h, bikes at 15, walkers at 5")
    func residentialDefaults() {
        let tags = ["highway": "residential"]
        #expect(car.access(for: tags) == .init(forward: true, backward: true, speed: 25))
        #expect(bike.access(for: tags) == .init(forward: true, backward: true, speed: 15))
        #expect(foot.access(for: tags) == .init(forward: true, backward: true, speed: 5))
    }

    @Test(
        "oneway values restrict cars to the tagged direction; OSRM reads no other value (reverse is two-way)",
        arguments: [
            ("yes", true, true), ("1", true, true), ("true", true, true), ("-1", false, true), ("reverse", true, false),
            ("no", true, false),
        ])
    func onewayValues(value: String, forward: Bool, oneway: Bool) throws {
        let access = try #require(car.access(for: ["highway": "primary", "oneway": value]))
        #expect(access.forward == forward)
        #expect(access.backward == (!oneway || !forward))
    }

    @Test("oneway=reversible closes the way to cars")
    func reversible() {
        #expect(car.access(for: ["highway": "primary", "oneway": "reversible"]) == nil)
    }

    @Test("motorways and roundabouts are implied one-way, oneway=no lifts it; motorway links are not (OSRM's WayHandlers.oneway); alternating is two-way at 0.4")
    func impliedOneway() throws {
        #expect(car.access(for: ["highway": "motorway"])?.backward == false)
        #expect(car.access(for: ["highway": "motorway", "oneway": "0"])?.backward == false)
        #expect(car.access(for: ["highway": "motorway_link"])?.backward == true)
        #expect(car.access(for: ["highway": "motorway_link", "oneway": "yes"])?.backward == false)
        #expect(car.access(for: ["highway": "residential", "oneway": "reverse"])?.backward == true)
        let alternating = try #require(car.access(for: ["highway": "tertiary", "oneway": "alternating"]))
        #expect(alternating.forward && alternating.backward && alternating.preference == 0.4)
        #expect(car.access(for: ["highway": "tertiary", "junction": "roundabout"])?.backward == false)
        #expect(car.access(for: ["highway": "motorway", "oneway": "no"])?.backward == true)
        #expect(foot.access(for: ["highway": "residential", "junction": "roundabout"])?.backward == true)
    }

    @Test("oneway:bicycle=no and cycleway=opposite let bikes ride against a one-way street; elsewhere they push at 4 km/h (bicycle.lua)")
    func contraflowCycling() {
        let tags = ["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"]
        #expect(car.access(for: tags)?.backward == false)
        #expect(bike.access(for: tags)?.backwardSpeed == 15)
        #expect(bike.access(for: ["highway": "residential", "oneway": "yes", "cycleway": "opposite_lane"])?.backwardSpeed == 15)
        #expect(bike.access(for: ["highway": "residential", "oneway": "yes", "cycleway:left": "opposite_track"])?.backwardSpeed == 15)
        // Against a oneway a cyclist walks the bike, unless walking is banned or the oneway is implied.
        let pushing = bike.access(for: ["highway": "residential", "oneway": "yes"])
        #expect(pushing?.speed == 15 && pushing?.backward == true && pushing?.backwardSpeed == 4)
        #expect(bike.access(for: ["highway": "cycleway", "oneway": "yes", "foot": "no"])?.backward == false)
        #expect(bike.access(for: ["highway": "residential", "junction": "roundabout"])?.backward == false)
        #expect(bike.access(for: ["highway": "residential", "oneway:bicycle": "-1"]).map { [$0.forward, $0.backward] } == [true, true])
        #expect(bike.access(for: ["highway": "residential", "oneway:bicycle": "-1"])?.speed == 4)
        #expect(bike.access(for: ["highway": "residential", "oneway": "reversible"])?.backwardSpeed == 15)
        #expect(foot.access(for: ["highway": "residential", "oneway": "yes"])?.backward == true)
    }

    @Test("bikes ride 15 km/h on roads and cycleways, 12 on tracks, 13 on paths, capped by maxspeed and surface (bicycle.lua)")
    func bikeSpeeds() {
        #expect(bike.access(for: ["highway": "cycleway"])?.speed == 15)
        #expect(bike.access(for: ["highway": "primary"])?.speed == 15)
        #expect(bike.access(for: ["highway": "track"])?.speed == 12)
        #expect(bike.access(for: ["highway": "path"])?.speed == 13)
        #expect(bike.access(for: ["highway": "track", "cycleway": "lane"])?.speed == 15)
        #expect(bike.access(for: ["highway": "service", "maxspeed": "10"])?.speed == 10)
        #expect(bike.access(for: ["highway": "service", "maxspeed": "walk"])?.speed == 15)
        #expect(bike.access(for: ["highway": "residential", "surface": "cobblestone"])?.speed == 7)
        #expect(bike.access(for: ["highway": "residential", "surface": "sett"])?.speed == 9)
        #expect(bike.access(for: ["highway": "cycleway", "surface": "compacted"])?.speed == 10)
        #expect(bike.access(for: ["highway": "pedestrian", "bicycle": "yes", "surface": "paving_stones"])?.speed == 10)
        #expect(bike.access(for: ["highway": "pedestrian", "surface": "mud"])?.speed == 3)
    }

    @Test("bikes: OSRM's own bans (no, private, delivery, use_sidepath…), destination and dismount, separate cycleways, trunks")
    func bikeAccess() {
        #expect(bike.access(for: ["highway": "service", "access": "destination"])?.speed == 15)
        #expect(bike.access(for: ["highway": "service", "access": "customers"])?.speed == 15)
        #expect(bike.access(for: ["highway": "service", "access": "delivery"]) == nil)
        #expect(bike.access(for: ["highway": "primary", "bicycle": "use_sidepath"]) == nil)
        #expect(bike.access(for: ["highway": "cycleway", "bicycle": "dismount"])?.speed == 4)
        #expect(bike.access(for: ["highway": "secondary", "cycleway:right": "separate"]) == nil)
        #expect(bike.access(for: ["highway": "secondary", "cycleway": "separate", "bicycle": "yes"])?.speed == 15)
        #expect(bike.access(for: ["highway": "trunk"]) == nil)
        #expect(bike.access(for: ["highway": "trunk", "bicycle": "yes"])?.speed == 15)
        #expect(bike.access(for: ["highway": "trunk", "foot": "yes"])?.speed == 4)
        #expect(bike.access(for: ["highway": "primary", "bicycle:forward": "no"]).map { [$0.forward, $0.backward] } == [false, true])
        #expect(bike.access(for: ["highway": "primary", "motorroad": "yes"]) == nil)
        #expect(bike.access(for: ["highway": "primary", "construction": "yes"]) == nil)
    }

    @Test("platforms: bikes 4 km/h on railway and public transport platforms, walkers 5 km/h by highway or railway tag, cars never")
    func platforms() {
        #expect(bike.access(for: ["railway": "platform", "public_transport": "platform"])?.speed == 4)
        #expect(bike.access(for: ["public_transport": "platform"])?.speed == 4)
        #expect(bike.access(for: ["highway": "platform"]) == nil)
        #expect(bike.access(for: ["highway": "platform", "foot": "yes"])?.speed == 4)
        #expect(foot.access(for: ["railway": "platform"])?.speed == 5)
        #expect(foot.access(for: ["highway": "platform"])?.speed == 5)
        #expect(foot.access(for: ["public_transport": "platform"]) == nil)
        #expect(car.access(for: ["railway": "platform", "access": "yes"]) == nil)
        #expect(car.access(for: ["highway": "platform"]) == nil)
    }

    @Test("highway values without a class: walkers where a foot tag allows (foot.lua avoids no construction), bikes where a bicycle tag does, but never on construction; cars never")
    func otherHighways() {
        // Helsinki's Alvar Aallon kuja extension (way 128566064), which OSRM walks.
        let construction = ["highway": "construction", "foot": "designated", "segregated": "yes", "surface": "asphalt"]
        #expect(foot.access(for: construction) == .init(forward: true, backward: true, speed: 5))
        #expect(bike.access(for: construction.merging(["bicycle": "designated"]) { $1 }) == nil)
        #expect(car.access(for: construction.merging(["access": "yes"]) { $1 }) == nil)
        #expect(foot.access(for: ["highway": "corridor"]) == nil)
        #expect(bike.access(for: ["highway": "corridor", "bicycle": "yes"])?.speed == 15)
        #expect(foot.access(for: ["highway": "proposed", "proposed": "footway", "foot": "yes"]) == nil)
    }

    @Test("walkers: 5 km/h on every walkable class, steps too, slower on gravel and sand; cycleways need a foot tag (foot.lua)")
    func footRules() {
        #expect(foot.access(for: ["highway": "steps"])?.speed == 5)
        #expect(foot.access(for: ["highway": "footway", "surface": "gravel"])?.speed == 3.75)
        #expect(foot.access(for: ["highway": "path", "surface": "sand"])?.speed == 2.5)
        #expect(foot.access(for: ["highway": "cycleway"]) == nil)
        #expect(foot.access(for: ["highway": "cycleway", "foot": "designated"])?.speed == 5)
        #expect(foot.access(for: ["highway": "bridleway"]) == nil)
        #expect(foot.access(for: ["highway": "service", "access": "customers"])?.speed == 5)
        #expect(foot.access(for: ["highway": "service", "access": "delivery"]) == nil)
        #expect(foot.access(for: ["highway": "footway", "foot": "no;yes"])?.speed == 5)
        #expect(foot.access(for: ["highway": "residential", "sidewalk": "separate"]) == nil)
        #expect(foot.access(for: ["highway": "residential", "sidewalk:left": "separate", "foot": "yes"])?.speed == 5)
        #expect(foot.access(for: ["highway": "footway", "oneway:foot": "-1"]).map { [$0.forward, $0.backward] } == [false, true])
    }

    @Test("access tags follow the hierarchy motorcar > motor_vehicle > vehicle > access")
    func accessHierarchy() {
        #expect(car.access(for: ["highway": "service", "access": "private"]) == nil)
        #expect(foot.access(for: ["highway": "service", "access": "private"]) == nil)
        #expect(car.access(for: ["highway": "service", "access": "no", "motor_vehicle": "yes"]) != nil)
        #expect(car.access(for: ["highway": "residential", "motor_vehicle": "no"]) == nil)
        #expect(bike.access(for: ["highway": "residential", "motor_vehicle": "no"]) != nil)
        #expect(bike.access(for: ["highway": "residential", "vehicle": "no"]) == nil)
        #expect(foot.access(for: ["highway": "residential", "vehicle": "no"]) != nil)
        #expect(bike.access(for: ["highway": "cycleway", "bicycle": "no"]) == nil)
        #expect(foot.access(for: ["highway": "footway", "foot": "no"]) == nil)
        #expect(car.access(for: ["highway": "residential", "access": "destination"]) != nil)
    }

    @Test("footways, paths and steps are closed to cars; bikes are pushed on footways and steps; motorways are closed to walkers")
    func classAccess() {
        #expect(car.access(for: ["highway": "footway"]) == nil)
        #expect(car.access(for: ["highway": "track"]) == nil)
        #expect(bike.access(for: ["highway": "footway"])?.speed == 4)
        #expect(bike.access(for: ["highway": "footway", "bicycle": "designated"])?.speed == 15)
        #expect(bike.access(for: ["highway": "footway", "foot": "no"]) == nil)
        #expect(bike.access(for: ["highway": "steps"])?.speed == 2)
        #expect(foot.access(for: ["highway": "motorway"]) == nil)
        #expect(bike.access(for: ["highway": "motorway"]) == nil)
        #expect(car.access(for: ["highway": "service", "area": "yes"]) == nil)
        #expect(car.access(for: ["building": "yes"]) == nil)
    }

    @Test("oneway:motor_vehicle (and :motorcar, :vehicle) decides the car's directions before oneway, as OSRM's car.lua reads them")
    func carOnewayKeys() throws {
        let oneway = try #require(car.access(for: ["highway": "residential", "oneway:motor_vehicle": "yes"]))
        #expect(oneway.forward && !oneway.backward)
        let opened = try #require(car.access(for: ["highway": "residential", "oneway": "yes", "oneway:vehicle": "no"]))
        #expect(opened.forward && opened.backward)
        // Helsinki's Aleksanterinkatu: one-way for motor vehicles, and closed to them in that direction.
        #expect(car.access(for: ["highway": "service", "oneway:motor_vehicle": "yes", "motor_vehicle:forward": "no"]) == nil)
        // A bike still rides both ways.
        let bike = try #require(TagPolicy(profile: .bike).access(for: ["highway": "residential", "oneway:motor_vehicle": "yes"]))
        #expect(bike.forward && bike.backward)
    }

    @Test(
        "cars drive at 80 % of maxspeed in km/h, mph, none (as 140) and national zones, a low limit too (5 → 4, as OSRM)",
        arguments: [
            ("50", 40.0), ("30 mph", 38.624256), ("none", 112.0), ("IT:urban", 40.0), ("FI:rural", 64.0), ("DE:rural", 80.0),
            ("walk", 5.6), ("60;50", 48.0), ("5", 4.0), ("0", 65.0),
        ])
    func maxspeed(value: String, expected: Double) throws {
        let speed = try #require(car.access(for: ["highway": "primary", "maxspeed": value])?.speed)
        #expect(abs(speed - expected) < 1e-6)
    }

    @Test("untagged car speeds come from the road class")
    func classSpeeds() {
        #expect(car.access(for: ["highway": "motorway"])?.speed == 90)
        #expect(car.access(for: ["highway": "primary"])?.speed == 65)
        #expect(car.access(for: ["highway": "living_street"])?.speed == 10)
        // A parking aisle is driven at the service speed; it is avoided through its preference (0.5), as in OSRM 26.
        #expect(car.access(for: ["highway": "service", "service": "parking_aisle"])?.speed == 15)
        #expect(car.access(for: ["highway": "primary", "maxspeed": "fast"])?.speed == 65)
        #expect(car.access(for: ["highway": "primary", "source:maxspeed": "IT:urban"])?.speed == 40)
        #expect(car.access(for: ["highway": "primary", "maxspeed:type": "DE:rural"])?.speed == 80)
    }

    @Test("ferries are usable by every profile")
    func ferries() {
        let tags = ["route": "ferry"]
        #expect(car.access(for: tags)?.speed == 5)
        #expect(bike.access(for: tags) != nil)
        #expect(foot.access(for: tags) != nil)
        #expect(car.access(for: ["route": "ferry", "motorcar": "no"]) == nil)
    }

    @Test(
        "car speeds are capped by surface, track grade and smoothness; maxspeed:advisory wins over maxspeed",
        arguments: [
            (["highway": "secondary", "surface": "sett"], 40.0), (["highway": "primary", "maxspeed": "50", "surface": "cobblestone"], 30),
            (["highway": "residential", "surface": "asphalt"], 25), (["highway": "unclassified", "tracktype": "grade5"], 20),
            (["highway": "tertiary", "smoothness": "bad"], 40), (["highway": "primary", "maxspeed": "70", "maxspeed:advisory": "50"], 40),
            (["highway": "motorway", "maxspeed": "none"], 112),
        ] as [([String: String], Double)])
    func carSpeedCaps(tags: [String: String], speed: Double) throws {
        let access = try #require(car.access(for: tags))
        #expect(abs(access.speed - speed) < 1e-9)
    }

    @Test(
        "narrow, lane-less, service and side roads get a lower car preference (OSRM routability)",
        arguments: [
            (["highway": "residential"], 1.0), (["highway": "service", "service": "parking_aisle"], 0.5),
            (["highway": "residential", "width": "2.5"], 0.5), (["highway": "residential", "width": "4.5 m"], 0.75),
            (["highway": "residential", "lanes": "1"], 0.5), (["highway": "residential", "lanes": "1", "oneway": "yes"], 1),
            (["highway": "unclassified", "lane_markings": "no"], 0.75), (["highway": "primary", "side_road": "yes"], 0.8),
        ] as [([String: String], Double)])
    func carPreference(tags: [String: String], preference: Double) throws {
        let access = try #require(car.access(for: tags))
        #expect(abs(access.preference - preference) < 1e-9)
    }

    @Test("destination-only access is allowed to cars but flagged as restricted; bikes are not flagged")
    func restrictedAccess() throws {
        let tags = ["highway": "residential", "motor_vehicle": "destination"]
        #expect(try #require(car.access(for: tags)).isRestricted)
        #expect(try #require(car.access(for: ["highway": "residential"])).isRestricted == false)
        #expect(try #require(bike.access(for: tags)).isRestricted == false)
    }

    @Test("private, delivery and customers open car.lua's restricted classes as restricted roads (milan-26's business park); a private service road, a private track stay closed")
    func restrictedValues() throws {
        for value in ["private", "delivery", "customers", "permit", "residents"] {
            for highway in ["residential", "unclassified", "tertiary", "living_street"] {
                let access = try #require(car.access(for: ["highway": highway, "access": value]), "\(highway) access=\(value)")
                #expect(access.isRestricted)
                #expect(access.forward && access.backward)
            }
            #expect(car.access(for: ["highway": "track", "access": value]) == nil)
        }
        // Milan's way 83279429 (OSRM's route of the seed-31 drive milan-26 starts on it).
        let businessPark = try #require(car.access(for: ["highway": "residential", "access": "private", "oneway": "yes", "name": "Businness Park"]))
        #expect(businessPark.isRestricted && businessPark.forward && !businessPark.backward && businessPark.speed == 25)
        #expect(car.access(for: ["highway": "service", "access": "private"]) == nil)
        #expect(try #require(car.access(for: ["highway": "service", "access": "delivery"])).isRestricted)
        #expect(car.access(for: ["highway": "residential", "access": "no"]) == nil)
        #expect(car.access(for: ["highway": "residential", "access": "private", "motor_vehicle": "no"]) == nil)
    }

    @Test(
        "ways under construction, impassable, or too low, narrow, short or weak for a car are closed to cars",
        arguments: [
            (["highway": "primary", "construction": "yes"], false), (["highway": "primary", "construction": "minor"], true),
            (["highway": "residential", "maxheight": "1.8"], false), (["highway": "residential", "maxheight": "2.5 m"], true),
            (["highway": "residential", "maxwidth": "1.8"], false), (["highway": "residential", "maxweight": "1.5"], false),
            (["highway": "residential", "maxweight": "3.5"], true), (["highway": "residential", "status": "impassable"], false),
        ] as [([String: String], Bool)])
    func closedToCars(tags: [String: String], open: Bool) {
        #expect((car.access(for: tags) != nil) == open)
    }
}
