/// How far an import has got, for a progress line on a terminal.
public struct ImportProgress: Hashable, Sendable, CustomStringConvertible {
    /// The import phases in order.
    public enum Phase: String, Sendable {
        /// Decoding the file.
        case reading
        /// Cutting ways into edges.
        case building
        /// Building adjacency and the spatial index.
        case indexing
        /// Building the car routing hierarchy (the map store's step after an import).
        case contracting
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
    public var description: String { "\(phase.rawValue) \(Int((fraction * 100).rounded()))%" }
}
