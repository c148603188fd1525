import Gateway
import Geodesy
import MapMatching
import RoadGraph
import Routing

/// What every vehicle of a run shares, read-only: the router, the map's nodes, a matcher to
/// copy (its edge index is built once), and the options.
struct FleetContext: Sendable {
    let router: MapRouter
    let nodes: MappedArray<Coordinate>
    let matcher: OnlineMatcher
    let options: FleetOptions

    init(router: MapRouter, options: FleetOptions) {
        self.router = router
        nodes = router.planner.graph.nodes
        matcher = OnlineMatcher(graph: router.planner.graph)
        self.options = options
    }
}
