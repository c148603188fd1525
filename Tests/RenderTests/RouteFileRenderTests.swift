import Foundation
import Geodesy
import OSMImport
import Render
import RouteFormats
import RouteModel
import Testing
import TestSupport

@Suite("Render: route files")
struct RouteFileRenderTests {
    /// `WAYGATE_RENDER_MAP=PATH.osm.pbf WAYGATE_RENDER_COPY=DIR` also draws the map's roads and
    /// keeps the pictures (how docs/images/route-milan.png was made).
    @Test("an OSRM route file renders as SVG and PNG with every maneuver point")
    func milanRouteFile() throws {
        let bytes = try [UInt8](Data(contentsOf: Fixtures.url("osrm/milan-duomo-centrale.json", target: "RouteFormatsTests")))
        let route = try RouteFile.readRoute(bytes)
        let environment = ProcessInfo.processInfo.environment
        let roads = try environment["WAYGATE_RENDER_MAP"].map { path in
            try OSMImporter().importGraph(from: [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).graph
        }
        let picture = MapPicture(roads: roads, route: route)
        let svg = try render(picture, as: .svg)
        let parsed = try #require(SVGElements.parse(svg))
        let steps = route.legs.reduce(0) { $0 + $1.steps.count }
        let maneuvers = parsed.elements.filter { $0.name == "circle" && $0.attributes["class"]?.hasPrefix("maneuver ") == true }
        #expect(maneuvers.count == steps)
        #expect(parsed.all("polyline", class: "route").count == 1)
        let png = try render(picture, as: .png)
        let image = try CairoImage(png: png)
        let viewport = try picture.viewport()
        let middle = try #require(Polyline(route.geometry).coordinate(atDistance: route.distance / 2))
        let p = viewport.project(middle)
        #expect(image.isNear(x: Int(p.x.rounded()), y: Int(p.y.rounded()), red: 0, green: 102, blue: 255))
        if let directory = environment["WAYGATE_RENDER_COPY"] {
            try Data(svg).write(to: URL(fileURLWithPath: directory + "/route-milan.svg"))
            try Data(png).write(to: URL(fileURLWithPath: directory + "/route-milan.png"))
        }
    }
}
