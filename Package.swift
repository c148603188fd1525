// swift-tools-version:6.0
// Waygate: a GPS gateway for Linux navigation. Targets are listed bottom-up by layer;
// each one-line comment matches the module map in README.md.
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

/// A Swift module of Waygate with its dependencies.
func module(_ name: String, _ deps: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: deps, swiftSettings: swiftSettings)
}

/// The test target of a module: `<Module>Tests`, with fixtures under `Fixtures/`.
func tests(_ name: String, _ deps: [Target.Dependency] = []) -> Target {
    .testTarget(
        name: "\(name)Tests", dependencies: [.byName(name: name), "TestSupport"] + deps,
        exclude: [], resources: [], swiftSettings: swiftSettings)
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
        .systemLibrary(name: "CFuzzerDriver"),  // libFuzzer's LLVMFuzzerRunDriver, declared for waygate-fuzz
        .target(name: "CWaygateSys"),  // _GNU_SOURCE calls Swift's Glibc cannot see (SO_PEERCRED, accept4)
        .target(name: "PtyShim"),  // test-only ioctl shim, see above

        // MARK: - Layer 0 — foundations
        module("Geodesy"),  // coordinates, bearings, distances, polylines, polyline5/6 codec
        module("Timekeeping"),  // Timestamp (UTC, ISO 8601 ms) and the TimeSource protocol
        module("XMLScanning"),  // byte-level XML pull scanner with line numbers (GPX, OSM XML)
        module("SystemIO", ["Timekeeping", "CWaygateSys", "CSerialPort"]),  // typed syscalls, termios, sockets, ptys, wall clock

        // MARK: - Layer 1 — domain values and wire formats
        module("Positioning", ["Geodesy", "Timekeeping"]),  // Fix, SkyView, SourceID, DeviceState
        module("RouteModel", ["Geodesy"]),  // Route, RouteLeg, RouteStep, Maneuver, instructions
        module("RoadGraph", ["Geodesy"]),  // immutable road network, spatial index, binary cache
        module("NMEA", ["Positioning", "Geodesy", "Timekeeping"]),  // NMEA 0183 framing, sentences, FixAssembler, encoder
        module("GPSDProtocol", ["Positioning", "NMEA"]),  // gpsd JSON (TPV, SKY, VERSION, WATCH…)
        module("RouteFormats", ["RouteModel", "Geodesy", "Positioning", "Timekeeping", "XMLScanning"]),  // OSRM/Mapbox/Valhalla JSON, GPX, GeoJSON, JSONL
        module("WireProtocol", ["RouteFormats", "Positioning", "Timekeeping"]),  // Waygate's JSON-lines messages

        // MARK: - Layer 2 — algorithms
        module("OSMImport", ["RoadGraph", "Geodesy", "CZlib", "XMLScanning"]),  // .osm.pbf / .osm XML → RoadGraph via TagPolicy
        module("Guidance", ["RoadGraph", "RouteModel"]),  // RoadPath → steps, banners, voice
        module("Routing", ["Guidance", "RoadGraph", "RouteModel"]),  // RoutePlanner: snap, search, alternatives
        module("MapMatching", ["Routing", "RoadGraph", "Positioning"]),  // HMM matching, live and offline
        module("Navigation", ["RouteModel", "Positioning", "Geodesy", "Timekeeping"]),  // progress, off-route, session, camera
        module("Simulation", ["RouteModel", "Positioning", "Geodesy", "Timekeeping"]),  // RouteSimulator, noise, sky

        // MARK: - Layer 3 — runtime
        module("LocationSources", ["NMEA", "GPSDProtocol", "RouteFormats", "Simulation", "SystemIO", "Timekeeping", "CGPS"]),
        module("Gateway", ["LocationSources", "Routing", "MapMatching", "Navigation", "Simulation", "OSMImport", "RouteFormats", "Timekeeping"]),

        // MARK: - Layer 4 — servers
        module("Servers", ["Gateway", "WireProtocol", "GPSDProtocol", "SystemIO"]),

        // MARK: - Layer 5 — command line
        module("WaygateCLI", ["Servers", "Gateway", "WireProtocol", "RouteFormats", "NMEA", "GPSDProtocol", "Timekeeping", "SystemIO", "OSMImport", "Routing"]),
        .executableTarget(name: "waygate", dependencies: ["WaygateCLI"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "waygate-bench", dependencies: ["NMEA", "GPSDProtocol", "OSMImport", "Routing", "Simulation", "MapMatching", "SystemIO", "Servers", "Gateway", "LocationSources", "WireProtocol", "Timekeeping"],
            path: "Sources/WaygateBenchmarks", swiftSettings: swiftSettings),
        // libFuzzer targets (make fuzz): NMEA, route readers, GPX, OSM import, map caches.
        .executableTarget(
            name: "waygate-fuzz", dependencies: ["NMEA", "RouteFormats", "OSMImport", "RoadGraph", "Routing", "CFuzzerDriver"],
            path: "Sources/WaygateFuzz", swiftSettings: swiftSettings),

        // MARK: - Tests
        .target(name: "TestSupport", dependencies: ["SystemIO", "Timekeeping", "WireProtocol", "Geodesy"], path: "Tests/TestSupport", swiftSettings: swiftSettings),
        tests("Geodesy"), tests("Timekeeping"), tests("SystemIO"), tests("Positioning"),
        tests("NMEA"), tests("GPSDProtocol"), tests("RouteFormats", ["RouteModel", "Geodesy", "Positioning", "Timekeeping"]),
        tests("WireProtocol"), tests("OSMImport"), tests("RoadGraph", ["OSMImport"]), tests("Routing", ["OSMImport"]),
        tests("Guidance", ["RouteModel", "Geodesy", "OSMImport", "Routing"]),
        tests("MapMatching", ["OSMImport"]), tests("Navigation"), tests("Simulation"),
        tests("LocationSources"), tests("Servers"), tests("WaygateCLI"),
    ],
    swiftLanguageModes: [.v6]
)
