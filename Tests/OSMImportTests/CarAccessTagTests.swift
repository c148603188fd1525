import OSMImport
import RoadGraph
import Testing

@Suite("Car tag rules from OSRM's car.lua: access-opened tracks and paths, per-direction access and maxspeed")
struct CarAccessTagTests {
    let car = TagPolicy(profile: .car)

    @Test(
        "a track, path or footway whose access tags let cars in is driven at 10 km/h both ways",
        arguments: [
            ["highway": "track", "access": "permissive"], ["highway": "track", "motor_vehicle": "yes"],
            ["highway": "path", "motorcar": "designated"], ["highway": "footway", "vehicle": "yes"],
            ["highway": "track", "access": "unknown"],
        ])
    func openedByAccess(tags: [String: String]) {
        #expect(car.access(for: tags) == .init(forward: true, backward: true, speed: 10))
    }

    @Test(
        "tracks stay closed without an access tag, with one that denies cars, or one that only admits destination traffic",
        arguments: [
            ["highway": "track"], ["highway": "track", "access": "yes", "motor_vehicle": "no"],
            ["highway": "track", "access": "destination"], ["highway": "track", "motor_vehicle": "permit"],
            ["highway": "track", "access": "agricultural"], ["highway": "steps", "access": "yes"],
            ["highway": "track", "access": "permissive", "area": "yes"], ["highway": "residential", "motor_vehicle": "bus"],
        ])
    func stillClosed(tags: [String: String]) {
        #expect(car.access(for: tags) == nil)
    }

    @Test("an opened track keeps its tagged speed and the cap of its grade")
    func trackSpeeds() {
        #expect(car.access(for: ["highway": "track", "access": "yes", "maxspeed": "30"])?.speed == 24)
        #expect(car.access(for: ["highway": "track", "access": "yes", "maxspeed": "50", "tracktype": "grade4"])?.speed == 25)
    }

    @Test("motor_vehicle:backward=no and access:forward=no make a street one-way; :forward beats the plain key")
    func directionalAccess() throws {
        let backwardClosed = try #require(car.access(for: ["highway": "residential", "motor_vehicle:backward": "no"]))
        #expect(backwardClosed.forward && !backwardClosed.backward)
        let forwardClosed = try #require(car.access(for: ["highway": "residential", "access:forward": "no"]))
        #expect(!forwardClosed.forward && forwardClosed.backward)
        let reopened = try #require(car.access(for: ["highway": "residential", "access": "no", "motor_vehicle:forward": "yes"]))
        #expect(reopened.forward && !reopened.backward)
    }

    @Test("a multi-value access tag counts its most permissive value")
    func multiValueAccess() {
        #expect(car.access(for: ["highway": "track", "access": "no;permissive"])?.speed == 10)
        #expect(car.access(for: ["highway": "residential", "access": "destination;yes"])?.isRestricted == false)
    }

    @Test("maxspeed:forward and maxspeed:backward set each direction's speed; the plain maxspeed fills the other")
    func directionalMaxspeed() throws {
        let both = try #require(car.access(for: ["highway": "primary", "maxspeed:forward": "50", "maxspeed:backward": "70"]))
        #expect(both.speed == 40)
        #expect(abs(both.backwardSpeed - 56) < 1e-9)
        let one = try #require(car.access(for: ["highway": "primary", "maxspeed": "30", "maxspeed:backward": "50"]))
        #expect(one.speed == 24)
        #expect(one.backwardSpeed == 40)
        let plain = try #require(car.access(for: ["highway": "primary", "maxspeed": "50"]))
        #expect(plain.backwardSpeed == 40)
    }
}
