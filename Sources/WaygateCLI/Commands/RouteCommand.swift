import Foundation
import Gateway
import Geodesy
import OSMImport
import RouteFormats
import RouteModel
import Routing
import Timekeeping

/// `waygate route`: plans a route on a map file and prints it as a Directions v5 / OSRM
/// response, a turn list a person reads, or GeoJSON.
struct RouteCommand: Subcommand {
    static let spec = CommandSpec(
        name: "route", abstract: "Plan a route on a map and print it (OSRM JSON, a turn list, or GeoJSON).",
        usage: "--map MAP --from LAT,LON --to LAT,LON [--via LAT,LON]… [--profile car|bike|foot] [--alternatives] "
            + "[--avoid toll,ferry,motorway] [--units metric|imperial] [--language en|it] [--departure-time ISO] "
            + "[--format osrm|text|geojson]",
        discussion: """
            MAP is an .osm.pbf or .osm extract, or a Waygate road graph. An extract is imported once \
            and cached as NAME.waygate-cache next to it (or under $XDG_CACHE_HOME/waygate when its \
            directory is read-only). --format osrm prints one {"code":"Ok","routes":[…],"waypoints":[…]} \
            object, best route first, which 'waygate simulate --route' and the 'start' command read back.
            """,
        options: [
            OptionSpec("--map", value: "MAP", help: "Map file (.osm.pbf, .osm, or a Waygate graph)."),
            OptionSpec("--from", value: "LAT,LON", help: "Origin."),
            OptionSpec("--to", value: "LAT,LON", help: "Destination."),
            OptionSpec("--via", value: "LAT,LON", help: "An intermediate stop, in order.", repeatable: true),
            OptionSpec("--profile", value: "car|bike|foot", help: "Travel profile.", default: "car"),
            OptionSpec("--alternatives", help: "Also print up to two alternative routes."),
            OptionSpec("--avoid", value: "LIST", help: "Comma-separated: toll, ferry, motorway."),
            OptionSpec("--units", value: "metric|imperial", help: "Units of instructions and the turn list.", default: "metric"),
            OptionSpec("--language", value: "en|it", help: "Language of instructions.", default: "en"),
            OptionSpec("--departure-time", value: "ISO", help: "Departure time (ISO 8601); each route echoes it with its arrival time."),
            OptionSpec("--format", value: "osrm|text|geojson", help: "Output format.", default: "osrm"),
        ])

    let map: String
    let waypoints: [Coordinate]
    let options: RouteOptions
    let alternatives: Bool
    let format: String
    let departureTime: Timestamp?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let map = arguments.value("--map") else { throw UsageError("--map: a map file is required") }
        guard let from = try arguments.coordinate("--from") else { throw UsageError("--from: an origin LAT,LON is required") }
        guard let to = try arguments.coordinate("--to") else { throw UsageError("--to: a destination LAT,LON is required") }
        var vias: [Coordinate] = []
        for text in arguments.allValues("--via") { vias.append(try ParsedArguments.coordinate(text, option: "--via")) }
        let profile = try arguments.choice("--profile", ["car", "bike", "foot"], default: "car")
        let avoid = (arguments.value("--avoid") ?? "").split(separator: ",").map { String($0) }
        for name in avoid where AvoidOption(rawValue: name) == nil {
            throw UsageError("--avoid: expected toll, ferry or motorway, got \"\(name)\"")
        }
        let units = try arguments.choice("--units", ["metric", "imperial"], default: "metric")
        let language = try arguments.choice("--language", ["en", "it"], default: "en")
        var departure: Timestamp?
        if let time = arguments.value("--departure-time") {
            guard let parsed = Timestamp(iso8601: time) else { throw UsageError("--departure-time: expected an ISO 8601 time, got \"\(time)\"") }
            departure = parsed
        }
        departureTime = departure
        self.map = map
        waypoints = [from] + vias + [to]
        options = RouteOptions(profile: profile, units: UnitSystem(rawValue: units) ?? .metric, language: language, avoid: avoid)
        alternatives = arguments.flag("--alternatives")
        format = try arguments.choice("--format", ["osrm", "text", "geojson"], default: "osrm")
    }

    func run(in environment: AppEnvironment) async throws {
        let loaded = try environment.loadMap(map)
        let routes: [Route]
        do {
            routes = try MapRouter(map: loaded).routes(
                waypoints.map { RouteWaypoint($0) }, options: options, alternatives: alternatives ? 2 : 0)
        } catch {
            throw RuntimeError("\(map): \(error.description)")
        }
        var console = Console()
        switch format {
        case "osrm":
            let writer = OSRMWriter(departureTime: departureTime)
            console.print(String(decoding: writer.response(routes, waypoints: routes.first?.waypoints), as: UTF8.self))
        case "geojson": console.print(String(decoding: GeoJSONWriter.featureCollection(routes, departureTime: departureTime), as: UTF8.self))
        default: for line in TurnList(units: options.units, departureTime: departureTime).lines(routes) { console.print(line) }
        }
        console.flush()
    }
}

/// The turn list of `--format text`: one numbered line per step with its distance; with a
/// departure time, each route's header also says when it leaves and arrives (UTC).
struct TurnList {
    let units: UnitSystem
    var departureTime: Timestamp? = nil

    /// The lines for `routes`, best first, a blank line between routes.
    func lines(_ routes: [Route]) -> [String] {
        var lines: [String] = []
        for (r, route) in routes.enumerated() {
            if r > 0 { lines.append("") }
            let summary = route.legs.map(\.summary).filter { !$0.isEmpty }.joined(separator: "; ")
            let title = routes.count > 1 ? (r == 0 ? "Route" : "Alternative \(r)") : "Route"
            var header = "\(title): \(distance(route.distance)), \(duration(route.duration))" + (summary.isEmpty ? "" : " via \(summary)")
            if let times = RouteTimes(departure: departureTime, duration: route.duration) {
                header += ". Depart \(clock(times.departureTime)), arrive \(clock(times.arrivalTime)) (UTC)"
            }
            lines.append(header)
            var n = 0
            for leg in route.legs {
                for step in leg.steps {
                    n += 1
                    let length = step.maneuver.type == .arrive ? "" : "  (\(distance(step.distance)))"
                    lines.append("\(String(n).leftPadded(3)). \(step.maneuver.instruction)\(length)")
                }
            }
        }
        return lines
    }

    /// A distance as printed: metres / kilometres, or feet / miles.
    func distance(_ meters: Double) -> String {
        switch units {
        case .metric:
            return meters < 1000 ? "\(Int((meters / 10).rounded()) * 10) m" : String(format: "%.1f km", meters / 1000)
        case .imperial:
            let feet = meters / 0.3048
            return feet < 1000 ? "\(Int((feet / 10).rounded()) * 10) ft" : String(format: "%.1f mi", meters / 1609.344)
        }
    }

    /// "HH:MM" of a UTC time (the minute it falls in, as a clock shows it).
    func clock(_ time: Timestamp) -> String {
        let c = time.components
        return String(format: "%02d:%02d", c.hour, c.minute)
    }

    /// A duration as printed: "45 s", "12 min", "1 h 05 min".
    func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        let minutes = (s + 30) / 60
        return minutes < 60 ? "\(minutes) min" : String(format: "%d h %02d min", minutes / 60, minutes % 60)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
