/// How far an import has got, for a progress line on a terminal.
public struct ImportProgress: Hashable, Sendable, CustomStringConvertible {
    /// The import phases in order.
    public enum Phase: String, Sendable {
        /// Reading the file's ways (and restriction relations).
        case ways
        /// Reading the positions of the nodes the ways use.
        case nodes
        /// Cutting ways into edges.
        case building
        /// Building adjacency and the spatial index.
        case indexing
        /// Building the car routing hierarchy (the map store's step after an import).
        case contracting
        /// Writing the map cache (the map store's last step).
        case writing

        /// What the phase does, for a progress line: `reading ways`, `building hierarchy`…
        public var label: String {
            switch self {
            case .ways: "reading ways"
            case .nodes: "reading nodes"
            case .building: "building graph"
            case .indexing: "indexing graph"
            case .contracting: "building hierarchy"
            case .writing: "writing cache"
            }
        }
    }

    /// The current phase.
    public var phase: Phase
    /// Fraction of the phase done, 0…1.
    public var fraction: Double

    /// A progress report.
    public init(phase: Phase, fraction: Double) {
        self.phase = phase
        self.fraction = fraction
    }

    /// A short human-readable form, for logs and error messages.
    public var description: String { "\(phase.label) \(Int((fraction * 100).rounded()))%" }
}
