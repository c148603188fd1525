import Positioning
import Timekeeping

/// Per-sentence semantics, one handler per gpsd `processXXX`.
extension FixAssembler {
    static let knotsToMPS = 0.51444444444444444

    /// gpsd 3.22's status numbering from a GGA quality indicator: 3 (PPS) is its `STATUS_PPS_FIX`
    /// 9, 7 (manual input) its `STATUS_TIME` 7; any other quality a fix, 1.
    static func status(ggaQuality q: Int) -> Int {
        switch q {
        case 0: 0
        case 2: 2
        case 3: 9
        case 4: 3
        case 5: 4
        case 6: 5
        case 7: 7
        case 8: 8
        default: 1
        }
    }

    /// gpsd's status numbering from an FAA mode character.
    static func status(faaMode c: Character?) -> Int {
        switch c {
        case nil, "N", "S": 0
        case "D", "P": 2
        case "E": 5
        case "F": 4
        case "R": 3
        default: 1
        }
    }

    /// The time of a sentence carrying its own date (PGRMF, PSTI): the date becomes the NMEA date
    /// and the time is resolved on it; nil, and nothing changed, unless both are there and the
    /// date is possible.
    mutating func handleDatedTime(_ time: NMEATime?, _ date: NMEADate?, _ new: inout WorkingFix) -> ChangedFields? {
        guard let time, let date, let full = fullDate(date) else { return nil }
        self.date = full
        return handleTime(time, &new, dated: true)
    }

    /// Takes a sentence's time of day on the current date. A time whose hour is below the last
    /// one's moves the date on by a day (gpsd's `merge_hhmmss` midnight wrap), so the GGA at
    /// 00:00:00 before the first RMC of a new day is dated that day; `dated` says the sentence
    /// has just set the date itself (RMC, ZDA, PGRMF, PSTI), which then stands.
    mutating func handleTime(_ time: NMEATime?, _ new: inout WorkingFix, dated: Bool = false) -> ChangedFields {
        if let time, !dated, let previous = lastTimeOfDay, time.hour < previous.hour, let date,
           let next = Timestamp(year: date.year, month: date.month, day: date.day)?.adding(86_400).components {
            self.date = (next.year, next.month, next.day)
        }
        if let time { lastTimeOfDay = time }
        guard let time, let t = resolve(time) else { return [] }
        new.time = t
        new.nanoseconds = time.nanoseconds
        return .time
    }

    /// gpsd `processGGA`: the quality sets the status only, and within a cycle only raises it (an
    /// RMC's `E` before it stays; an empty quality leaves it); a position makes a 2D fix, an
    /// altitude with at least 4 satellites used a 3D one, fewer than 3 satellites used no fix (the
    /// position still enters the cycle); no position, no fix.
    mutating func handleGGA(_ s: GGA, talker: Talker, _ new: inout WorkingFix, _ frac: inout Double?) -> ChangedFields {
        var changed: ChangedFields = [.online, .mode]
        frac = s.time.map(\.secondsOfDay)
        // A GGA repeating the previous GGA's time means a receiver holding a stale fix (gpsd "latch
        // mode"): its quality is not taken (the status stays what it was: a duplicated RTK GGA is
        // still RTK, behaviour-gga-duplicate), and until the next GGA every GSA is ignored. As in
        // gpsd the time fields are compared as given, so GGAs without a time latch too (the first
        // one included), and a GGA from another talker than the last one (GP+GL pairs) never latches.
        let latched = (lastGGATalker == nil || lastGGATalker == talker) && s.time == lastGGATime
        lastGGATalker = talker
        if !latched { lastGGATime = s.time }
        ggaLatched = latched
        if let q = s.quality, !latched {
            new.status = Self.status(ggaQuality: q)
            changed.insert(.status)
            statusUpgradeOnly = true
        }
        changed.formUnion(handleTime(s.time, &new))
        if s.hdopGiven {
            dop.h = s.hdop ?? .nan
            changed.insert(.dop)
        }
        // No usable position (empty, or rejected as impossible): no fix.
        guard let lat = s.latitude, let lon = s.longitude else {
            new.mode = 1
            return changed
        }
        new.latitude = lat
        new.longitude = lon
        changed.insert(.latLon)
        let used = s.satellitesUsed ?? 0
        if let alt = s.altitude {
            new.altMSL = alt
            changed.insert(.altitude)
            new.mode = used >= 4 ? 3 : 2
        } else {
            // gpsd 3.22: a GGA without altitude is a 2D fix, whatever the cycle's GSA said before
            // it (a GSA after it makes it 3D again; behaviour-gga-no-altitude).
            new.mode = 2
        }
        if used < 3 { new.mode = 1 }
        // Without a separation of its own, gpsd 3.22 takes the geoid table's at the GGA's position
        // there and then, whatever the mode: the cycle keeps it if a later sentence moves the fix.
        new.geoidSeparation = s.geoidSeparation ?? GeoidSeparation.metres(latitude: lat, longitude: lon) ?? .nan
        // DGPS age and station count only together, and not both zero (age 0.09 s or less, station 0).
        if let age = s.dgpsAge, let station = s.dgpsStation, age > 0.09 || station > 0 {
            new.dgpsAge = age
            new.dgpsStation = station
        }
        return changed
    }

