import Foundation
import TestSupport
import Testing

/// Issue 11 items 1 and 3: route files that used to crash `simulate` (exit 132) now get one
/// line on standard error naming the file and exit 1, and never echo the file's content.
@Suite("waygate simulate with bad route files")
struct BadRouteFileTests {
    /// The exit status and standard error of `simulate --route` on a file holding `content`,
    /// the temporary directory's path replaced by `DIR`.
    private func simulate(_ content: String, name: String = "route.json") throws -> (status: Int32, stderr: String) {
        let dir = try TemporaryDirectory(prefix: "badroute")
        defer { dir.remove() }
        try Data(content.utf8).write(to: URL(fileURLWithPath: dir.file(name)))
        let result = try WaygateRunner.run(["simulate", "--route", dir.file(name), "--format", "jsonl"])
        return (result.status, result.stderr.replacingOccurrences(of: dir.url.path, with: "DIR"))
    }

    @Test("an Ok response with no routes, and a route with no legs, exit 1 with one line")
    func emptyRoutes() throws {
        let none = try simulate(#"{"code":"Ok","routes":[]}"#)
        #expect(none.status == 1)
        #expect(none.stderr == "waygate: cannot read route DIR/route.json: route JSON: no routes\n")
        let noLegs = try simulate(#"{"routes":[{"legs":[]}]}"#)
        #expect(noLegs.status == 1)
        #expect(noLegs.stderr == "waygate: cannot read route DIR/route.json: route JSON: routes[0].legs is empty\n")
    }

    @Test("a text file that is no route is refused without quoting its content")
    func noEcho() throws {
        let result = try simulate("root:*:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n", name: "shadow")
        #expect(result.status == 1)
        #expect(!result.stderr.contains("root"))
        #expect(result.stderr == "waygate: cannot read route DIR/shadow: unrecognised route or trace format: text that is neither JSON, XML nor NMEA\n")
    }

    @Test("a directory is refused naming it")
    func directory() throws {
        let dir = try TemporaryDirectory(prefix: "badroute-dir")
        defer { dir.remove() }
        let result = try WaygateRunner.run(["simulate", "--route", dir.url.path, "--format", "jsonl"])
        #expect(result.status == 1)
        #expect(result.stderr == "waygate: cannot read route \(dir.url.path): is a directory\n")
    }

    @Test("distances and durations that no drive has (1e308 s, a negative leg) are refused naming the first, so guidance's sums stay numbers")
    func absurdAmounts() throws {
        let line = #"{"type":"LineString","coordinates":[[24.94,60.17],[24.95,60.17]]}"#
        let huge = try simulate(#"{"code":"Ok","routes":[{"distance":600,"duration":1e308,"geometry":"# + line + #","legs":[{"distance":600,"duration":60,"steps":[]}]}]}"#)
        #expect(huge.status == 1)
        #expect(huge.stderr == "waygate: cannot read route DIR/route.json: route: routes[0].duration is 1e+308, not an amount from 0 to 1e9\n")
        let negative = try simulate(#"{"code":"Ok","routes":[{"distance":600,"duration":60,"geometry":"# + line + #","legs":[{"distance":600,"duration":-5,"steps":[]}]}]}"#)
        #expect(negative.status == 1)
        #expect(negative.stderr == "waygate: cannot read route DIR/route.json: route: routes[0].legs[0].duration is -5.0, not an amount from 0 to 1e9\n")
    }

    @Test("an instruction 1e21 m before its maneuver is refused naming it (a VOICE that far off stopped the daemon, a banner past 1.8e307 m wrote null)")
    func absurdInstructionDistances() throws {
        let line = #"{"type":"LineString","coordinates":[[24.94,60.17],[24.95,60.17]]}"#
        func route(_ instructions: String) -> String {
            #"{"code":"Ok","routes":[{"distance":600,"duration":60,"geometry":"# + line + #","legs":[{"distance":600,"duration":60,"steps":["#
                + #"{"distance":600,"duration":60,"geometry":"# + line + #","name":"","mode":"driving","maneuver":{"type":"depart","location":[24.94,60.17]},"#
                + instructions + "}]}]}]}"
        }
        let voice = try simulate(route(#""voiceInstructions":[{"distanceAlongGeometry":1e21,"announcement":"Drive"}]"#))
        #expect(voice.status == 1)
        #expect(voice.stderr == "waygate: cannot read route DIR/route.json: route: routes[0].legs[0].steps[0].voiceInstructions[0].distanceAlongGeometry is 1e+21, not an amount from 0 to 1e9\n")
        let banner = try simulate(route(#""bannerInstructions":[{"distanceAlongGeometry":600,"primary":{"text":"A"}},{"distanceAlongGeometry":1e308,"primary":{"text":"B"}}]"#))
        #expect(banner.status == 1)
        #expect(banner.stderr == "waygate: cannot read route DIR/route.json: route: routes[0].legs[0].steps[0].bannerInstructions[1].distanceAlongGeometry is 1e+308, not an amount from 0 to 1e9\n")
        let fine = try simulate(route(#""voiceInstructions":[{"distanceAlongGeometry":600,"announcement":"Drive"}]"#))
        #expect(fine.status == 0, "\(fine.stderr)")
    }
}
