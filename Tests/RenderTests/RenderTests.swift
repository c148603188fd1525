import CCairo
import Foundation
import FoundationXML
import Geodesy
import OSMImport
import RoadGraph
import Render
import RouteModel
import Testing
import TestSupport

/// The Helsinki extract, imported once.
enum Helsinki {
    static let graph: RoadGraph? = {
        guard let bytes = try? [UInt8](Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf"))) else { return nil }
        return try? OSMImporter().importGraph(from: bytes).graph
    }()

    /// A three-step route through the centre (depart, turn right, arrive).
    static let route: Route = {
        let a = [Coordinate(latitude: 60.16890, longitude: 24.94080), Coordinate(latitude: 60.16950, longitude: 24.93920),
                 Coordinate(latitude: 60.170214, longitude: 24.937155)]
        let b = [Coordinate(latitude: 60.170214, longitude: 24.937155), Coordinate(latitude: 60.17130, longitude: 24.93400),
                 Coordinate(latitude: 60.17180, longitude: 24.93130)]
        let steps = [
            RouteStep(distance: 230, duration: 30, geometry: a, name: "Mannerheimintie", maneuver: Maneuver(type: .depart, location: a[0])),
            RouteStep(distance: 350, duration: 40, geometry: b, name: "Arkadiankatu", maneuver: Maneuver(type: .turn, modifier: .right, location: b[0])),
            RouteStep(distance: 0, duration: 0, geometry: [b[2], b[2]], name: "Arkadiankatu", maneuver: Maneuver(type: .arrive, location: b[2])),
        ]
        return Route(distance: 580, duration: 70, geometry: a + b.dropFirst(), legs: [RouteLeg(distance: 580, duration: 70, steps: steps)])
    }()
}

/// Collects the elements of an SVG document with their attributes.
final class SVGElements: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    private var inText = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((name, attributes))
        if name == "text" { inText = true; texts.append("") }
    }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { inText = false }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { texts[texts.count - 1] += string } }

    /// Parses `bytes`; nil when the document is not well-formed.
    static func parse(_ bytes: [UInt8]) -> SVGElements? {
        let delegate = SVGElements()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = delegate
        return parser.parse() ? delegate : nil
    }

    func all(_ name: String, class role: String) -> [[String: String]] {
        elements.filter { $0.name == name && $0.attributes["class"] == role }.map(\.attributes)
    }
}