    /// gpsd `processRMC`: status `A` or `D` is a valid fix, any other (`V`, empty, an unknown
    /// letter) no fix with the status kept.
    mutating func handleRMC(_ s: RMC, _ new: inout WorkingFix, _ frac: inout Double?) -> ChangedFields {
        guard s.isValid else {
            new.mode = 1
            return [.online, .mode]
        }
        var changed: ChangedFields = .online
        // Only a time with a good date takes part in cycle detection (gpsd registers RMC's
        // fractional time with TIME_SET): a chartplotter's date-less RMC neither starts a cycle
        // nor ends one.
        if let date = s.date, let full = fullDate(date) {
            self.date = full
            frac = s.time.map(\.secondsOfDay)
        }
        if s.date != nil, self.date != nil { changed.formUnion(handleTime(s.time, &new, dated: true)) }
        new.status = s.faaMode.map { Self.status(faaMode: $0) } ?? 1
        changed.insert(.status)
        statusUpgradeOnly = true  // RMC's FAA mode never lowers a status given this cycle (RTK stays RTK)
        // RMC has no altitude (gpsd 3.22 `processRMC`): a position is 2D, or 3D when the last timed
        // fix was 3D (gpsd's `lastfix`); no position is no fix. Either becomes 3D when the last GSAs
        // listed more than 3 satellites used or the fix so far has an altitude — so the RMC of a
        // cycle that started with a GSA is 3D even after a GGA without altitude said 2D
        // (behaviour-gsa-first, behaviour-gga-no-altitude-rmc-after).
        if let lat = s.latitude, let lon = s.longitude {
            new.latitude = lat
            new.longitude = lon
            changed.insert(.latLon)
            new.mode = lastFix.mode == 3 ? 3 : 2
        } else {
            new.mode = 1
        }
        changed.insert(.mode)
        // A position Waygate dropped as impossible stays no fix.
        if !positionRejected, usedPRNs.count > 3 || fix.altMSL.isFinite || fix.altHAE.isFinite { new.mode = 3 }
        if let v = s.speedKnots { new.speed = v * Self.knotsToMPS; changed.insert(.speed) }
        if let t = s.track { new.track = t; changed.insert(.track) }
        if let m = s.magneticVariation { new.magneticVariation = m }
        return changed
    }

