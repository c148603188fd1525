import RoadGraph

/// The road graph's speed limit (an enum kept in its tagged unit); named apart from RouteModel's
/// `SpeedLimit` because the module `RoadGraph` is shadowed by its type of the same name.
typealias GraphSpeedLimit = SpeedLimit
