/// A turn restriction between two edges meeting at a node (OSM `type=restriction` with a via node).
public struct TurnRestriction: Hashable, Sendable {
    /// Whether the restriction forbids one turn (`no_*`) or forbids all but one (`only_*`).
    public enum Kind: UInt8, Sendable {
        /// `no_left_turn`, `no_u_turn`, …: the turn from `from` to `to` is forbidden.
        case prohibitive
        /// `only_straight_on`, …: coming from `from`, `to` is the only allowed continuation.
        case mandatory
    }

    /// The edge arriving at the via node.
    public var from: EdgeID
    /// The via node.
    public var via: NodeID
    /// The edge leaving the via node.
    public var to: EdgeID
    /// Prohibitive or mandatory.
    public var kind: Kind
    /// The profiles the restriction applies to (usually cars; `except=*` removes some).
    public var profiles: ProfileSet

    /// A restriction from its parts.
    public init(from: EdgeID, via: NodeID, to: EdgeID, kind: Kind, profiles: ProfileSet) {
        self.from = from
        self.via = via
        self.to = to
        self.kind = kind
        self.profiles = profiles
    }
}
