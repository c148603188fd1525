// swift-tools-version:6.0
// Waygate: a GPS gateway for Linux navigation. Targets are listed bottom-up by layer;
// each one-line comment matches the module map in README.md.
import Foundation
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    // Release: one ELF section per function, so that the link can pack the hot path together
    // (see the `waygate` target's `--section-ordering-file`).
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
]

/// A Swift module of Waygate with its dependencies.
func module(_ name: String, _ deps: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: deps, swiftSettings: swiftSettings)
}

/// The test target of a module: `<Module>Tests`, with fixtures under `Fixtures/` (read by path
/// from the source tree, so excluded from the build).
func tests(_ name: String, _ deps: [Target.Dependency] = []) -> Target {
    let hasFixtures = FileManager.default.fileExists(atPath: "\(Context.packageDirectory)/Tests/\(name)Tests/Fixtures")
    return .testTarget(
        name: "\(name)Tests", dependencies: [.byName(name: name), "TestSupport"] + deps,
        exclude: hasFixtures ? ["Fixtures"] : [], swiftSettings: swiftSettings)
}

let package = Package(
    name: "Waygate",
    products: [
        .executable(name: "waygate", targets: ["waygate"]),
        // Test-only: LD_PRELOAD shim letting libserialport open pseudo-terminals (TOOLCHAIN.md §3).
        .library(name: "PtyShim", type: .dynamic, targets: ["PtyShim"]),
    ],
    targets: [
        // MARK: - C libraries
        .systemLibrary(name: "CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
        .systemLibrary(name: "CSerialPort", pkgConfig: "libserialport", providers: [.apt(["libserialport-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CSystemdBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .systemLibrary(name: "CFuzzerDriver"),  // libFuzzer's LLVMFuzzerRunDriver, declared for waygate-fuzz
        .target(name: "CWaygateSys"),  // _GNU_SOURCE calls Swift's Glibc cannot see (SO_PEERCRED, accept4, gettid)
        .target(name: "PtyShim"),  // test-only ioctl shim, see above

        // MARK: - Layer 0 — foundations
        module("Geodesy"),  // coordinates, bearings, distances, speed limits, polylines, polyline5/6 codec
        module("Timekeeping"),  // Timestamp (UTC, ISO 8601 ms) and the TimeSource protocol
        module("JSON"),  // one ordered JSON value, the parser (line/column errors), the streaming writer
        module("SystemIO", ["CSerialPort", "CWaygateSys", "Timekeeping"]),  // typed syscalls, termios, sockets, ptys, wall clock
        module("XMLScanning"),  // byte-level XML pull scanner with line numbers (GPX, OSM XML)
        module("Jobs"),  // JobRunner: independent jobs on the threads the runtime layer gives (serial by default)

        // MARK: - Layer 1 — domain values and wire formats
        module("Positioning", ["Geodesy", "Timekeeping"]),  // Fix, SkyView, SourceID, DeviceState
        module("RouteModel", ["Geodesy"]),  // Route, RouteLeg, RouteStep, Maneuver, instructions
        module("RoadGraph", ["Geodesy"]),  // immutable road network, spatial index, binary cache
        module("NMEA", ["Geodesy", "Timekeeping", "JSON", "Positioning"]),  // NMEA 0183 framing, sentences, FixAssembler, encoder
        module("GPSDProtocol", ["Geodesy", "Timekeeping", "JSON", "Positioning", "NMEA"]),  // gpsd JSON (TPV, SKY, VERSION, WATCH…)
        module("RouteFormats", ["Geodesy", "Timekeeping", "JSON", "XMLScanning", "Positioning", "RouteModel"]),  // OSRM/Mapbox/Valhalla JSON, GPX, GeoJSON, JSONL
        module("WireProtocol", ["Geodesy", "Timekeeping", "JSON"]),  // Waygate's JSON-lines messages

        // MARK: - Layer 2 — algorithms
        module("OSMImport", ["CZlib", "Geodesy", "XMLScanning", "Jobs", "RoadGraph"]),  // .osm.pbf / .osm XML → RoadGraph via TagPolicy
        module("Guidance", ["Geodesy", "XMLScanning", "RouteModel", "RoadGraph"]),  // RoadPath → steps, banners, voice
        module("Routing", ["Geodesy", "Jobs", "RoadGraph"]),  // RoutePlanner: snap, search, alternatives
        module("MapMatching", ["Geodesy", "Timekeeping", "Positioning", "RoadGraph", "Routing"]),  // HMM matching, live and offline
        module("Navigation", ["Geodesy", "Timekeeping", "Positioning", "RouteModel"]),  // progress, off-route, session, camera
        module("Simulation", ["Geodesy", "Timekeeping", "JSON", "Positioning", "RouteModel"]),  // RouteSimulator, noise, sky
        module("Render", ["CCairo", "Geodesy", "XMLScanning", "RouteModel", "RoadGraph"]),  // SVG and PNG (cairo) pictures of routes, traces, matches

        // MARK: - Layer 3 — runtime
        module("LocationSources", ["CGPS", "Geodesy", "Timekeeping", "SystemIO", "Positioning", "RouteModel", "NMEA", "Simulation"]),
        module("Gateway", ["Geodesy", "Timekeeping", "SystemIO", "Jobs", "Positioning", "RouteModel", "RoadGraph", "OSMImport", "Guidance", "Routing", "MapMatching", "Navigation", "Simulation", "LocationSources"]),
        module("DriverAlerts", ["CEspeakNG", "CSystemdBus", "SystemIO", "Positioning", "RouteModel", "Navigation", "Gateway"]),  // spoken instructions (espeak-ng) and desktop notifications (sd-bus)

        // MARK: - Layer 4 — servers
        module("Servers", ["Geodesy", "Timekeeping", "JSON", "SystemIO", "Positioning", "RouteModel", "RoadGraph", "NMEA", "GPSDProtocol", "RouteFormats", "WireProtocol", "MapMatching", "Navigation", "Simulation", "LocationSources", "Gateway"]),
        module("HTTPOutlet", ["CZlib", "CMicroHTTPD", "Geodesy", "JSON", "SystemIO", "RoadGraph", "WireProtocol", "Servers"]),  // live map: page, /roads GeoJSON, SSE events, POST /command
        module("MQTTOutlet", ["CMosquitto", "JSON", "SystemIO", "WireProtocol", "Servers"]),  // wire lines to an MQTT broker (libmosquitto), commands back
        module("Fleet", ["Geodesy", "Timekeeping", "JSON", "SystemIO", "Positioning", "RouteModel", "RoadGraph", "WireProtocol", "Routing", "MapMatching", "Navigation", "Simulation", "Gateway", "Servers", "MQTTOutlet"]),  // many simulated vehicles sharded over the cores, publishing over MQTT

        // MARK: - Layer 5 — command line
        module("WaygateCLI", ["Geodesy", "Timekeeping", "JSON", "SystemIO", "Positioning", "RouteModel", "RoadGraph", "NMEA", "GPSDProtocol", "RouteFormats", "WireProtocol", "OSMImport", "Routing", "MapMatching", "Simulation", "Render", "LocationSources", "Gateway", "DriverAlerts", "Servers", "HTTPOutlet", "MQTTOutlet", "Fleet"]),
        .executableTarget(
            name: "waygate", dependencies: ["WaygateCLI"], exclude: ["hot-path.order"], swiftSettings: swiftSettings,
            // Release: the Swift runtime and Foundation linked in, so a short `waygate decode` or
            // `waygate route` does not spend its start-up binding ~70 shared libraries; and the
            // functions a receiver's cycle runs (hot-path.order, from callgrind) packed together,
            // so a cycle at 10 Hz, which starts with cold caches, touches 56 code pages, not 176
            // (docs/benchmarks.md).
            linkerSettings: [.unsafeFlags(
                ["-static-stdlib", "-Xlinker", "--start-group", "-lFoundation", "-lFoundationInternationalization",
                 "-lFoundationEssentials", "-l_FoundationCollections", "-lCoreFoundation", "-l_FoundationICU",
                 "-l_FoundationCShims", "-Xlinker", "--end-group",
                 "-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/Sources/waygate/hot-path.order"],
                .when(configuration: .release))]),
        .executableTarget(
            name: "waygate-bench", dependencies: ["Geodesy", "Timekeeping", "JSON", "SystemIO", "Positioning", "RouteModel", "RoadGraph", "NMEA", "GPSDProtocol", "RouteFormats", "WireProtocol", "OSMImport", "Routing", "MapMatching", "Navigation", "Simulation", "LocationSources", "Gateway", "Servers", "MQTTOutlet", "Fleet"],
            path: "Sources/WaygateBenchmarks", swiftSettings: swiftSettings),
        // libFuzzer targets (make fuzz): NMEA, route readers, GPX, OSM import, map caches, routing tables, socket requests, JSON.
        .executableTarget(
            name: "waygate-fuzz", dependencies: ["Geodesy", "GPSDProtocol", "JSON", "NMEA", "RouteFormats", "OSMImport", "RoadGraph", "Routing", "WireProtocol", "CFuzzerDriver"],
            path: "Sources/WaygateFuzz", swiftSettings: swiftSettings),

        // MARK: - Tests
        .target(name: "TestSupport", dependencies: ["Geodesy", "JSON", "XMLScanning", "SystemIO", "WireProtocol", "Servers"], path: "Tests/TestSupport", swiftSettings: swiftSettings),
        tests("Geodesy"), tests("JSON", ["Simulation"]), tests("Timekeeping"), tests("SystemIO"), tests("XMLScanning"), tests("Positioning", ["Geodesy"]),
        tests("NMEA", ["Geodesy", "Timekeeping", "Positioning", "Simulation"]), tests("GPSDProtocol", ["Timekeeping", "JSON", "Positioning", "NMEA"]), tests("RouteFormats", ["Geodesy", "Timekeeping", "JSON", "Positioning", "RouteModel"]),
        tests("WireProtocol", ["Geodesy", "Timekeeping", "JSON", "Simulation"]), tests("OSMImport", ["Geodesy", "RoadGraph"]), tests("RoadGraph", ["Geodesy", "OSMImport"]), tests("Routing", ["Geodesy", "Jobs", "RoadGraph", "OSMImport", "Simulation"]),
        tests("Guidance", ["Geodesy", "RouteModel", "RoadGraph", "OSMImport", "Routing"]),
        tests("MapMatching", ["Geodesy", "Timekeeping", "Positioning", "RoadGraph", "OSMImport", "Routing", "Simulation"]), tests("Navigation", ["Geodesy", "Timekeeping", "Positioning", "RouteModel"]), tests("Simulation", ["Geodesy", "Timekeeping", "Positioning", "RouteModel"]),
        tests("LocationSources", ["Geodesy", "Timekeeping", "SystemIO", "Positioning", "RouteModel", "NMEA", "RouteFormats", "Simulation"]), tests("Servers", ["Geodesy", "Timekeeping", "JSON", "SystemIO", "Positioning", "RouteModel", "RouteFormats", "WireProtocol", "OSMImport", "Navigation", "Simulation", "LocationSources", "Gateway"]), tests("WaygateCLI", ["Geodesy", "Timekeeping", "JSON", "SystemIO", "Positioning", "RouteModel", "RoadGraph", "MapMatching", "NMEA", "GPSDProtocol", "RouteFormats", "WireProtocol", "Routing", "Navigation", "Simulation", "Gateway", "Servers"]),
        tests("DriverAlerts", ["CSystemdBus", "Geodesy", "Timekeeping", "JSON", "SystemIO", "Positioning", "RouteModel", "WireProtocol", "Navigation", "Gateway"]),
        tests("Render", ["CCairo", "Geodesy", "RouteModel", "RoadGraph", "RouteFormats", "OSMImport"]),
        tests("HTTPOutlet", ["CZlib", "Geodesy", "SystemIO", "RoadGraph", "WireProtocol", "OSMImport", "Servers"]),
        tests("MQTTOutlet", ["JSON", "SystemIO", "WireProtocol", "Servers"]),
        tests("Fleet", ["Geodesy", "Timekeeping", "OSMImport", "Gateway", "MQTTOutlet", "WireProtocol"]),
    ],
    swiftLanguageModes: [.v6]
)
