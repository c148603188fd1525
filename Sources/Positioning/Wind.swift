public import Geodesy

/// Wind as a vessel's instruments report it (NMEA MWD and MWV; gpsd's TPV `wangle*`/`wspeed*`).
///
/// Each member is nil when no sentence of the report's cycle gave it. Angles are degrees, speeds m/s.
public struct Wind: Sendable, Hashable, Codable {
    /// Apparent wind angle relative to the bow (MWV reference `R`; gpsd `wangler`).
    public var apparentAngle: Degrees?
    /// Apparent wind speed (MWV in knots, converted; gpsd `wspeedr`).
    public var apparentSpeed: MetersPerSecond?
    /// True wind direction from true north (MWD; gpsd `wanglet`).
    public var trueDirection: Degrees?
    /// True wind direction from magnetic north (MWD; gpsd `wanglem`).
    public var magneticDirection: Degrees?
    /// True wind speed (MWD's m/s field; gpsd `wspeedt`).
    public var trueSpeed: MetersPerSecond?

    /// Wind with the given members, the others unknown.
    public init(apparentAngle: Degrees? = nil, apparentSpeed: MetersPerSecond? = nil, trueDirection: Degrees? = nil,
                magneticDirection: Degrees? = nil, trueSpeed: MetersPerSecond? = nil) {
        self.apparentAngle = apparentAngle
        self.apparentSpeed = apparentSpeed
        self.trueDirection = trueDirection
        self.magneticDirection = magneticDirection
        self.trueSpeed = trueSpeed
    }
}
