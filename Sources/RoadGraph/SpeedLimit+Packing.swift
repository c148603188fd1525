public import Geodesy

extension SpeedLimit {
    /// A 16-bit packing for the binary graph: 0 = none tagged, 0x7FFF = unlimited, bit 15 = mph,
    /// the rest the whole number on the sign.
    public static func unpack(_ raw: UInt16) -> SpeedLimit? {
        switch raw {
        case 0: nil
        case 0x7FFF: .unlimited
        default: raw & 0x8000 != 0 ? .milesPerHour(Int(raw & 0x7FFF)) : .kilometersPerHour(Int(raw))
        }
    }

    /// The 16-bit packing of an optional limit (see `unpack`); the value is rounded to a whole number.
    public static func pack(_ limit: SpeedLimit?) -> UInt16 {
        guard let limit else { return 0 }
        if limit.isUnlimited { return 0x7FFF }
        let number = UInt16(clamping: min(Int(max(0, limit.value).rounded()), 0x7FFE))
        return limit.isImperial ? 0x8000 | number : number
    }
}
