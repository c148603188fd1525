import Foundation
import Gateway
import RoadGraph

extension AppEnvironment {
    /// The road graph of the map at `path`, from its cache when valid; a long import shows its
    /// progress on standard error when that is a terminal.
    /// - Throws: `GatewayError` naming the file when it is missing, truncated or not a map.
    func loadMap(_ path: String) throws -> RoadGraph {
        let showProgress = isatty(STDERR_FILENO) == 1
        let loaded = try MapStore(environment: variables).load(path) { progress in
            if showProgress { Console.progress("\rbuilding \(path): \(progress)   ") }
        }
        if showProgress && loaded.origin == .imported { Console.progress("\n") }
        return loaded.graph
    }
}
