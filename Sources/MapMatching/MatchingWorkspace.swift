/// Working memory for `OnlineMatcher.match(_:using:)`: the per-node arrays of the network search
/// between candidates, sized to the graph at the first search and reused by every matcher it is
/// lent to. Nothing carries over from one match to the next, so any number of matchers (on any
/// graph) may share one; it is a value, so one per thread.
public struct MatchingWorkspace: Sendable {
    var buffers = NetworkSearch.Buffers()

    /// An empty workspace (it allocates at its first search).
    public init() {}
}
