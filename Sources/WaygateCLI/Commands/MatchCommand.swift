import Foundation
import Gateway
import Geodesy
import MapMatching
import NMEA
import Positioning
import RouteFormats
import SystemIO

/// `waygate match`: map-matches a recorded trace (NMEA, GPX or JSON lines) on a map, offline
/// (whole trace, Viterbi) or `--live` (each fix seeing only the fixes before it, as the daemon does).
struct MatchCommand: Subcommand {
    static let spec = CommandSpec(
        name: "match", abstract: "Match a recorded trace to the road network.",
        usage: "--map MAP TRACE(.nmea|.gpx|.jsonl) [--live] [--format json|geojson]",
        discussion: """
            Prints one JSON object: {"fixes":[{"time","lat","lon","matched":{"lat","lon","bearing",\
            "way_id","name","distance"}}…],"path":{"way_ids":[…],"geometry":polyline6}}, one entry \
            per input fix in input order ("matched" is left out for a fix that could not be \
            matched). --format geojson prints a FeatureCollection of the path and the points.
            """,
        options: [
            OptionSpec("--map", value: "MAP", help: "Road network (.osm.pbf, .osm or a cached graph)."),
            OptionSpec("--live", help: "Match fix by fix as the daemon does, never revising a published match."),
            OptionSpec("--format", value: "json|geojson", help: "Output format.", default: "json"),
        ],
        positionals: 1...1)

    let map: String
    let trace: String
    let live: Bool
    let geojson: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let map = arguments.value("--map") else { throw UsageError("match needs --map MAP") }
        self.map = map
        trace = arguments.positionals[0]
        live = arguments.flag("--live")
        geojson = try arguments.choice("--format", ["json", "geojson"], default: "json") == "geojson"
    }

    func run(in environment: AppEnvironment) async throws {
        let positioned = try Self.readTrace(trace).filter(\.hasPosition)
        guard !positioned.isEmpty else { throw RuntimeError("\(trace): no fixes with a position") }
        let (fixes, skipped) = Self.inTimeOrder(positioned)
        if skipped > 0 { Console.error("\(trace): skipped \(skipped) of \(positioned.count) fixes without a time or earlier than the fix before") }
        guard !fixes.isEmpty else { throw RuntimeError("\(trace): no fixes with a time") }
        let graph = try environment.loadMap(map).graph
        let result: TraceMatch
        if live {
            var matcher = OnlineMatcher(graph: graph)
            let points = fixes.map { fix in
                matcher.match(fix).flatMap { m -> MatchedPoint? in
                    guard let road = m.road, !m.isOffRoad else { return nil }
                    return MatchedPoint(coordinate: m.coordinate, bearing: m.bearing ?? 0, distance: m.distanceFromFix, edge: road.edge,
                                        fraction: road.fraction, wayID: road.wayID, name: road.name, segment: 0)
                }
            }
            result = TraceMatch(points: points, segments: [])
        } else {
            do {
                result = try TraceMatcher(graph: graph).match(fixes)
            } catch {
                throw RuntimeError("\(trace): \(error)")
            }
        }
        var console = Console()
        console.print(geojson ? MatchOutput.geoJSON(fixes: fixes, match: result) : MatchOutput.json(fixes: fixes, match: result))
        console.flush()
    }

    /// The fixes with a time later than (or equal to) the last one kept, and how many were
    /// skipped: one bad timestamp drops that fix, not the whole trace.
    static func inTimeOrder(_ fixes: [Fix]) -> (fixes: [Fix], skipped: Int) {
        var kept: [Fix] = []
        for fix in fixes {
            guard let time = fix.time else { continue }
            if let last = kept.last?.time, time < last { continue }
            kept.append(fix)
        }
        return (kept, fixes.count - kept.count)
    }

    /// The fixes of a trace file, whatever its format (sniffed from the content).
    static func readTrace(_ path: String) throws -> [Fix] {
        let bytes: [UInt8]
        do { bytes = try FileContents.read(path, maximumBytes: RouteFile.maximumFileBytes) } catch {
            throw RuntimeError("cannot read trace \(path): \(error)")
        }
        return try trace(in: bytes, named: path)
    }

    /// The fixes of a trace already read (NMEA, GPX, GeoJSON, JSON lines); errors name `path`.
    static func trace(in bytes: [UInt8], named path: String) throws -> [Fix] {
        do {
            if try RouteFileFormat.sniff(bytes) == .nmea {
                var decoder = NMEAStreamDecoder()
                return (decoder.push(bytes) + decoder.finish()).compactMap { if case .fix(let f) = $0 { f } else { nil } }
            }
            return try RouteFile.readTrace(bytes)
        } catch {
            throw RuntimeError("\(path): \(error)")
        }
    }
}
