/// Counters of what an `NMEAStreamDecoder` has seen.
public struct NMEAStatistics: Sendable, Codable, Hashable {
    /// Sentences accepted (checksum valid or absent) and passed on.
    public var sentences = 0
    /// Sentences dropped for a checksum mismatch.
    public var badChecksum = 0
    /// Bytes thrown away by the framer (garbage, noise, abandoned or overlong sentences).
    public var discardedBytes = 0
    /// Sentences dropped for exceeding the length limit.
    public var overlong = 0
    /// Accepted sentences of a type Waygate does not decode, or malformed ones.
    public var unrecognized = 0
    /// Impossible values dropped instead of passed on (see `PlausibleRange`): latitudes past
    /// 90°, non-finite or out-of-range numbers, courses outside 0–360°, negative speeds, dates
    /// a month does not have. The rest of their sentence is still used.
    public var rejectedValues = 0
    /// Position reports emitted.
    public var fixes = 0
    /// Sky views emitted.
    public var skyViews = 0

    /// All counters zero.
    public init() {}
}
