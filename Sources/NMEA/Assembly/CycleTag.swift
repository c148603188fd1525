/// The sentence types the end-of-cycle detector tells apart (gpsd keeps their names; a small
/// integer each here, so learning and checking a cycle ender hashes nothing).
enum CycleTag: UInt8, Sendable {
    case gga, rmc, gll, gns, gsa, gsv, vtg, zda, gst, gbs, hdt, psrfepe, pgrme, pgrmf, pgrmz, pgrmm, pmgnst, psti, txt
    case dbt, hdg, mwd, mwv, dtm

    /// A set of tags, one bit each.
    struct Set: Sendable, Equatable {
        private var bits: UInt32 = 0

        /// Whether no tag is in the set.
        var isEmpty: Bool { bits == 0 }

        /// Whether `tag` is in the set.
        func contains(_ tag: CycleTag) -> Bool { bits & (1 << tag.rawValue) != 0 }

        /// Adds `tag`.
        mutating func insert(_ tag: CycleTag) { bits |= 1 << tag.rawValue }

        /// Removes `tag`.
        mutating func remove(_ tag: CycleTag) { bits &= ~(1 << tag.rawValue) }
    }
}
