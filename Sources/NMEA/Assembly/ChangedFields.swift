/// What one sentence changed, as gpsd's `*_SET` / `*_IS` mask bits.
public struct ChangedFields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let online = ChangedFields(rawValue: 1 << 0)
    public static let time = ChangedFields(rawValue: 1 << 1)
    public static let latLon = ChangedFields(rawValue: 1 << 2)
    public static let altitude = ChangedFields(rawValue: 1 << 3)
    public static let speed = ChangedFields(rawValue: 1 << 4)
    public static let track = ChangedFields(rawValue: 1 << 5)
    public static let magneticTrack = ChangedFields(rawValue: 1 << 6)
    public static let mode = ChangedFields(rawValue: 1 << 7)
    public static let status = ChangedFields(rawValue: 1 << 8)
    public static let dop = ChangedFields(rawValue: 1 << 9)
    public static let satellites = ChangedFields(rawValue: 1 << 10)
    public static let used = ChangedFields(rawValue: 1 << 11)
    public static let noise = ChangedFields(rawValue: 1 << 12)
    public static let horizontalError = ChangedFields(rawValue: 1 << 16)
    public static let verticalError = ChangedFields(rawValue: 1 << 17)
    public static let attitude = ChangedFields(rawValue: 1 << 13)
    /// The sentence starts a new reporting cycle (gpsd `CLEAR_IS`).
    public static let clear = ChangedFields(rawValue: 1 << 14)
    /// The sentence ends a reporting cycle (gpsd `REPORT_IS`).
    public static let report = ChangedFields(rawValue: 1 << 15)
}
