/// MWD — Wind direction and speed (true wind).
///
///     $WIMWD,328.2,T,326.8,M,11.2,N,5.8,M*61
///     1 direction true  2 `T`  3 direction magnetic  4 `M`  5 speed knots  6 `N`  7 speed m/s  8 `M`
public struct MWD: Sendable, Hashable {
    /// Wind direction from true north, degrees.
    public var trueDirection: Double?
    /// Wind direction from magnetic north, degrees.
    public var magneticDirection: Double?
    /// Wind speed, m/s (gpsd reads this field, not the knots).
    public var speed: Double?

    /// Reads an MWD sentence's fields; gpsd 3.22 asks no number of fields (a bare `$WIMWD` is read with
    /// every field empty).
    public init(_ f: NMEAFields) throws {
        trueDirection = f.double(1)
        magneticDirection = f.double(3)
        speed = f.double(7)
    }
}
