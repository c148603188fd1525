/// The ranges outside which a value a receiver sends cannot be real. A field outside its
/// range, or present but not a number (`nan`, `inf`, `1e400`, text), is dropped as if empty
/// and counted in `NMEAStatistics.rejectedValues`, so no impossible value reaches a fix
/// (gpsd drops non-finite positions the same way; Waygate also drops the rest).
public enum PlausibleRange {
    /// Speed over ground, knots: 0 to 2,000 (civil receivers stop at 1,000 knots, the COCOM limit).
    public static let speedKnots: ClosedRange<Double> = 0...2_000
    /// Speed over ground, km/h: the same limit as `speedKnots`.
    public static let speedKmh: ClosedRange<Double> = 0...3_704
    /// Courses and headings, degrees true or magnetic: 0 to 360.
    public static let course: ClosedRange<Double> = 0...360
    /// The orientation of an error ellipse (GST), degrees: −360 to 360 (receivers write it from
    /// north either way, SkyTraq as −90 to 90; gpsd prints it as given).
    public static let orientation: ClosedRange<Double> = -360...360
    /// Magnetic variation, degrees either way: 0 to 180.
    public static let magneticVariation: ClosedRange<Double> = 0...180
    /// A velocity component (east, north, up), m/s either way: the same limit as `speedKnots`.
    public static let velocityComponent: ClosedRange<Double> = -1_029...1_029
    /// Altitude and geoid separation, metres: −2,000 to 100,000.
    public static let altitude: ClosedRange<Double> = -2_000...100_000
    /// Dilutions of precision: 0 to 1,000 (receivers write 99.9 for "unknown").
    public static let dop: ClosedRange<Double> = 0...1_000
    /// Error estimates (standard deviations, metres) and ages of corrections (seconds): 0 to 1,000,000.
    public static let error: ClosedRange<Double> = 0...1_000_000
}

extension NMEAFields {
    /// Field `i` as a number in `range`; nil when empty. A field that is present but not a
    /// finite number in `range` is nil too and adds one to `rejected`.
    public func double(_ i: Int, in range: ClosedRange<Double>, rejected: inout Int) -> Double? {
        guard !isEmpty(i) else { return nil }
        guard let value = double(i), range.contains(value) else {
            rejected += 1
            return nil
        }
        return value
    }

    /// `double(i, in: range, rejected: &rejected)` for `value`, already read as `double(i)`:
    /// the same answer and count without parsing the field again.
    func plausible(_ value: Double?, _ i: Int, in range: ClosedRange<Double>, rejected: inout Int) -> Double? {
        guard !isEmpty(i) else { return nil }
        guard let value, range.contains(value) else {
            rejected += 1
            return nil
        }
        return value
    }

    /// Counts in `rejected` a position in fields `i`…`i+3` that is present but was not read: a
    /// latitude or longitude malformed, non-finite or out of range (past 90° or 180°), for which
    /// `coordinate(i)` gave nil (`latitude`, as read from it), without reading the fields again.
    /// A position with any of its four fields empty (a hemisphere missing), or a latitude or
    /// longitude of digits without a decimal point (`4807`), is absent, not impossible, as gpsd's
    /// `do_lat_lon` reads it: the sentence then gives no position.
    func countRejectedPosition(_ latitude: Double?, _ i: Int, rejected: inout Int) {
        if latitude == nil, !(i..<i + 4).contains(where: isEmpty), !isWholeNumber(i), !isWholeNumber(i + 2) {
            rejected += 1
        }
    }

    /// Whether field `i` is digits only (no point, no sign).
    private func isWholeNumber(_ i: Int) -> Bool {
        !isEmpty(i) && raw(i).allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