    mutating func handleGLL(_ s: GLL, _ new: inout WorkingFix, _ frac: inout Double?) -> ChangedFields {
        frac = s.time.map(\.secondsOfDay)
        // The time counts whatever the status (gpsd `processGLL` reads it first).
        var changed = handleTime(s.time, &new).union([.online, .status])
        // An invalid GLL (status V or empty, FAA mode N, no position) is no fix and leaves the
        // status as it is (a DGPS or simulator status from GGA stays).
        guard s.status == "A", s.faaMode != "N", let lat = s.latitude, let lon = s.longitude else {
            new.mode = 1
            changed.remove(.status)
            return changed.union(.mode)
        }
        // Without an FAA mode (NMEA before 2.3) a valid GLL leaves the status as it is; its FAA
        // mode only raises it, as RMC's does (an RTK or simulator status from GGA stays).
        if let faa = s.faaMode {
            new.status = Self.status(faaMode: faa)
            statusUpgradeOnly = true
        } else {
            changed.remove(.status)
        }
        new.latitude = lat
        new.longitude = lon
        changed.formUnion([.latLon, .mode])
        // 3D when the cycle has an altitude or GSA listed more than 3 satellites used, else 2D
        // (a 3D fix kept while the previous fix had an altitude).
        if fix.altHAE.isFinite || fix.altMSL.isFinite || usedPRNs.count > 3 {
            new.mode = 3
        } else {
            new.mode = fix.mode < 2 || !(oldFix.altHAE.isFinite || oldFix.altMSL.isFinite) ? 2 : fix.mode
        }
        return changed
    }

    /// gpsd `processGNS`: only the first (GPS) mode character counts: `N` or none is no fix
    /// (status kept, a position in the sentence ignored), anything else gives the status but, as
    /// RMC's, only raises it (a GGA's RTK float stays against `R` or `A`); an unsafe or invalid
    /// navigational status (NMEA 4.1 `U`/`V`) leaves only the time; a position makes a 2D fix, an
    /// altitude with more than 3 satellites used a 3D one.
    mutating func handleGNS(_ s: GNS, _ new: inout WorkingFix, _ frac: inout Double?) -> ChangedFields {
        frac = s.time.map(\.secondsOfDay)
        var changed = handleTime(s.time, &new).union(.online)
        let first = s.modes?.first
        if first == nil || first == "N" {
            new.mode = 1
            return changed.union(.mode)
        }
        if s.navigationalStatus == "V" || s.navigationalStatus == "U" { return changed }
        changed.formUnion([.status, .mode])
        if let lat = s.latitude, let lon = s.longitude {
            new.latitude = lat
            new.longitude = lon
            changed.insert(.latLon)
            new.mode = 2
            if let alt = s.altitude {
                new.altMSL = alt
                changed.insert(.altitude)
                if (s.satellitesUsed ?? 0) > 3 { new.mode = 3 }
            }
            if let sep = s.geoidSeparation { new.geoidSeparation = sep }
        } else {
            new.mode = 1
        }
        if let h = s.hdop { dop.h = h; changed.insert(.dop) }
        new.status = Self.status(faaMode: first)
        statusUpgradeOnly = true
        // DGPS age and station count only together (unlike GGA, both zero counts too).
        if let age = s.dgpsAge, let station = s.dgpsStation {
            new.dgpsAge = age
            new.dgpsStation = station
        }
        return changed
    }

    /// GBS error estimates apply only to the fix whose whole second they name (gpsd `processGBS`).
    mutating func handleGBS(_ s: GBS, _ new: inout WorkingFix, _ frac: inout Double?) -> ChangedFields {
        frac = s.time.map(\.secondsOfDay)
        guard let t = s.time, let current = lastTimeOfDay, t.hour == current.hour, t.minute == current.minute, t.second == current.second
        else { return .online }
        var changed: ChangedFields = .online
        if let lat = s.latitudeError, let lon = s.longitudeError { new.epy = lat; new.epx = lon; changed.insert(.horizontalError) }
        if let alt = s.altitudeError { new.epv = alt; changed.insert(.verticalError) }
        return changed
    }

    /// SiRF error estimates (gpsd `processPSRFEPE`); they take part in cycle detection, and their
    /// time is the fix's once a date is known, as a GGA's is.
    mutating func handlePSRFEPE(_ s: PSRFEPE, _ new: inout WorkingFix, _ frac: inout Double?) -> ChangedFields {
        frac = s.time.map(\.secondsOfDay)
        var changed = handleTime(s.time, &new).union(.online)
        if let h = s.hdop { dop.h = h; changed.insert(.dop) }
        if let e = s.horizontalError { new.eph = e }
        if let e = s.verticalError { new.epv = e }
        if let e = s.speedError { new.eps = e }
        if let e = s.headingError { new.epd = e }
        return changed.union(.errorEstimates)
    }

