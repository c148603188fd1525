/// What `SentenceParser` dropped from one sentence as impossible (see `PlausibleRange`).
public struct ValueRejections: Sendable, Hashable {
    /// How many present fields held impossible values and were dropped.
    public var count: Int
    /// Whether the dropped values include the position (a GGA, RMC, GLL or GNS whose latitude
    /// or longitude was present but impossible): the sentence then reports no fix.
    public var position: Bool

    /// Nothing dropped.
    public static let none = ValueRejections(count: 0, position: false)
}

/// A sentence that drops its impossible values after it is read (`SentenceParser` calls it):
/// a field outside its `PlausibleRange`, or present but not a finite number, becomes nil. The
/// values the sentence read are checked as read (`plausible`, `countRejectedPosition`), not
/// parsed a second time.
protocol ImpossibleValueDropping {
    /// Drops the impossible values read from `f`; says what was dropped.
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections
}

extension GGA: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        f.countRejectedPosition(latitude, 2, rejected: &n)
        let position = n > 0
        hdop = f.plausible(hdop, 8, in: PlausibleRange.dop, rejected: &n)
        altitude = f.plausible(altitude, 9, in: PlausibleRange.altitude, rejected: &n)
        geoidSeparation = f.plausible(geoidSeparation, 11, in: PlausibleRange.altitude, rejected: &n)
        dgpsAge = f.plausible(dgpsAge, 13, in: PlausibleRange.error, rejected: &n)
        return ValueRejections(count: n, position: position)
    }
}

extension GNS: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        f.countRejectedPosition(latitude, 2, rejected: &n)
        let position = n > 0
        hdop = f.plausible(hdop, 8, in: PlausibleRange.dop, rejected: &n)
        altitude = f.plausible(altitude, 9, in: PlausibleRange.altitude, rejected: &n)
        geoidSeparation = f.plausible(geoidSeparation, 10, in: PlausibleRange.altitude, rejected: &n)
        dgpsAge = f.plausible(dgpsAge, 11, in: PlausibleRange.error, rejected: &n)
        return ValueRejections(count: n, position: position)
    }
}

extension GLL: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        f.countRejectedPosition(latitude, 1, rejected: &n)
        let position = n > 0
        return ValueRejections(count: n, position: position)
    }
}

extension RMC: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        f.countRejectedPosition(latitude, 3, rejected: &n)
        let position = n > 0
        speedKnots = f.plausible(speedKnots, 7, in: PlausibleRange.speedKnots, rejected: &n)
        track = f.plausible(track, 8, in: PlausibleRange.course, rejected: &n)
        if f.double(10, in: PlausibleRange.magneticVariation, rejected: &n) == nil { magneticVariation = nil }
        return ValueRejections(count: n, position: position)
    }
}

extension VTG: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        track = f.double(1, in: PlausibleRange.course, rejected: &n)
        if f.firstByte(2) == UInt8(ascii: "T") || f.count >= 9 {
            magneticTrack = f.double(3, in: PlausibleRange.course, rejected: &n)
            speedKnots = f.double(5, in: PlausibleRange.speedKnots, rejected: &n)
            speedKmh = f.double(7, in: PlausibleRange.speedKmh, rejected: &n)
        } else {
            magneticTrack = f.double(2, in: PlausibleRange.course, rejected: &n)
            speedKnots = f.double(3, in: PlausibleRange.speedKnots, rejected: &n)
            speedKmh = f.double(4, in: PlausibleRange.speedKmh, rejected: &n)
        }
        return ValueRejections(count: n, position: false)
    }
}

extension GSA: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        let dopStart = f.count >= 18 ? 15 : max(3, f.count - 3)
        pdop = f.plausible(pdop, dopStart, in: PlausibleRange.dop, rejected: &n)
        hdop = f.plausible(hdop, dopStart + 1, in: PlausibleRange.dop, rejected: &n)
        vdop = f.plausible(vdop, dopStart + 2, in: PlausibleRange.dop, rejected: &n)
        return ValueRejections(count: n, position: false)
    }
}

extension GST: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        rms = f.plausible(rms, 2, in: PlausibleRange.error, rejected: &n)
        semiMajor = f.plausible(semiMajor, 3, in: PlausibleRange.error, rejected: &n)
        semiMinor = f.plausible(semiMinor, 4, in: PlausibleRange.error, rejected: &n)
        orientation = f.plausible(orientation, 5, in: PlausibleRange.orientation, rejected: &n)
        latitudeError = f.plausible(latitudeError, 6, in: PlausibleRange.error, rejected: &n)
        longitudeError = f.plausible(longitudeError, 7, in: PlausibleRange.error, rejected: &n)
        altitudeError = f.plausible(altitudeError, 8, in: PlausibleRange.error, rejected: &n)
        return ValueRejections(count: n, position: false)
    }
}

extension GBS: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        latitudeError = f.plausible(latitudeError, 2, in: PlausibleRange.error, rejected: &n)
        longitudeError = f.plausible(longitudeError, 3, in: PlausibleRange.error, rejected: &n)
        altitudeError = f.plausible(altitudeError, 4, in: PlausibleRange.error, rejected: &n)
        return ValueRejections(count: n, position: false)
    }
}

extension HDT: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        heading = f.plausible(heading, 1, in: PlausibleRange.course, rejected: &n)
        return ValueRejections(count: n, position: false)
    }
}

extension PSRFEPE: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        hdop = f.plausible(hdop, 3, in: PlausibleRange.dop, rejected: &n)
        horizontalError = f.plausible(horizontalError, 4, in: PlausibleRange.error, rejected: &n)
        verticalError = f.plausible(verticalError, 5, in: PlausibleRange.error, rejected: &n)
        speedError = f.plausible(speedError, 6, in: PlausibleRange.error, rejected: &n)
        headingError = f.plausible(headingError, 7, in: PlausibleRange.course, rejected: &n)
        return ValueRejections(count: n, position: false)
    }
}

extension PGRME: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        horizontalError = f.plausible(horizontalError, 1, in: PlausibleRange.error, rejected: &n)
        verticalError = f.plausible(verticalError, 3, in: PlausibleRange.error, rejected: &n)
        sphericalError = f.plausible(sphericalError, 5, in: PlausibleRange.error, rejected: &n)
        return ValueRejections(count: n, position: false)
    }
}

extension PGRMF: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        f.countRejectedPosition(latitude, 6, rejected: &n)
        let position = n > 0
        speedKmh = f.plausible(speedKmh, 12, in: PlausibleRange.speedKmh, rejected: &n)
        course = f.plausible(course, 13, in: PlausibleRange.course, rejected: &n)
        pdop = f.plausible(pdop, 14, in: PlausibleRange.dop, rejected: &n)
        tdop = f.plausible(tdop, 15, in: PlausibleRange.dop, rejected: &n)
        return ValueRejections(count: n, position: position)
    }
}

extension PSTI030: ImpossibleValueDropping {
    mutating func dropImpossibleValues(_ f: NMEAFields) -> ValueRejections {
        var n = 0
        f.countRejectedPosition(latitude, 4, rejected: &n)
        let position = n > 0
        altitudeMSL = f.plausible(altitudeMSL, 8, in: PlausibleRange.altitude, rejected: &n)
        east = f.plausible(east, 9, in: PlausibleRange.velocityComponent, rejected: &n)
        north = f.plausible(north, 10, in: PlausibleRange.velocityComponent, rejected: &n)
        up = f.plausible(up, 11, in: PlausibleRange.velocityComponent, rejected: &n)
        return ValueRejections(count: n, position: position)
    }
}
