import Foundation

/// An OSM extract laid out N×N times and joined by roads (`scripts/tile_map.py`, which needs
/// Debian's python3-pyosmium), made under a temporary directory for scaling tests.
public struct TiledMap: Sendable {
    /// The tiled .osm.pbf.
    public let path: String
    /// How far north and east each copy is from the previous one, degrees (copy (row, col) is the
    /// original moved by row × `latitudeStep`, col × `longitudeStep`).
    public let latitudeStep: Double, longitudeStep: Double

    /// Whether Debian's python3 has pyosmium (tests needing a tiled map are skipped without it).
    public static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
            let child = try? ChildProcess("/usr/bin/python3", ["-c", "import osmium"])
        else { return false }
        return (child.wait(timeout: 30) ?? child.stop()) == 0
    }()

    /// Tiles `source` (a repository path like `traces/maps/helsinki.osm.pbf`) `n`×`n` times into `output`.
    public static func make(_ source: String, _ n: Int, into output: String) throws -> TiledMap {
        let log = output + ".log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/tile_map.py").path
        let input = Fixtures.repositoryRoot.appendingPathComponent(source).path
        let child = try ChildProcess("/usr/bin/python3", [script, input, "\(n)", output], stdout: log, stderr: log)
        let status = child.wait(timeout: 120) ?? child.stop()
        let printed = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // "... copy (row, col) = IN + (row * 0.0123 deg lat, col * 0.0456 deg lon)"
        let numbers = printed.split(separator: "*").dropFirst().compactMap { $0.split(separator: " ").first.flatMap { Double($0) } }
        guard status == 0, numbers.count == 2 else {
            throw NSError(domain: "TiledMap", code: 1, userInfo: [NSLocalizedDescriptionKey: "tile_map.py failed (\(status ?? -1)): \(printed)"])
        }
        return TiledMap(path: output, latitudeStep: numbers[0], longitudeStep: numbers[1])
    }
}