    /// SkyTraq's position and velocity (gpsd `processPSTI030`): invalid (status V or FAA mode N)
    /// means no fix; valid gives the time (with a date only), the position (2D, 3D with an
    /// altitude above mean sea level), the east/north/up velocity and the status from the FAA mode,
    /// which, as RMC's, only raises the cycle's status (an RMC's `E` or a GGA's RTK stays).
    mutating func handlePSTI030(_ s: PSTI030, _ new: inout WorkingFix, _ frac: inout Double?) -> ChangedFields {
        var changed: ChangedFields = .online
        if s.status == "V" || s.faaMode == "N" {
            new.status = 0
            new.mode = 1
            return changed.union([.mode, .status])
        }
        guard s.status == "A" else { return changed }
        if let time = handleDatedTime(s.time, s.date, &new) {
            frac = s.time?.secondsOfDay
            changed.formUnion(time)
        }
        if let lat = s.latitude, let lon = s.longitude {
            new.latitude = lat
            new.longitude = lon
            new.mode = 2
            changed.formUnion([.latLon, .mode])
            if let alt = s.altitudeMSL {
                new.altMSL = alt
                new.mode = 3
                changed.insert(.altitude)
            }
        }
        new.velN = s.north ?? .nan
        new.velE = s.east ?? .nan
        new.velD = s.up.map { -$0 } ?? .nan
        new.status = Self.status(faaMode: s.faaMode)
        statusUpgradeOnly = true
        return changed.union([.velocityNED, .status])
    }

    /// SkyTraq's RTK baseline (gpsd 3.22 `processPSTI`, type 32): a valid one gives the time
    /// (with its date), so it takes part in cycle detection as a `PSTI` sentence.
    mutating func handlePSTI032(_ s: PSTI032, _ new: inout WorkingFix, _ frac: inout Double?) -> ChangedFields {
        guard s.status == "A", let time = handleDatedTime(s.time, s.date, &new) else { return .online }
        frac = s.time?.secondsOfDay
        return time.union(.online)
    }

    /// gpsd's reading of Garmin's error figures: 50 % CEP scaled to its 95 % confidence
    /// (`GPSD_CONFIDENCE / CEP50_SIGMA`, 2.45 / 1.18), the horizontal one split evenly into
    /// epx and epy. Figures not all in metres are ignored; an empty one is unknown (gpsd's
    /// `safe_atof` gives NaN) and leaves the fix's value as it was.
    mutating func handlePGRME(_ s: PGRME, _ new: inout WorkingFix) -> ChangedFields {
        guard s.inMetres else { return .online }
        let scale = 2.45 / 1.18
        new.epx = (s.horizontalError ?? .nan) / 2.0.squareRoot() * scale
        new.epy = new.epx
        new.epv = (s.verticalError ?? .nan) * scale
        new.sep = (s.sphericalError ?? .nan) * scale
        return [.online, .horizontalError, .verticalError, .sphericalError]
    }

