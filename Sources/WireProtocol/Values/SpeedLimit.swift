/// A posted speed limit as the road sign shows it: `value` in `unit` (`km/h` or `mph`).
public struct SpeedLimit: Sendable, Hashable, Codable {
    /// The number on the sign.
    public var value: Double
    /// `km/h` or `mph`.
    public var unit: String

    /// A limit of `value` `unit`.
    public init(value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }

    enum CodingKeys: String, CodingKey {
        case value, unit
    }
}

extension SpeedLimit: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("unit", unit)
        object.member("value", value)
    }
}
