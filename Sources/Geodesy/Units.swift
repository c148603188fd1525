/// A length in metres.
public typealias Meters = Double
/// A duration in seconds.
public typealias Seconds = Double
/// A speed in metres per second.
public typealias MetersPerSecond = Double
/// An angle in degrees; bearings are clockwise from true north in [0, 360).
public typealias Degrees = Double

/// Mean Earth radius used for all spherical computations (IUGG R1), in metres.
public let earthRadius: Meters = 6_371_008.8

extension Double {
    /// This angle in radians, reading `self` as degrees.
    @inlinable public var radians: Double { self * .pi / 180 }
    /// This angle in degrees, reading `self` as radians.
    @inlinable public var degrees: Double { self * 180 / .pi }
}

/// Bearing arithmetic: normalisation and the signed shortest turn between two bearings.
public enum Bearing {
    /// `angle` wrapped into [0, 360).
    @inlinable public static func normalized(_ angle: Degrees) -> Degrees {
        // Most angles are in range already (bearings): returned as the remainder would give them.
        if angle >= 0 && angle < 360 { return angle }
        // One turn off (a bearing plus or minus up to 360°), without `fmod`: for x in [360, 720)
        // x − 360 is exact (Sterbenz), and for x in (−360, 0) the remainder is x itself, so both
        // give what the remainder gives, bit for bit.
        if angle >= 360 && angle < 720 { return angle - 360 }
        if angle < 0 && angle > -360 { return angle + 360 }
        let r = angle.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    /// The signed turn from `from` to `to` in (-180, 180]: positive is clockwise (a right turn).
    @inlinable public static func turn(from: Degrees, to: Degrees) -> Degrees {
        var d = normalized(to - from)
        if d > 180 { d -= 360 }
        return d
    }

    /// The unsigned difference between two bearings, in [0, 180].
    @inlinable public static func difference(_ a: Degrees, _ b: Degrees) -> Degrees {
        abs(turn(from: a, to: b))
    }
}
