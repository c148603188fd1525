import Foundation
import Gateway
import Geodesy
import OSMImport
import SystemIO

/// `waygate map build MAP` imports an extract and writes its cache ahead of time (what the first
/// `serve --map` would do); `waygate map info MAP` says what that cache holds.
struct MapCommand: Subcommand {
    static let spec = CommandSpec(
        name: "map", abstract: "Build a map's cache ahead of time, or show what it holds.",
        usage: "build MAP [--memory SIZE] [--cache PATH] | info MAP [--cache PATH] [--verify]",
        discussion: """
            build imports the .osm.pbf or .osm extract MAP, builds the car routing hierarchy and writes \
            the cache the first 'serve --map MAP' would write (NAME.waygate-cache next to MAP, or under \
            $XDG_CACHE_HOME/waygate when its directory is read-only), replacing any cache there. It shows \
            each phase with its progress on a terminal (plain lines otherwise) and ends with a summary. \
            With --memory the import keeps to the budget or fails at once naming what would not fit. \
            info prints the cache's format version, the map stamp it records, its counts, bounding box \
            and size, or says it is missing or stale (then 'map build' or the next 'serve' rebuilds it). \
            Opening a cache checks its header and section tables only; info --verify also checks every \
            byte's CRC and every index (reading the whole file) and fails unless the cache is valid.
            """,
        options: [
            OptionSpec("--memory", value: "SIZE", help: "build: memory budget for the import, e.g. 512M or 2G (K, M, G, T: powers of 1024)."),
            OptionSpec("--cache", value: "PATH", help: "The cache file to write or read instead of the default place."),
            OptionSpec("--verify", help: "info: check every byte and index of the cache; exit status 1 unless it is valid."),
        ],
        positionals: 2...2)

    enum Action { case build, info }

    let action: Action
    let map: String
    let memory: MemoryBudget?
    let cache: String?
    let verify: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        switch arguments.positionals[0] {
        case "build": action = .build
        case "info": action = .info
        default: throw UsageError("map: expected 'build' or 'info', got \"\(arguments.positionals[0])\"")
        }
        map = arguments.positionals[1]
        if let text = arguments.value("--memory") {
            guard action == .build else { throw UsageError("--memory: only 'map build' takes a memory budget") }
            guard let budget = MemoryBudget(parsing: text) else {
                throw UsageError("--memory: expected a size of at least 1M such as 512M or 2G, got \"\(text)\"")
            }
            memory = budget
        } else {
            memory = nil
        }
        cache = arguments.value("--cache")
        verify = arguments.flag("--verify")
        guard !verify || action == .info else { throw UsageError("--verify: only 'map info' verifies a cache") }
    }

    func run(in environment: AppEnvironment) async throws {
        let store = MapStore(environment: environment.variables)
        switch action {
        case .build: try build(store)
        case .info: try info(store)
        }
    }

    private func build(_ store: MapStore) throws {
        let start = Date()
        var display = ProgressDisplay(onTerminal: isatty(STDERR_FILENO) == 1)
        let built = try store.build(map, memory: memory, cachePath: cache) { display.show($0) }
        display.finish()
        let s = built.statistics
        var console = Console()
        console.print("built \(built.cachePath)")
        console.print("  read:      \(s.osmNodes) OSM nodes, \(s.osmWays) highway ways (\(s.carWays) for cars, \(s.bikeWays) bikes, \(s.footWays) on foot)")
        console.print("  graph:     \(s.graphNodes) nodes, \(s.graphEdges) edges, \(built.restrictionCount) turn restrictions (\(s.viaWayRestrictions) relations through via ways), \(s.graphShapes) shapes")
        console.print("  hierarchy: \(built.hierarchyArcs) arcs (\(built.hierarchyShortcuts) shortcuts)")
        let peak = ProcessUsage.peakResidentBytes.map(MemoryBudget.format) ?? "unknown"
        console.print(
            "  took \(ProgressDisplay.duration(Date().timeIntervalSince(start))), peak memory \(peak)"
                + (memory.map { " (budget \($0))" } ?? "") + ", cache \(MemoryBudget.format(built.cacheBytes))")
        console.flush()
    }

    private func info(_ store: MapStore) throws {
        let info = try store.info(map, cachePath: cache, verifying: verify)
        var console = Console()
        console.print("map \(map): \(info.sourceBytes) bytes, modified \(Self.time(info.sourceModified))")
        switch info.state {
        case .missing:
            console.print("cache \(info.cachePath): missing (run 'waygate map build \(map)')")
        case .stale:
            console.print("cache \(info.cachePath): stale (made from another version of the map or by another Waygate, or damaged); "
                + "\(MemoryBudget.format(info.cacheBytes)); it is rebuilt by 'waygate map build \(map)' or the next load")
        case .valid:
            console.print(
                "cache \(info.cachePath): valid, format version \(info.formatVersion), \(MemoryBudget.format(info.cacheBytes)) (\(info.cacheBytes) bytes)"
                    + (verify ? ", every byte and index checked" : ""))
            console.print("  source stamp: \(info.sourceBytes) bytes, modified \(Self.time(info.sourceModified))")
            console.print("  graph: \(info.nodes) nodes, \(info.edges) edges, \(info.restrictions) turn restrictions, \(info.shapes) shapes")
            console.print("  car hierarchy: " + (info.hierarchyArcs > 0 ? "\(info.hierarchyArcs) arcs" : "none (built at the next load)"))
            if let sw = info.southWest, let ne = info.northEast {
                console.print(String(format: "  bounding box: %.6f,%.6f – %.6f,%.6f", sw.latitude, sw.longitude, ne.latitude, ne.longitude))
            }
        }
        console.flush()
        if verify, info.state != .valid { throw RuntimeError("\(info.cachePath): not a valid cache of \(map)") }
    }

    /// A modification stamp (microseconds since 1970) in ISO 8601, UTC.
    private static func time(_ microseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: Double(microseconds) / 1e6))
    }
}
