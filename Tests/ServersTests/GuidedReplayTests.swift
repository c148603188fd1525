import Foundation
import Gateway
import Geodesy
import LocationSources
import OSMImport
import Positioning
import RouteFormats
import RouteModel
import Servers
import Simulation
import SystemIO
import Testing
import TestSupport
import Timekeeping
import WireProtocol

/// The whole event edge with matching and guidance running: NMEA bytes of a drive along the
/// Esplanadi route replayed into a gateway with the Helsinki map, guiding on that route, read
/// by a socket client subscribed to LOCATION, MATCH and PROGRESS (what `waygate-bench pipeline`
/// times).
@Suite("Guided replay to a socket client", .serialized)
struct GuidedReplayTests {
    static let cycles = 8

    /// The first `cycles` NMEA cycles (RMC, VTG, GGA, GSA, GSVs) of an exact drive of `route` at 1 Hz.
    static func drive(_ route: Route) throws -> [UInt8] {
        var drive = SimulatedDrive(simulator: try RouteSimulator(route: route, startTime: Timestamp(secondsSince1970: 1_800_000_000)))
        var bytes: [UInt8] = []
        for _ in 0..<cycles {
            for case .sentence(let sentence) in drive.next() { bytes += Array((sentence.string + "\r\n").utf8) }
        }
        return bytes
    }