    /// gpsd `processPGRMF`: the leap seconds; the time (not taking part in cycle detection): with GPS
    /// week, seconds and leap seconds the current one, else the UTC date and time; with mode `A`
    /// also position, fix type (0 none, 1 2D, 2 3D), speed (km/h), course, PDOP and TDOP — empty
    /// numbers read as 0, as gpsd's `safe_atof` does.
    mutating func handlePGRMF(_ s: PGRMF, _ new: inout WorkingFix) -> ChangedFields {
        var changed: ChangedFields = .online
        if let l = s.leapSeconds { leapSeconds = l }
        if s.hasGPSTime, let l = leapSeconds, l > 0 {
            // gpsd 3.22 then works the time out from GPS week and seconds (against week rollover),
            // but its NMEA driver dates the fix with the time the last sentence gave: the UTC date
            // and time fields are not read, and before any date the fix has no time.
            if let time = lastTimeOfDay, let t = resolve(time) {
                new.time = t
                new.nanoseconds = time.nanoseconds
                changed.insert(.time)
            }
        } else if let time = handleDatedTime(s.time, s.date, &new) {
            changed.formUnion(time)
        }
        guard s.mode == "A" else { return changed }
        if let lat = s.latitude, let lon = s.longitude {
            new.latitude = lat
            new.longitude = lon
            changed.insert(.latLon)
        }
        switch s.fixType {
        case 0: new.mode = 1; changed.insert(.mode)
        case 1: new.mode = 2; changed.insert(.mode)
        case 2: new.mode = 3; changed.insert(.mode)
        default: break
        }
        new.speed = (s.speedKmh ?? 0) / 3.6
        new.track = s.course ?? 0
        dop.p = s.pdop ?? 0
        dop.t = s.tdop ?? 0
        return changed.union([.speed, .track, .dop])
    }

    /// gpsd `processPGRMZ`: an altitude in feet is the MSL altitude (whole feet, as gpsd reads
    /// them with `atoi`), and the fix type sets the mode.
    mutating func handlePGRMZ(_ s: PGRMZ, _ new: inout WorkingFix) -> ChangedFields {
        var changed: ChangedFields = .online
        if let feet = s.altitudeFeet, PlausibleRange.altitude.contains(Double(feet) / Self.feetPerMetre) {
            new.altMSL = Double(feet) / Self.feetPerMetre
            changed.insert(.altitude)
        }
        switch s.fixType {
        case "1": new.mode = 1; changed.insert(.mode)
        case "2": new.mode = 2; changed.insert(.mode)
        case "3": new.mode = 3; changed.insert(.mode)
        default: break
        }
        return changed
    }

    /// gpsd's `METERS_TO_FEET`.
    static let feetPerMetre = 3.2808399

    /// gpsd `processPMGNST`: Magellan's status sets the mode, no fix unless it says `T` — read
    /// from the fields gpsd 3.22 reads (`gpsdMode`, `gpsdFixFlag`), so in practice always no fix.
    mutating func handlePMGNST(_ s: PMGNST, _ new: inout WorkingFix) -> ChangedFields {
        new.mode = s.gpsdFixFlag == "T" && (s.gpsdMode == 2 || s.gpsdMode == 3) ? s.gpsdMode ?? 1 : 1
        return [.online, .mode]
    }

    /// gpsd `processVTG`: a track and a speed in knots, both needed, and the magnetic track when
    /// given; nothing from an estimated or invalid VTG, from one in the old layout without unit
    /// letters, or from its km/h alone.
    mutating func handleVTG(_ s: VTG, _ new: inout WorkingFix) -> ChangedFields {
        guard s.lettered, let track = s.track, let knots = s.speedKnots, s.faaMode != "N", s.faaMode != "E" else {
            return .online
        }
        var changed: ChangedFields = [.online, .track, .speed]
        new.track = track
        new.speed = knots * Self.knotsToMPS
        if let magnetic = s.magneticTrack {
            new.magneticTrack = magnetic
            changed.insert(.magneticTrack)
        }
        return changed
    }

    /// The four-digit date of an RMC `ddmmyy`, as gpsd's `merge_ddmmyy` reads it: the century
    /// from the last ZDA (2000 until one comes), moved on when the year wraps from 99 to 00, and
    /// years from 2080 read as 19xx (receivers with a week-rollover bug report 2099 for 1999).
    /// Nil, counted in `rejectedDates`, for a day the month does not have (31 February), which
    /// gpsd would roll over into the next month.
    mutating func fullDate(_ d: NMEADate) -> (year: Int, month: Int, day: Int)? {
        if let previous = date, previous.year % 100 == 99, d.year == 0 { century += 100 }
        var year = century + d.year
        if year >= 2080 { year -= 100 }
        guard d.day <= Timestamp.daysIn(month: d.month, year: year) else {
            rejectedDates += 1
            return nil
        }
        return (year, d.month, d.day)
    }

