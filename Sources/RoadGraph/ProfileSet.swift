/// A set of travel profiles, one bit each (see `TravelProfile.bit`).
public struct ProfileSet: OptionSet, Hashable, Sendable {
    /// The bit pattern.
    public let rawValue: UInt8
    /// A set from its bit pattern.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The set holding exactly `profile`.
    public init(_ profile: TravelProfile) { self.init(rawValue: profile.bit) }

    /// Cars.
    public static let car = ProfileSet(.car)
    /// Bicycles.
    public static let bike = ProfileSet(.bike)
    /// Pedestrians.
    public static let foot = ProfileSet(.foot)
    /// All three profiles.
    public static let all: ProfileSet = [.car, .bike, .foot]

    /// Whether `profile` is in the set.
    public func contains(_ profile: TravelProfile) -> Bool { rawValue & profile.bit != 0 }
}
