import Foundation
import TestSupport
import Testing

@Suite("waygate render: pictures of a route and of a matched trace")
struct RenderCommandTests {
    @Test("a planned Helsinki route as SVG and PNG; a bad output name is a usage error")
    func renders() throws {
        let dir = try TemporaryDirectory(prefix: "render")
        defer { dir.remove() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", ServeGuidedDriveTests.from, "--to", ServeGuidedDriveTests.to, "--format", "osrm"])
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let svg = try WaygateRunner.run(["render", "--map", map, "--output", dir.file("route.svg"), dir.file("route.json")])
        #expect(svg.status == 0)
        let text = try String(contentsOfFile: dir.file("route.svg"), encoding: .utf8)
        #expect(text.contains("<svg"))
        #expect(text.contains("OpenStreetMap contributors"))
        let png = try WaygateRunner.run(["render", "--map", map, "--size", "640x480", "--output", dir.file("route.png"), dir.file("route.json")])
        #expect(png.status == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("route.png"))))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let bad = try WaygateRunner.run(["render", "--map", map, "--output", dir.file("route.bmp"), dir.file("route.json")])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--output"))
    }
}
