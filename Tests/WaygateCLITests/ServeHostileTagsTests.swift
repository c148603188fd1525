import Foundation
import Geodesy
import JSON
import Servers
import TestSupport
import Testing
import WireProtocol

/// A real daemon on a real OSM map whose tags are hostile but legal: the simulator drives a guided
/// route over every such way, and every line a client reads must decode and carry the tag values
/// exactly, to Waygate's own decoder and to `waygate watch`.
@Suite("waygate serve: hostile but legal OSM tag values, end to end", .serialized)
struct ServeHostileTagsTests {
    /// A ring driven clockwise from `a` to `h`; `ha` (one way towards `a`) only closes it, so that
    /// every node is reachable from every other (the planner snaps to the largest such component)
    /// and the route cannot leave the ring.
    static let map = ASCIIMap(
        """
        a---------b---------c
        |                   |
        |                   |
        |                   |
        |                   d
        |                   |
        |                   |
        |                   |
        |                   e
        |                   |
        |                   |
        |                   |
        h---------g---------f
        """, gridSize: 30)

    /// Quotes, backslashes (one before a quote), a tab, a newline, a carriage return, emoji (a flag,
    /// a ZWJ family), a decomposed accent (Swift's `==` takes "e\u{301}" for "é"), markup and
    /// entities, a line separator and two C1 controls (NEL, CSI): all legal in OSM XML.
    static let hostileName = "Say \"hi\\\" \\\\ C:\\path" + "\tTab\nLine\rCR" + " 🚗🇫🇮👩‍👩‍👧 Cafe\u{301} <b>&amp;</b> 'x'" + " \u{2028}\u{85}\u{9B}"
    /// A name of 8,800 bytes.
    static let longName = String(repeating: "Ääkkösten tie 🚗 ", count: 400)
    /// A road number in Cyrillic, with a fraction slash and CJK.
    static let ref = "Е 95 ⁄ 国道1号"

    /// The ways, ids 1… in order; `gf` is one way against its node order (`oneway=-1`), from `f` to `g`.
    static let ways: [ASCIIMap.Way] = [
        ("ab", ["highway": "motorway", "maxspeed": "none", "name": "Autobahn", "ref": "A 9"]),
        ("bc", ["highway": "primary", "maxspeed": "30 mph", "name": hostileName]),
        ("cd", ["highway": "trunk", "maxspeed": "signals", "name": longName]),
        ("de", ["highway": "trunk", "maxspeed": "DE:urban", "name": "Straße", "ref": ref]),
        ("ef", ["highway": "residential"]),
        ("gf", ["highway": "residential", "oneway": "-1", "name": "Einbahnstraße"]),
        ("gh", ["highway": "residential", "name": "Zielstraße"]),
        ("ha", ["highway": "residential", "oneway": "yes", "name": "Rückweg"]),
    ]

    /// A road as the wire shows it, its strings as UTF-8 bytes (so that a normalised or re-encoded
    /// name cannot pass for the tag value); `ref` and `oneway` are nil for horizon roads.
    struct WireRoad: Hashable, CustomStringConvertible {
        var name: [UInt8]?
        var ref: [UInt8]?
        var roadClass: String
        var oneway: Bool?
        var limit: SpeedLimit?

        /// A road from its parts.
        init(_ name: String?, ref: String? = nil, _ roadClass: String, oneway: Bool? = nil, limit: SpeedLimit?) {
            self.name = name.map { Array($0.utf8) }
            self.ref = ref.map { Array($0.utf8) }
            self.roadClass = roadClass
            self.oneway = oneway
            self.limit = limit
        }

        /// A MATCH's road.
        init(_ road: MatchMessage.Road) {
            self.init(road.name, ref: road.ref, road.roadClass, oneway: road.oneway, limit: road.speedLimit)
        }

        /// A MATCH's road ahead.
        init(_ road: MatchMessage.HorizonRoad) {
            self.init(road.name, road.roadClass, limit: road.speedLimit)
        }

        /// The same road as a horizon shows it.
        var ahead: WireRoad {
            var road = self
            (road.ref, road.oneway) = (nil, nil)
            return road
        }

        /// The road in a failed expectation: strings escaped, cut after 60 characters, with their byte counts.
        var description: String {
            let text = { (bytes: [UInt8]?) in bytes.map { "\(String(decoding: $0, as: UTF8.self).debugDescription.prefix(60)) (\($0.count) bytes)" } ?? "nil" }
            return "\(roadClass) \(text(name)), ref \(text(ref)), oneway \(oneway.map(String.init) ?? "-"), limit \(limit?.description ?? "nil")"
        }
    }

