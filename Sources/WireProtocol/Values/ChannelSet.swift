/// A set of channels, one bit each. Outlets test it for every line they send and every client
/// they send it to, so membership is a mask, not a hash (a `Set<Channel>` lookup cost ~500
/// instructions, hashing included). Inserting `all` inserts every concrete channel; iterating
/// gives the channels in protocol order.
public struct ChannelSet: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
    private var bits: UInt16 = 0

    /// No channel.
    public init() {}

    /// These channels (`all` standing for every concrete one).
    public init(_ channels: some Sequence<Channel>) {
        for channel in channels { insert(channel) }
    }

    public init(arrayLiteral channels: Channel...) { self.init(channels) }

    /// Every concrete channel.
    public static let every = ChannelSet(Channel.concrete)

    /// Whether `channel` is in the set; for `all`, whether every concrete channel is.
    public func contains(_ channel: Channel) -> Bool { bits & Self.mask(of: channel) == Self.mask(of: channel) }

    /// Adds `channel` (every concrete channel for `all`).
    public mutating func insert(_ channel: Channel) { bits |= Self.mask(of: channel) }

    /// Removes `channel` (every channel for `all`).
    public mutating func remove(_ channel: Channel) { bits &= ~Self.mask(of: channel) }

    /// Adds every channel of `other`.
    public mutating func formUnion(_ other: ChannelSet) { bits |= other.bits }

    /// The channels of either set.
    public func union(_ other: ChannelSet) -> ChannelSet {
        var union = self
        union.formUnion(other)
        return union
    }

    /// The channels of this set that are not in `other`.
    public func subtracting(_ other: ChannelSet) -> ChannelSet {
        var difference = self
        difference.bits &= ~other.bits
        return difference
    }

    /// Whether no channel is in the set.
    public var isEmpty: Bool { bits == 0 }

    /// How many channels are in the set.
    public var count: Int { bits.nonzeroBitCount }

    /// The channels in protocol order (`Channel.concrete`'s).
    public func makeIterator() -> IndexingIterator<[Channel]> { Channel.concrete.filter(contains).makeIterator() }

    /// One bit per concrete channel, in protocol order; `all` has them all.
    private static func mask(of channel: Channel) -> UInt16 {
        switch channel {
        case .location: 1 << 0
        case .sky: 1 << 1
        case .nmea: 1 << 2
        case .match: 1 << 3
        case .progress: 1 << 4
        case .instructions: 1 << 5
        case .guidance: 1 << 6
        case .session: 1 << 7
        case .camera: 1 << 8
        case .device: 1 << 9
        case .all: (1 << 10) - 1
        }
    }
}
