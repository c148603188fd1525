import Geodesy
import RoadGraph

/// One hypothesis for a fix: the vehicle is on this directed edge at this point, with the cost
/// (negative log-likelihood) of the fix given that position and direction.
public struct Candidate: Sendable, Hashable {
    /// Where the fix projects on the directed edge (point, distance, fraction along, bearing).
    public var snap: EdgeSnap
    /// Emission cost: distance and heading disagreement as a negative log-probability.
    public var emissionCost: Double

    /// A candidate from its snap and emission cost.
    public init(snap: EdgeSnap, emissionCost: Double) {
        self.snap = snap
        self.emissionCost = emissionCost
    }

    /// The directed edge.
    public var edge: EdgeID { snap.edge }
}