    /// What MATCH must say of each way. Untagged or not understood (`signals`), a limit is Finland's
    /// default for the class (the map is in Helsinki): 80 km/h on a trunk road, 50 elsewhere.
    static let expectedRoads: [Int64: WireRoad] = [
        1: WireRoad("Autobahn", ref: "A 9", "motorway", oneway: true, limit: .unlimited),
        2: WireRoad(hostileName, "primary", oneway: false, limit: .milesPerHour(30)),
        3: WireRoad(longName, "trunk", oneway: false, limit: .kilometersPerHour(80)),
        4: WireRoad("Straße", ref: ref, "trunk", oneway: false, limit: .kilometersPerHour(50)),
        5: WireRoad(nil, "residential", oneway: false, limit: .kilometersPerHour(50)),
        6: WireRoad("Einbahnstraße", "residential", oneway: true, limit: .kilometersPerHour(50)),
        7: WireRoad("Zielstraße", "residential", oneway: false, limit: .kilometersPerHour(50)),
        8: WireRoad("Rückweg", "residential", oneway: true, limit: .kilometersPerHour(50)),
    ]

    @Test("a guided simulated drive over every hostile way: every line decodes, MATCH, PROGRESS, BANNER, VOICE and ARRIVAL carry the tags exactly; watch shows them on one line each")
    func guidedDriveOverHostileTags() throws {
        let dir = try TemporaryDirectory(prefix: "hostile")
        defer { dir.remove() }
        let mapPath = dir.file("hostile.osm")
        try Data(Self.map.osmXML(ways: Self.ways).utf8).write(to: URL(fileURLWithPath: mapPath))
        try FileManager.default.createDirectory(atPath: dir.file("routes"), withIntermediateDirectories: true)
        let (a, h) = (Self.map.coordinate(of: "a"), Self.map.coordinate(of: "h"))
        let planned = try WaygateRunner.run(
            ["route", "--map", mapPath, "--from", "\(a.latitude),\(a.longitude)", "--to", "\(h.latitude),\(h.longitude)", "--format", "osrm"])
        try #require(planned.status == 0, "\(planned.stderr)")
        try planned.stdout.write(toFile: dir.file("routes/ring.json"), atomically: true, encoding: .utf8)

        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", mapPath, "--route-dir", dir.file("routes"), "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let watch = try ChildProcess(
            Fixtures.waygateExecutable.path, ["watch", "--socket", dir.file("s.sock"), "--wait", "30", "--count", "400", "all"],
            stdout: dir.file("watch.out"), stderr: dir.file("watch.err"))
        defer { watch.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)

        // Every line is read raw and decoded here, so that none is lost unseen.
        var decoded = 0, unreadable = 0
        func next() throws -> ServerMessage? {
            while let line = try client.nextLine(timeout: 30) {
                guard let message = try? ServerMessage.decode(line: line) else {
                    unreadable += 1
                    Issue.record("unreadable line: \(String(decoding: line.prefix(300), as: UTF8.self))")
                    continue
                }
                decoded += 1
                return message
            }
            return nil
        }
        func reply(to id: Int) throws -> ReplyMessage? {
            while let message = try next() {
                if case .reply(let r) = message, r.id == .integer(Int64(id)) { return r }
                if case .error(let e) = message { Issue.record("request \(id) refused: \(e.message)") }
            }
            return nil
        }
        guard case .hello = try next() else { Issue.record("no HELLO"); return }
        try client.send(.subscribe([.all]))
        _ = try reply(to: 1)
        // The drive starts once `waygate watch` is connected too (it subscribes as it connects).
        var status = 2
        try client.send(.status, id: status)
        while try reply(to: status)?.fields["clients"] != .integer(2), status < 300 {
            Thread.sleep(forTimeInterval: 0.05)
            status += 1
            try client.send(.status, id: status)
        }
        try client.send(.start(StartRequest(route: .file(dir.file("routes/ring.json")), simulate: .always, speedMultiplier: 25)), id: 1_000)

        var roads: [Int64: Set<WireRoad>] = [:], ahead: [Int64: Set<WireRoad>] = [:]
        var roadNames: Set<[UInt8]> = [], upcoming: Set<[UInt8]> = [], banners: Set<[UInt8]> = []
        var voices: [VoiceMessage] = []
        var arrival: ArrivalMessage?
        var ended = false
        let deadline = Date().addingTimeInterval(60)
        while !ended, Date() < deadline, let message = try next() {
            if case .error(let e) = message { Issue.record("refused: \(e.message)") }
            guard case .event(let event) = message else { continue }
            switch event.payload {
            case .match(let m):
                if let road = m.road { roads[road.wayID, default: []].insert(WireRoad(road)) }
                for road in m.horizon ?? [] { ahead[road.wayID, default: []].insert(WireRoad(road)) }
            case .progress(let p):
                if let name = p.roadName { roadNames.insert(Array(name.utf8)) }
                if let name = p.upcoming?.name { upcoming.insert(Array(name.utf8)) }
            case .banner(let b): banners.insert(Array(b.primary.text.utf8))
            case .voice(let v): voices.append(v)
            case .arrival(let a): arrival = a
            case .session(let s): ended = s.mode == .freeDrive
            default: break
            }
        }
        #expect(ended, "the drive did not end in time")
        #expect(unreadable == 0)
        #expect(decoded > 500)

        // MATCH: each way's name, ref, class, oneway and limit, byte for byte, on the road and ahead.
        #expect(Set(roads.keys).isSuperset(of: 1...7))
        #expect(roads == Self.expectedRoads.filter { roads[$0.key] != nil }.mapValues { [$0] })
        #expect(Set(ahead.keys).isSuperset(of: 1...7))
        #expect(ahead == Self.expectedRoads.filter { ahead[$0.key] != nil }.mapValues { [$0.ahead] })

        // Guidance: the names and the ref as the route carries them from the map.
        let hostile = Array(Self.hostileName.utf8), long = Array(Self.longName.utf8)
        #expect(roadNames.isSuperset(of: [Array("Autobahn".utf8), hostile, long, Array("Straße".utf8), Array("Zielstraße".utf8)]))
        #expect(upcoming.isSuperset(of: [hostile, long, Array("Straße".utf8), Array("Einbahnstraße".utf8)]))
        #expect(banners.isSuperset(of: [hostile, long, Array("Straße (\(Self.ref))".utf8), Array("Einbahnstraße".utf8)]))
        let prompt = try #require(voices.first(where: { Array($0.announcement.utf8) == Array("Continue onto \(Self.hostileName)".utf8) }))
        #expect(prompt.ssml?.contains("Say &quot;hi\\&quot; \\\\ C:\\path&#9;Tab&#10;Line&#13;CR") == true)
        #expect(prompt.ssml?.contains(" &lt;b&gt;&amp;amp;&lt;/b&gt; &apos;x&apos;") == true)
        #expect(voices.contains { Array($0.announcement.utf8) == Array("Continue onto \(Self.longName), then continue onto Straße (\(Self.ref))".utf8) })
        #expect(arrival?.final == true)
        #expect(arrival?.name.map { Array($0.utf8) } == Array("Zielstraße".utf8))

        // `waygate watch`: every message on one line of its own, the controls in names escaped.
        try #require(watch.wait(timeout: 30) == 0, "\((try? String(contentsOfFile: dir.file("watch.err"), encoding: .utf8)) ?? "")")
        let printed = try String(contentsOfFile: dir.file("watch.out"), encoding: .utf8).split(separator: "\n").map(String.init)
        let events = printed.dropFirst().filter { !$0.hasSuffix(" events dropped: reading too slowly)") }
        #expect(printed.first?.hasPrefix("connected to waygate ") == true)
        #expect(!printed.contains { $0.contains("unreadable line") })
        #expect(events.count == 400)
        #expect(events.allSatisfy { $0.prefixMatch(of: #/\d\d:\d\d:\d\d [A-Z]+ /#) != nil })
        let hostileAsPrinted = "Say \"hi\\\" \\\\ C:\\path" + #"\tTab\nLine\rCR"# + " 🚗🇫🇮👩‍👩‍👧 Cafe\u{301} <b>&amp;</b> 'x'" + " \u{2028}" + #"\u{0085}\u{009B}"#
        #expect(events.contains { $0.contains(" MATCH on Autobahn (A 9)  motorway  limit none  confidence ") && $0.hasSuffix("  then \(hostileAsPrinted) (route)") })
        #expect(events.contains { $0.contains(" MATCH on \(hostileAsPrinted)  primary  limit 30 mph  confidence ") })
    }
}