    @Test("each of the 10 fixes of 8 cycles gives LOCATION, MATCH, PROGRESS with its values; sentences and sky nobody wants take no seq",
          arguments: [false, true])
    func locationMatchProgress(paced: Bool) async throws {
        let graph = try OSMImporter().importGraph(from: [UInt8](Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf")))).graph
        let route = try RouteFile.readRoute(Array(try Data(contentsOf: Fixtures.url("helsinki-esplanadi.geojson", target: "WaygateCLITests"))))
        let h = try ServerHarness()
        defer { h.close() }
        let bus = EventBus()
        let subscription = h.fanout.attach(to: bus)
        defer { subscription.cancel() }
        let published = Locked<[GatewayEvent]>([])
        let batches = Locked<[[GatewayEvent]]>([])
        bus.subscribe("all", delivery: .inline) { events in
            published.withLock { $0 += events }
            batches.withLock { $0.append(events) }
        }
        // Paced (×1000: the 8 s drive in 8 ms) the replay is live, as a receiver; else it is not.
        let source = try paced
            ? ReplaySource(bytes: try Self.drive(route), id: SourceID("replay:test"), pace: .recorded(speed: 1000), timeSource: SystemTimeSource())
            : ReplaySource(bytes: try Self.drive(route), id: SourceID("replay:test"), pace: .asFastAsPossible, timeSource: ManualTimeSource())
        #expect(source.isLive == paced)
        let gateway = Gateway(sources: [source], timeSource: ManualTimeSource(), configuration: .init(map: graph), bus: bus)
        #expect(try await gateway.startGuidance(route) == "r1")
        let client = try await h.subscribed([.location, .match, .progress, .device])
        await gateway.run()

        let events = try await client.read { messages in
            messages.contains { if case .event(let e) = $0, case .device(let d) = e.payload { d.state == .lost } else { false } }
        }.compactMap { if case .event(let e) = $0 { e } else { nil } }
        let classes = events.map(\.payload.messageClass)
        let perFix: [String] = ["LOCATION", "MATCH", "PROGRESS"]
        var expected: [String] = ["DEVICE"]
        // The first cycle reports three fixes as its sentences complete it (RMC, GGA, GSA).
        #expect(source.statistics.fixes == 10)
        for _ in 0..<10 { expected += perFix }
        expected.append("DEVICE")
        #expect(classes == expected)
        // Only what the client wants is numbered: one seq after another.
        #expect(zip(events, events.dropFirst()).allSatisfy { $1.seq == $0.seq + 1 })

        let locations = events.compactMap { if case .location(let l) = $0.payload { l } else { nil } }
        let matches = events.compactMap { if case .match(let m) = $0.payload { m } else { nil } }
        let progress = events.compactMap { if case .progress(let p) = $0.payload { p } else { nil } }
        #expect(locations.map(\.source) == Array(repeating: "replay:test", count: 10))
        // The simulated route has no elevations: the fixes are 2D, the GSA says so and the GGA has
        // no altitude — 2D throughout, as gpsd 3.22 reports this stream (checked with gpsfake).
        #expect(locations.map(\.mode) == Array(repeating: 2, count: 10))
        #expect(locations.last?.lat == 60.168899927 && locations.last?.lon == 24.942459147 && locations.last?.speed == 13.889)
        // The drive runs along Aleksanterinkatu, a tram street closed to cars (`motor_vehicle:forward=no`
        // with `oneway:motor_vehicle=yes`, which OSRM's car.lua reads as closed both ways): no car
        // road is near enough, so every fix is matched off-road, without a road or a horizon.
        #expect(matches.count == 10)
        #expect(matches.allSatisfy { $0.offroad && $0.road == nil && $0.horizonPath == nil && ($0.horizon ?? []).isEmpty })
        #expect(progress.map(\.routeID) == Array(repeating: "r1", count: 10))
        #expect(progress.map(\.offRoute) == Array(repeating: false, count: 10))
        #expect(progress.map(\.distanceTraveled) == [0, 0, 0, 1.5, 6, 13.5, 24, 37.3, 51.2, 65.1])
        // From a live source each read's batch is cut after each fix: the fix's LOCATION ends a
        // bus batch (it is sent before matching and guidance run), and its MATCH opens the next
        // one. As fast as possible, a read's batch is one bus batch: each fix's MATCH follows it.
        let parts = batches.withLock { $0 }
        func isFix(_ event: GatewayEvent?) -> Bool { if case .source(.fix, _, _) = event { true } else { false } }
        func isMatch(_ event: GatewayEvent?) -> Bool { if case .match = event { true } else { false } }
        let fixParts = parts.indices.filter { parts[$0].contains(where: isFix) }
        if paced {
            #expect(fixParts.count == 10)
            for i in fixParts { #expect(isFix(parts[i].last) && i + 1 < parts.count && isMatch(parts[i + 1].first)) }
        } else {
            #expect(fixParts.count < 10)
            for part in parts {
                for (event, next) in zip(part, part.dropFirst()) where isFix(event) { #expect(isMatch(next)) }
            }
        }
        // The fan-out's channel check agrees with the wire mapping on every event the gateway published.
        let all = published.withLock { $0 }
        #expect(all.allSatisfy { $0.wireChannel == $0.wire?.payload.channel })
        #expect(Set(all.compactMap(\.wireChannel)) == [.location, .sky, .nmea, .device, .match, .progress, .session, .camera])
        // Each fix's three lines carry its time.
        for index in 0..<10 {
            let time = events[1 + 3 * index].time
            #expect(events[2 + 3 * index].time == time && events[3 + 3 * index].time == time)
        }
    }

    @Test("guided on a route planned on the map, every MATCH horizon is the route ahead, as long as what remains of it")
    func horizonAlongPlannedRoute() async throws {
        let graph = try OSMImporter().importGraph(from: [UInt8](Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf")))).graph
        let drawn = try RouteFile.readRoute(Array(try Data(contentsOf: Fixtures.url("helsinki-esplanadi.geojson", target: "WaygateCLITests"))))
        let bus = EventBus()
        let published = Locked<[GatewayEvent]>([])
        bus.subscribe("all", delivery: .inline) { events in published.withLock { $0 += events } }
        // The drive's NMEA needs the route before the gateway exists: a first gateway plans it,
        // the one under test plans it again (the same route) and starts on it, as `route` and
        // `start` do, so the route carries its planned edges.
        let ends = [drawn.geometry[0], drawn.geometry[drawn.geometry.count - 1]]
        let probe = Gateway(sources: [], timeSource: ManualTimeSource(), configuration: .init(map: graph), bus: EventBus())
        let route = try #require(try await probe.planRoutes(ends, options: RouteOptions(), alternatives: false).first)
        let source = try ReplaySource(bytes: try Self.drive(route), id: SourceID("replay:test"), pace: .asFastAsPossible, timeSource: ManualTimeSource())
        let gateway = Gateway(sources: [source], timeSource: ManualTimeSource(), configuration: .init(map: graph), bus: bus)
        #expect(try await gateway.planRoutes(ends, options: RouteOptions(), alternatives: false).first == route)
        #expect(try await gateway.startGuidance(index: 0) == "r1")
        await gateway.run()

        let payloads = published.withLock { $0 }.compactMap { $0.wire?.payload }
        let matches = payloads.compactMap { if case .match(let m) = $0 { m } else { nil } }
        let progress = payloads.compactMap { if case .progress(let p) = $0 { p } else { nil } }
        #expect(matches.count == 10 && progress.count == 10)
        #expect(matches.map(\.horizonPath) == Array(repeating: "route", count: 10))
        for (match, state) in zip(matches, progress) {
            let ahead = (match.horizon ?? []).reduce(0) { $0 + $1.length }
            #expect(abs(ahead - min(500, state.distanceRemaining)) < 2, "\(ahead) m ahead, \(state.distanceRemaining) m to go")
        }
        let names = (matches[0].horizon ?? []).compactMap(\.name).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        // The first 500 m: the route's first two steps (its turn into Kaivokatu included).
        #expect(names == ["Mannerheimintie", "Kaivokatu"])
        #expect(Array(route.legs[0].steps.map(\.name).prefix(2)) == names)
    }

    @Test("a route from outside is laid on the map off the gateway: its first fix gets the most probable path, a later one the route, and every one after it")
    func routeLaidOffTheGateway() async throws {
        let graph = try OSMImporter().importGraph(from: [UInt8](Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf")))).graph
        let probe = Gateway(sources: [], timeSource: ManualTimeSource(), configuration: .init(map: graph), bus: EventBus())
        let ends = [Coordinate(latitude: 60.164199, longitude: 24.936660), Coordinate(latitude: 60.175082, longitude: 24.952825)]
        let route = try #require(try await probe.planRoutes(ends, options: RouteOptions(), alternatives: false).first)
        let bus = EventBus()
        let matches = Locked<[MatchMessage]>([])
        bus.subscribe("all", delivery: .inline) { events in
            matches.withLock { $0 += events.compactMap { if case .match(let m) = $0.wire?.payload { m } else { nil } } }
        }
        let source = GatewaySimulationTests.PushSource()
        let gateway = Gateway(sources: [source], timeSource: ManualTimeSource(), configuration: .init(map: graph), bus: bus)
        // As a route read from a file: the gateway does not know its edges.
        #expect(try await gateway.startGuidance(route) == "r1")
        let running = Task { await gateway.run() }
        defer { running.cancel(); source.continuation.finish() }
        var simulator = try RouteSimulator(route: route, startTime: Timestamp(secondsSince1970: 1_800_000_000))
        var paths: [String?] = []
        for i in 0..<120 where !paths.contains("route") || paths.count < 8 {
            source.push(.fix(simulator.next()))
            while matches.withLock({ $0.count }) <= i { await Task.yield() }
            paths.append(matches.withLock { $0[i].horizonPath })
            try await Task.sleep(nanoseconds: 5_000_000)  // room for the job laying the route
        }
        #expect(paths.first == .some(nil))
        let first = try #require(paths.firstIndex(of: "route"))
        #expect(paths[first...].allSatisfy { $0 == "route" })
    }
}

