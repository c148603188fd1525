import RoadGraph

/// A kind of road a route may be asked to avoid (the `avoid` request option).
public enum AvoidOption: String, Sendable, CaseIterable {
    /// Tolled roads, ferry crossings, motorways and their ramps.
    case toll, ferry, motorway

    /// The option named `name`.
    /// - Throws: `RoutingError.unknownAvoidOption` for any other name.
    public static func named(_ name: String) throws(RoutingError) -> AvoidOption {
        guard let option = AvoidOption(rawValue: name) else { throw .unknownAvoidOption(name) }
        return option
    }

    /// Whether `edge` is excluded by this option.
    func excludes(_ edge: RoadEdge) -> Bool {
        switch self {
        case .toll: edge.flags.contains(.toll)
        case .ferry: edge.flags.contains(.ferry)
        case .motorway: edge.roadClass.isMotorway
        }
    }
}
