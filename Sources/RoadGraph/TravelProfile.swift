/// A way of travelling the road network, each with its own access rules and speeds.
public enum TravelProfile: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Motor car, bicycle, pedestrian.
    case car, bike, foot

    /// The bit of this profile in a `ProfileSet`.
    public var bit: UInt8 { 1 << UInt8(index) }

    /// The index 0…2 of this profile, for per-profile arrays.
    public var index: Int {
        switch self {
        case .car: 0
        case .bike: 1
        case .foot: 2
        }
    }

    /// A short human-readable form, for logs and error messages.
    public var description: String { rawValue }
}
