import Foundation

/// Locates files of the repository from tests, independent of the working directory.
public enum Fixtures {
    /// The repository root (the folder holding Package.swift).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Tests/<target>/Fixtures/<name>`.
    public static func url(_ name: String, target: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/\(target)/Fixtures/\(name)")
    }

    /// A file under `traces/`, e.g. `maps/helsinki.osm.pbf`.
    public static func trace(_ path: String) -> URL {
        repositoryRoot.appendingPathComponent("traces/\(path)")
    }

    /// The built `waygate` executable next to the test bundle (debug or release).
    public static var waygateExecutable: URL {
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
        for dir in [bundle, repositoryRoot.appendingPathComponent(".build/debug")] {
            let candidate = dir.appendingPathComponent("waygate")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return repositoryRoot.appendingPathComponent(".build/debug/waygate")
    }
}
