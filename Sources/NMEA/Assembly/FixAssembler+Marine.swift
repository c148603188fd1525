import Positioning

/// Marine instruments mixed with a GPS, as gpsd 3.22's NMEA driver reads them (`processDBT`,
/// `processHDG`, `processMWD`, `processMWV`; its table ignores DPT, MTW, VHW, VLW and XDR).
extension FixAssembler {
    /// gpsd `processDBT`: the depth joins the fix (with gpsd's `ALTITUDE_SET`, so it stays until
    /// the cycle ends); any DBT, empty or not, makes the cycle continue from then on.
    mutating func handleDBT(_ s: DBT, _ new: inout WorkingFix) -> ChangedFields {
        cycleContinues = true
        guard let d = s.depth else { return .online }
        new.depth = d
        return [.online, .altitude]
    }

    /// gpsd `processHDG`: the sensor heading becomes the magnetic track.
    mutating func handleHDG(_ s: HDG, _ new: inout WorkingFix) -> ChangedFields {
        guard let h = s.heading else { return .online }
        new.magneticTrack = h
        return [.online, .magneticTrack]
    }

    /// gpsd `processMWD`: true wind direction (true and magnetic) and speed, always taken.
    mutating func handleMWD(_ s: MWD) -> ChangedFields {
        if let a = s.trueDirection { wind.trueDirection = a }
        if let a = s.magneticDirection { wind.magneticDirection = a }
        if let v = s.speed { wind.trueSpeed = v }
        return [.online, .navigation]
    }

    /// gpsd `processMWV`: only relative (apparent) wind in knots with status A.
    mutating func handleMWV(_ s: MWV) -> ChangedFields {
        guard s.isApparentInKnots else { return .online }
        if let a = s.angle { wind.apparentAngle = a }
        if let v = s.speed { wind.apparentSpeed = v * Self.knotsToMPS }
        return [.online, .navigation]
    }
}
