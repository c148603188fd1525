import Foundation
import Gateway
import Geodesy
import MapMatching
import Positioning
import Render
import RouteFormats
import RouteModel
import SystemIO

/// `waygate render`: a picture of a route, a trace or its match on the map, as SVG or PNG.
struct RenderCommand: Subcommand {
    static let spec = CommandSpec(
        name: "render", abstract: "Draw a route, a trace or its match on the map as SVG or PNG.",
        usage: "--map MAP [--match] [--size WxH] --output FILE.svg|FILE.png ROUTE|TRACE",
        discussion: """
            ROUTE is any route file `waygate route` or `start` reads (OSRM / Mapbox / Valhalla JSON, \
            GeoJSON, GPX route); anything else is read as a trace (NMEA, GPX track, JSON lines) and its \
            fixes are drawn, with --match the path the map matcher makes of them. The picture frames \
            what is drawn, with roads, maneuver points, a scale bar and the OpenStreetMap attribution.
            """,
        options: [
            OptionSpec("--map", value: "MAP", help: "Road network drawn underneath (.osm.pbf, .osm or a cached graph)."),
            OptionSpec("--match", help: "For a trace: also draw the matched path."),
            OptionSpec("--size", value: "WxH", help: "Picture size in pixels.", default: "1200x800"),
            OptionSpec("--output", value: "FILE", help: "Where to write the picture; .svg or .png."),
        ],
        positionals: 1...1)

    let map: String
    let input: String
    let match: Bool
    let size: (width: Int, height: Int)
    let output: String
    let format: PictureFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let map = arguments.value("--map") else { throw UsageError("render needs --map MAP") }
        guard let output = arguments.value("--output") else { throw UsageError("render needs --output FILE.svg or FILE.png") }
        self.map = map
        self.output = output
        input = arguments.positionals[0]
        match = arguments.flag("--match")
        let text = arguments.value("--size") ?? "1200x800"
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (64...8_192).contains(parts[0]), (64...8_192).contains(parts[1]) else {
            throw UsageError("--size: expected WxH between 64 and 8192 pixels, got \"\(text)\"")
        }
        size = (parts[0], parts[1])
        do { format = try PictureFormat(path: output) } catch { throw UsageError("--output: \(error)") }
    }

    func run(in environment: AppEnvironment) async throws {
        let bytes: [UInt8]
        do { bytes = try FileContents.read(input, maximumBytes: RouteFile.maximumFileBytes) } catch { throw RuntimeError("cannot read \(input): \(error)") }
        let graph = try environment.loadMap(map).graph
        var picture = MapPicture(roads: graph, width: size.width, height: size.height)
        if let route = try? RouteFile.readRoute(bytes) {
            picture.route = route
        } else {
            let fixes = try MatchCommand.trace(in: bytes, named: input).filter(\.hasPosition)
            guard !fixes.isEmpty else { throw RuntimeError("\(input): neither a route nor a trace with positions") }
            picture.fixes = fixes.compactMap(\.coordinate)
            if match {
                let (ordered, _) = MatchCommand.inTimeOrder(fixes)
                do {
                    picture.matchedPaths = try TraceMatcher(graph: graph).match(ordered).segments.map(\.geometry)
                } catch {
                    throw RuntimeError("\(input): \(error)")
                }
            }
        }
        let image: [UInt8]
        do { image = try render(picture, as: format) } catch { throw RuntimeError("render: \(error)") }
        guard FileManager.default.createFile(atPath: output, contents: Data(image)) else { throw RuntimeError("cannot write \(output)") }
        Console.error("wrote \(output) (\(image.count) bytes)")
    }
}
