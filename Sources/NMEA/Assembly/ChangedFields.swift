/// What one sentence changed, as gpsd's `*_SET` / `*_IS` mask bits.
public struct ChangedFields: OptionSet, Sendable, Hashable {
    /// The raw mask bits.
    public let rawValue: UInt32
    /// A mask from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The sentence changed `online` (gpsd's matching mask bit).
    public static let online = ChangedFields(rawValue: 1 << 0)
    /// The sentence changed `time` (gpsd's matching mask bit).
    public static let time = ChangedFields(rawValue: 1 << 1)
    /// The sentence changed `latLon` (gpsd's matching mask bit).
    public static let latLon = ChangedFields(rawValue: 1 << 2)
    /// The sentence changed `altitude` (gpsd's matching mask bit).
    public static let altitude = ChangedFields(rawValue: 1 << 3)
    /// The sentence changed `speed` (gpsd's matching mask bit).
    public static let speed = ChangedFields(rawValue: 1 << 4)
    /// The sentence changed `track` (gpsd's matching mask bit).
    public static let track = ChangedFields(rawValue: 1 << 5)
    /// The sentence changed `magneticTrack` (gpsd's matching mask bit).
    public static let magneticTrack = ChangedFields(rawValue: 1 << 6)
    /// The sentence changed `mode` (gpsd's matching mask bit).
    public static let mode = ChangedFields(rawValue: 1 << 7)
    /// The sentence changed `status` (gpsd's matching mask bit).
    public static let status = ChangedFields(rawValue: 1 << 8)
    /// The sentence changed `dop` (gpsd's matching mask bit).
    public static let dop = ChangedFields(rawValue: 1 << 9)
    /// The sentence changed `satellites` (gpsd's matching mask bit).
    public static let satellites = ChangedFields(rawValue: 1 << 10)
    /// The sentence changed `used` (gpsd's matching mask bit).
    public static let used = ChangedFields(rawValue: 1 << 11)
    /// The sentence changed `noise` (gpsd's matching mask bit).
    public static let noise = ChangedFields(rawValue: 1 << 12)
    /// The sentence changed `horizontalError` (gpsd's matching mask bit).
    public static let horizontalError = ChangedFields(rawValue: 1 << 16)
    /// The sentence changed `verticalError` (gpsd's matching mask bit).
    public static let verticalError = ChangedFields(rawValue: 1 << 17)
    /// The sentence carried the receiver's own error estimates (eph, epv, eps, epd).
    public static let errorEstimates = ChangedFields(rawValue: 1 << 18)
    /// The sentence changed the spherical position error `sep` (gpsd `PERR_IS`).
    public static let sphericalError = ChangedFields(rawValue: 1 << 19)
    /// The sentence changed the north, east and down velocity (gpsd `VNED_SET`).
    public static let velocityNED = ChangedFields(rawValue: 1 << 20)
    /// The sentence changed `attitude` (gpsd's matching mask bit).
    public static let attitude = ChangedFields(rawValue: 1 << 13)
    /// The sentence changed the wind (gpsd `NAVDATA_SET`: MWD, MWV).
    public static let navigation = ChangedFields(rawValue: 1 << 20)
    /// The sentence starts a new reporting cycle (gpsd `CLEAR_IS`).
    public static let clear = ChangedFields(rawValue: 1 << 14)
    /// The sentence ends a reporting cycle (gpsd `REPORT_IS`).
    public static let report = ChangedFields(rawValue: 1 << 15)
}