    mutating func handleZDA(_ s: ZDA, _ new: inout WorkingFix) -> ChangedFields {
        guard let d = s.date, let time = s.time else { return .online }
        guard d.day <= Timestamp.daysIn(month: d.month, year: d.year) else {
            rejectedDates += 1
            return .online
        }
        century = d.year - d.year % 100
        date = (d.year, d.month, d.day)
        return handleTime(time, &new, dated: true).union(.online)
    }

    /// gpsd `processGSA`: mode, DOPs and the satellites used, accumulated over the GSAs of one
    /// cycle (GN ones, or GP then GL/BD/GA ones). Ignored after a latched GGA; a dead-reckoning
    /// mode `E` sets no mode; a GP GSA after GL/BD/GA ones is ignored; the first GN GSA after
    /// another talker reports the mode only — even after a latched GGA, when it is the cleared mode 0.
    mutating func handleGSA(_ s: GSA, talker: Talker, _ new: inout WorkingFix) -> ChangedFields {
        // gpsd's table asks 18 fields of a GSA: a shorter one (i.Trek's `$GPGSA,A,1,,,,`, or one
        // without a checksum, counted a field short) is not decoded at all.
        guard s.fieldCount >= 18 else { return .online }
        let previousTalker = lastGSATalker
        var changed: ChangedFields = .online
        if !ggaLatched {
            new.mode = s.mode ?? 0
            if !s.modeIsEstimate { changed.insert(.mode) }
            if let p = s.pdop { dop.p = p }
            if let h = s.hdop { dop.h = h }
            if let v = s.vdop { dop.v = v }
            if previousTalker == nil || (previousTalker == talker && talker != .gn) { usedPRNs.removeAll(keepingCapacity: true) }
            lastGSATalker = talker
            if Self.isExtraTalker(talker) { seenExtraGSA = true }
            // gpsd 3.22 numbers GSA ids in the system of the talker's second letter (so PQ is QZSS),
            // ignoring the NMEA 4.1 system id.
            let system = SatelliteNumbering.nmeaSystem(talker) ?? .gps
            for id in s.satelliteIDs {
                if let n = SatelliteNumbering.identify(nmeaSystem: system, id: id) { usedPRNs.append(n.prn) }
            }
            changed.formUnion([.dop, .used])
            // gpsd 3.22 reads ids up to the fourth field from the end, so an NMEA 4.1 GSA's PDOP field
            // is read as one more id too: its whole part (1 for 1.5) counts as a satellite used.
            if s.fieldCount == 19, let p = s.pdop, p >= 1, let n = SatelliteNumbering.identify(nmeaSystem: system, id: Int(p)) {
                usedPRNs.append(n.prn)
            }
        }
        if seenExtraGSA && talker.last == UInt8(ascii: "P") { return .online }
        if previousTalker != .gn && talker == .gn {
            if !changed.contains(.mode) { new.mode = 0 }
            return [.online, .mode]
        }
        return changed
    }

