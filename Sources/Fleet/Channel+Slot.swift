import WireProtocol

extension Channel {
    /// The concrete channels in slot order: `slotted[c.slot] == c`.
    static let slotted = Channel.concrete

    /// This channel's index in `slotted`, for per-channel arrays read per event without hashing.
    /// `all`, which no event carries, shares the last slot.
    var slot: Int {
        switch self {
        case .location: 0
        case .sky: 1
        case .nmea: 2
        case .match: 3
        case .progress: 4
        case .instructions: 5
        case .guidance: 6
        case .session: 7
        case .camera: 8
        case .device, .all: 9
        }
    }
}