@Suite("Render")
struct RenderTests {
    @Test("an SVG of a route on the map is well-formed and holds the route's coordinates projected")
    func svgRoute() throws {
        let graph = try #require(Helsinki.graph)
        let picture = MapPicture(roads: graph, route: Helsinki.route)
        let svg = try render(picture, as: .svg)
        let parsed = try #require(SVGElements.parse(svg), "not well-formed XML")
        let viewport = try picture.viewport()
        let route = try #require(parsed.all("polyline", class: "route").first)
        let points = try #require(route["points"]).split(separator: " ").map { pair in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            return PicturePoint(x: xy[0], y: xy[1])
        }
        let expected = Helsinki.route.geometry.map(viewport.project)
        #expect(points.count == expected.count)
        for (p, e) in zip(points, expected) {
            #expect(abs(p.x - e.x) <= 0.01 && abs(p.y - e.y) <= 0.01, "\(p) vs \(e)")
            #expect(p.x > 0 && p.x < 1200 && p.y > 0 && p.y < 800)
        }
        #expect(parsed.all("circle", class: "maneuver depart").count == 1)
        #expect(parsed.all("circle", class: "maneuver turn").count == 1)
        #expect(parsed.all("circle", class: "maneuver arrive").count == 1)
        #expect(parsed.elements.filter { $0.attributes["class"]?.hasPrefix("road ") == true }.count > 100)
        #expect(parsed.texts.contains("© OpenStreetMap contributors"))
        let scale = try #require(parsed.texts.first { $0.hasSuffix(" m") || $0.hasSuffix(" km") })
        #expect(["10 m", "20 m", "50 m", "100 m", "200 m", "500 m", "1 km", "2 km"].contains(scale))
    }

    @Test("a trace and its match: one circle per fix and the matched path as a line")
    func svgTraceAndMatch() throws {
        let fixes = (0..<20).map { Coordinate(latitude: 60.1690 + Double($0) * 0.0001, longitude: 24.9400 - Double($0) * 0.0002) }
        let matched = fixes.map { Coordinate(latitude: $0.latitude + 0.00002, longitude: $0.longitude) }
        let picture = MapPicture(fixes: fixes, matchedPaths: [matched], width: 640, height: 480)
        let parsed = try #require(SVGElements.parse(try render(picture, as: .svg)))
        #expect(parsed.all("circle", class: "fix").count == 20)
        #expect(parsed.all("polyline", class: "matched").count == 1)
        #expect(parsed.all("polyline", class: "route").isEmpty)
        let svg = try #require(parsed.elements.first)
        #expect(svg.name == "svg" && svg.attributes["width"] == "640" && svg.attributes["height"] == "480")
    }

    @Test("a PNG decodes and has route-coloured pixels along the route")
    func pngRoute() throws {
        let graph = try #require(Helsinki.graph)
        let picture = MapPicture(roads: graph, route: Helsinki.route, width: 900, height: 600)
        let png = try render(picture, as: .png)
        #expect(Array(png.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        let image = try CairoImage(png: png)
        #expect(image.width == 900 && image.height == 600)
        let viewport = try picture.viewport()
        let line = Polyline(Helsinki.route.geometry)
        var checked = 0
        for distance in stride(from: 60.0, to: line.length - 40, by: 50) {
            guard let c = line.coordinate(atDistance: distance) else { continue }
            let p = viewport.project(c)
            checked += 1
            #expect(image.isNear(x: Int(p.x.rounded()), y: Int(p.y.rounded()), red: 0, green: 102, blue: 255), "no route pixel at \(p)")
        }
        #expect(checked >= 5)
        // The background far from the route keeps the map colours, not the route's.
        #expect(!image.isNear(x: 450, y: 20, red: 0, green: 102, blue: 255))
    }

    @Test("formats come from the file name; bad input gets a clear error")
    func errors() throws {
        #expect(try PictureFormat(path: "out.SVG") == .svg)
        #expect(try PictureFormat(path: "/tmp/a.png") == .png)
        #expect(throws: RenderError.unknownFormat("out.jpg")) { try PictureFormat(path: "out.jpg") }
        #expect(throws: RenderError.nothingToDraw) { try render(MapPicture(), as: .svg) }
        #expect(throws: RenderError.badSize(width: 0, height: 100)) {
            try render(MapPicture(route: Helsinki.route, width: 0, height: 100), as: .png)
        }
        #expect(RenderError.unknownFormat("x.jpg").description == "cannot tell the picture format of \"x.jpg\": use a name ending in .svg or .png")
    }
}

/// A PNG read back through cairo (ARGB32, premultiplied, native-endian words).
struct CairoImage {
    let width: Int, height: Int
    private let words: [UInt32]

    init(png: [UInt8]) throws {
        let source = PNGSource(png)
        let created = cairo_image_surface_create_from_png_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let s = Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue()
            let n = Int(length)
            guard s.offset + n <= s.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            for i in 0..<n { data[i] = s.bytes[s.offset + i] }
            s.offset += n
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
        let surface = try #require(created)
        defer { cairo_surface_destroy(surface) }
        try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cairo could not decode the PNG")
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { words.append(row[x]) }
        }
        self.words = words
    }

    /// Whether a pixel within 3 px of (x, y) has this opaque colour (±30 per channel).
    func isNear(x: Int, y: Int, red: Int, green: Int, blue: Int) -> Bool {
        for yy in max(0, y - 3)...min(height - 1, y + 3) {
            for xx in max(0, x - 3)...min(width - 1, x + 3) {
                let w = words[yy * width + xx]
                let r = Int((w >> 16) & 0xFF), g = Int((w >> 8) & 0xFF), b = Int(w & 0xFF)
                if abs(r - red) <= 30 && abs(g - green) <= 30 && abs(b - blue) <= 30 { return true }
            }
        }
        return false
    }
}

/// The bytes cairo's PNG reader pulls from.
final class PNGSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