    /// gpsd `processGSV`: satellites gathered into one sky view. A group's first sentence starts a
    /// new view after any other sentence, or when it is a GPS L1 group (talker's second letter P,
    /// signal id none or one gpsd reads as L1); any other group adds to the view, so an NMEA 4.11
    /// receiver's groups per talker and signal make one view. Each group's last sentence reports
    /// the view, except a GP group once another talker's group was seen.
    mutating func handleGSV(_ s: GSV, talker: Talker) -> ChangedFields {
        // A GSV gpsd does not take (field count, sentence number) empties the view.
        guard s.isWellFormed else {
            satellites.removeAll(keepingCapacity: true)
            return .online
        }
        let gpsGroup = talker.last == UInt8(ascii: "P")
        if s.sentenceNumber == 1 {
            if !inGSVRun || (gpsGroup && Self.ubxSignal(nmea: s.signalID ?? 0, gnss: .gps) == 0) {
                satellites.removeAll(keepingCapacity: true)
            }
            inGSVRun = true
            if Self.isExtraTalker(talker) { seenExtraGSV = true }
        }
        let system = SatelliteNumbering.TalkerSystem(talker)
        // gpsd 3.22 knows the group's system from the talker on its first sentence only.
        let firstPartSystem = s.sentenceNumber == 1 ? SatelliteNumbering.nmeaSystem(talker) : nil
        for e in s.entries {
            // gpsd keeps at most MAXCHANNELS satellites: the entry that would be one more empties
            // the view and ends the sentence.
            if satellites.count >= Self.maxSatellites {
                satellites.removeAll(keepingCapacity: true)
                break
            }
            let identified = if let firstPartSystem {
                SatelliteNumbering.identify(nmeaSystem: firstPartSystem, id: e.id)
            } else {
                SatelliteNumbering.identify(system: system, id: e.id)
            }
            guard let n = identified else {
                // gpsd gives the id PRN 0, and it still takes a slot (see `skyView`).
                satellites.append(Satellite(prn: 0, gnss: .gps, svid: 0, elevation: Double(e.elevation ?? 0),
                                            azimuth: Double(e.azimuth ?? 0), snr: Double(e.snr ?? 0)))
                continue
            }
            let signal = s.signalID.map { Self.ubxSignal(nmea: $0, gnss: n.gnss) }
            satellites.append(Satellite(prn: n.prn, gnss: n.gnss, svid: n.svid, signalID: signal,
                                        elevation: Double(e.elevation ?? 0), azimuth: Double(e.azimuth ?? 0),
                                        snr: Double(e.snr ?? 0), used: (e.snr ?? 0) > 0 && usedPRNs.contains(n.prn)))
        }
        guard s.sentenceNumber >= s.sentenceCount else { return .online }
        guard satellites.contains(where: { $0.azimuth != 0 }) else {
            satellites.removeAll(keepingCapacity: true)
            return .online
        }
        if seenExtraGSV && gpsGroup { return .online }
        dop.x = .nan; dop.y = .nan; dop.t = .nan; dop.g = .nan
        return [.online, .satellites]
    }

    /// The most satellites a sky view holds (gpsd 3.22's `MAXCHANNELS`: u-blox 9 tracks 140 signals).
    static let maxSatellites = 140

    /// Whether gpsd 3.22 counts `talker` as another system's after GP (its `seen_xxgsa`/`seen_xxgsv`
    /// flags): second letter A, B, D, I, L, N, Q or Z. Once one was seen, a GP GSA or GSV group
    /// reports nothing of its own.
    static func isExtraTalker(_ talker: Talker) -> Bool {
        switch talker.last {
        case UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "D"), UInt8(ascii: "I"), UInt8(ascii: "L"),
             UInt8(ascii: "N"), UInt8(ascii: "Q"), UInt8(ascii: "Z"): true
        default: false
        }
    }

    /// u-blox signal id for an NMEA 4.1 signal id (gpsd's mapping).
    static func ubxSignal(nmea: Int, gnss: GNSS) -> Int {
        switch nmea {
        case 2: 5
        case 3: 2
        case 5: 4
        case 6: 3
        default: 0
        }
    }

    mutating func fillDOPs() {
        // The receiver's own DOPs win: the matrix is only worked out when one of them is missing.
        guard dop.x.isNaN || dop.y.isNaN || dop.h.isNaN || dop.v.isNaN || dop.p.isNaN || dop.t.isNaN || dop.g.isNaN,
              let d = DilutionOfPrecision(satellites: satellites) else { return }
        if dop.x.isNaN { dop.x = d.east }
        if dop.y.isNaN { dop.y = d.north }
        if dop.h.isNaN { dop.h = d.horizontal }
        if dop.v.isNaN { dop.v = d.vertical }
        if dop.p.isNaN { dop.p = d.position }
        if dop.t.isNaN { dop.t = d.time }
        if dop.g.isNaN { dop.g = d.geometric }
    }
}
