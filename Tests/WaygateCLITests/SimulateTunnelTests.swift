import Foundation
import Geodesy
import RouteFormats
import RouteModel
import TestSupport
import Testing

@Suite("waygate simulate --tunnels")
struct SimulateTunnelTests {
    @Test("a route whose middle 200 m is a tunnel: --tunnels drops the positions there, without it every fix has one")
    func tunnels() throws {
        let dir = try TemporaryDirectory(prefix: "tunnel")
        defer { dir.remove() }
        let a = Coordinate(latitude: 60.1641, longitude: 24.9366)
        let b = a.destination(distance: 200, bearing: 90), c = b.destination(distance: 200, bearing: 90), d = c.destination(distance: 200, bearing: 90)
        let step = RouteStep(
            distance: 600, duration: 60, geometry: [a, b, c, d], name: "Testikatu", maneuver: Maneuver(type: .depart, location: a, bearingAfter: 90),
            intersections: [
                Intersection(location: a, bearings: [90], entry: [true], outIndex: 0),
                Intersection(location: b, bearings: [90, 270], entry: [true, false], inIndex: 1, outIndex: 0, classes: ["tunnel"]),
                Intersection(location: c, bearings: [90, 270], entry: [true, false], inIndex: 1, outIndex: 0),
            ])
        let arrive = RouteStep(distance: 0, duration: 0, geometry: [d, d], name: "Testikatu", maneuver: Maneuver(type: .arrive, location: d, bearingBefore: 90))
        let route = Route(distance: 600, duration: 60, geometry: [a, b, c, d], legs: [RouteLeg(distance: 600, duration: 60, steps: [step, arrive])])
        try Data(OSRMWriter().route(route)).write(to: URL(fileURLWithPath: dir.file("route.json")))

        func positions(_ extra: [String]) throws -> (with: Int, total: Int) {
            let run = try WaygateRunner.run(["simulate", "--route", dir.file("route.json"), "--format", "jsonl", "--start", "2026-11-29T12:00:00Z"] + extra)
            #expect(run.status == 0)
            return (run.lines.filter { $0.contains("\"lat\"") }.count, run.lines.count)
        }
        let plain = try positions([])
        let underground = try positions(["--tunnels"])
        #expect(plain.with == plain.total)
        // JSON lines hold positions only: the ~200 m underground leave a gap in the log.
        #expect(underground.with == underground.total)
        #expect(underground.with < plain.with - 5)
        #expect(underground.with > plain.with / 2)
    }
}
