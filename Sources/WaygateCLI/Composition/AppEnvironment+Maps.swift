import Foundation
import Gateway
import RoadGraph

extension AppEnvironment {
    /// The road graph of the map at `path` with its routing hierarchies, from its cache when valid;
    /// a long import shows its progress on standard error when that is a terminal.
    /// - Throws: `GatewayError` naming the file when it is missing, truncated or not a map.
    func loadMap(_ path: String) throws -> MapStore.LoadedMap {
        let showProgress = isatty(STDERR_FILENO) == 1
        var shown = false
        let loaded = try MapStore(environment: variables).load(path) { progress in
            guard showProgress else { return }
            shown = true
            Console.progress("\rbuilding \(path): \(progress)   ")
        }
        if shown { Console.progress("\n") }
        return loaded
    }
}
