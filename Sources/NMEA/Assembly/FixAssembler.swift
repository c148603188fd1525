import Positioning
import Timekeeping

/// Groups the sentences of one reporting cycle into fixes and sky views the way gpsd 3.22 does.
///
/// It keeps gpsd's session state: the accumulated fix (cleared when a timestamped sentence
/// brings a new time), the DOPs and satellites (kept across cycles), and the end-of-cycle
/// detector: the last timestamped sentence before the time changes is learned as the cycle
/// ender; until one is learned, every sentence that changes position or mode is reported.
/// Reports come out exactly where gpsd would send TPV, SKY and GST objects.
public struct FixAssembler: Sendable {
    var fix = WorkingFix()
    var lastFix = WorkingFix()
    var oldFix = WorkingFix()
    var dop = (x: Double.nan, y: Double.nan, h: Double.nan, v: Double.nan, p: Double.nan, t: Double.nan, g: Double.nan)
    var satellites: [Satellite] = []
    var usedPRNs: [Int] = []
    var date: (year: Int, month: Int, day: Int)?
    var century = 2000
    /// Whether the last sentence was a GSV (gpsd's `last_gsv_talker` set): a GSV group then adds
    /// to the sky view instead of starting a new one, unless it is a GPS L1 group.
    var inGSVRun = false
    var lastGSATalker: Talker?
    var seenExtraGSV = false, seenExtraGSA = false
    /// The sentence types learned as cycle enders.
    var cycleEnders = CycleTag.Set()
    var lastTag: CycleTag?
    var lastFractionalTime: Double?
    var cycleEndReliable = false
    /// gpsd's `cycle_continue`: set for good by the first DBT (the one sentence its table marks as
    /// a cycle continuer, and nothing clears it). From then on every sentence without a time of
    /// fix becomes the cycle ender in place of the last timed one, so each is reported.
    var cycleContinues = false
    /// The wind gathered in this cycle (MWD, MWV); printed only in the report of such a sentence.
    var wind = Wind()
    var lastGGATime: NMEATime?
    var lastGGATalker: Talker?
    var ggaLatched = false
    /// Whether the sentence being applied gave a speed error (PSRFEPE); otherwise it follows epx/epy.
    var speedErrorGiven = false
    var lastTimeOfDay: NMEATime?
    /// GPS − UTC leap seconds once a receiver has said (gpsd's `context->leap_seconds`).
    var leapSeconds: Int?
    /// Whether the sentence being applied may only raise the cycle's status (gpsd 3.22 keeps the
    /// highest status a GGA, RMC, GLL, GNS or PSTI,030 gave in a cycle).
    var statusUpgradeOnly = false
    /// RMC and ZDA dates refused so far as impossible (31 February).
    public internal(set) var rejectedDates = 0
    /// Whether the sentence being applied had an impossible position dropped by the parser.
    var positionRejected = false
    /// The last ellipsoidal distances worked out by the error model, by their two ends in order:
    /// every sentence of a cycle asks again for the same two positions.
    var distances = DistanceMemo()

    /// An assembler with no history.
    public init() {}

    /// Applies one decoded sentence; returns the reports gpsd would send after it, and what it
    /// changed. `positionRejected` says the parser dropped its position as impossible
    /// (`ValueRejections.position`): the sentence then reports no fix.
    public mutating func apply(_ sentence: NMEASentence, positionRejected: Bool = false) -> (reports: [AssembledReport], changed: ChangedFields) {
        var reports: [AssembledReport] = []
        let changed = apply(sentence, positionRejected: positionRejected) { reports.append($0) }
        return (reports, changed)
    }

    /// Applies one decoded sentence, hands the reports gpsd would send after it to `report` in
    /// their order (fix, noise, sky), and returns what it changed.
    @inline(__always)
    public mutating func apply(_ sentence: NMEASentence, positionRejected: Bool = false, _ report: (AssembledReport) -> Void) -> ChangedFields {
        self.positionRejected = positionRejected
        var new = WorkingFix()
        var changed: ChangedFields = .online
        var fractionalTime: Double?
        var tag: CycleTag?
        var noise: NoiseReport?
        // Whether gpsd 3.22 finds no time in the sentence and reports it bypassing the cycle
        // detector: a GGA without a fix (quality 0) and an empty time, or an RMC that is not valid
        // (status V, missing or unknown) whose time or date field is empty (an unreadable date,
        // such as `N`, is not empty: that RMC is merely invalid).
        var timeless = false
        switch sentence {
        case .gga(let s, let talker):
            tag = .gga
            timeless = s.quality == 0 && s.time == nil
            changed = handleGGA(s, talker: Talker(talker), &new, &fractionalTime)
        case .rmc(let s, _):
            tag = .rmc
            timeless = !s.isValid && s.lacksTimeOrDate
            changed = handleRMC(s, &new, &fractionalTime)
        case .gll(let s, _): tag = .gll; changed = handleGLL(s, &new, &fractionalTime)
        case .gns(let s, _): tag = .gns; changed = handleGNS(s, &new, &fractionalTime)
        case .gsa(let s, let talker): tag = .gsa; changed = handleGSA(s, talker: Talker(talker), &new)
        case .gsv(let s, let talker): tag = .gsv; changed = handleGSV(s, talker: Talker(talker))
        case .vtg(let s, _): tag = .vtg; changed = handleVTG(s, &new)
        case .zda(let s, _): tag = .zda; changed = handleZDA(s, &new)
        case .gst(let s, _):
            tag = .gst
            noise = NoiseReport(time: s.time.flatMap { resolve($0) }.map { Timestamp(secondsSince1970: $0) }, rms: s.rms,
                                major: s.semiMajor, minor: s.semiMinor, orientation: s.orientation,
                                latitude: s.latitudeError, longitude: s.longitudeError, altitude: s.altitudeError)
            changed = [.online, .noise]
        case .gbs(let s, _): tag = .gbs; changed = handleGBS(s, &new, &fractionalTime)
        case .hdt(let s, _):
            // gpsd `processHDT`: an empty heading changes nothing (no attitude, so no report).
            tag = .hdt
            changed = s.heading == nil ? .online : [.online, .attitude]
        case .psrfepe(let s): tag = .psrfepe; changed = handlePSRFEPE(s, &new, &fractionalTime)
        case .pgrme(let s): tag = .pgrme; changed = handlePGRME(s, &new)
        case .pgrmf(let s): tag = .pgrmf; changed = handlePGRMF(s, &new)
        case .pgrmz(let s): tag = .pgrmz; changed = handlePGRMZ(s, &new)
        case .pgrmm(let s):
            // gpsd `processPGRMM` and `processDTM`: the datum joins the cycle's fix (printed in its
            // reports until the next cycle clears it) but changes nothing that makes a report.
            tag = .pgrmm
            if let datum = s.datum { fix.datum = datum }
        case .dtm(let s, _):
            tag = .dtm
            if let datum = s.datum { fix.datum = datum }
        case .pmgnst(let s): tag = .pmgnst; changed = handlePMGNST(s, &new)
        case .dbt(let s, _): tag = .dbt; changed = handleDBT(s, &new)
        case .hdg(let s, _): tag = .hdg; changed = handleHDG(s, &new)
        case .mwd(let s, _): tag = .mwd; changed = handleMWD(s)
        case .mwv(let s, _): tag = .mwv; changed = handleMWV(s)
        case .psti030(let s): tag = .psti; changed = handlePSTI030(s, &new, &fractionalTime)
        case .psti032(let s): tag = .psti; changed = handlePSTI032(s, &new, &fractionalTime)
        case .txt: tag = .txt
        case .unrecognized: break
        }
        if case .gsv = sentence {} else { inGSVRun = false }
        if case .gsa = sentence {} else { lastGSATalker = nil }
        changed.formUnion(detectCycle(tag: tag, fractionalTime: fractionalTime))
        if changed.contains(.mode), fix.mode == 3, new.mode != 1,
           lastFix.altHAE.isFinite || oldFix.altHAE.isFinite || lastFix.altMSL.isFinite || oldFix.altMSL.isFinite {
            new.mode = fix.mode
        }
        if changed.contains(.satellites), !satellites.isEmpty { fillDOPs() }
        if changed.contains(.clear) {
            fix = WorkingFix()
            wind = Wind()
        }
        speedErrorGiven = changed.contains(.errorEstimates) && new.eps.isFinite
        // A time-less RMC makes gpsd forget the date: the fix loses its time (and ept with it); a
        // time-less GGA keeps both (it is still reported, below).
        if timeless, tag == .rmc {
            date = nil
            changed.insert(.time)
            fix.ept = .nan
        }
        if statusUpgradeOnly, new.status < fix.status { changed.remove(.status) }
        statusUpgradeOnly = false
        fix.merge(new, changed)
        applyErrorModel(changed)
        if !cycleEndReliable, !changed.isDisjoint(with: [.latLon, .mode]) { changed.insert(.report) }
        // gpsd 3.22 reports a GGA or RMC without a time (a receiver with no fix) even once it
        // knows the cycle ender, and no longer trusts the cycle end: every sentence giving a
        // position or mode is reported until a new ender is learned (measured with gpsfake:
        // docs/gpsd-compatibility.md).
        if timeless {
            changed.insert(.report)
            cycleEndReliable = false
        }

        // gpsd sends a TPV for a report only when the sentence changed something (its mask holds
        // more than ONLINE, CLEAR and REPORT): a GSV part, a TXT or an unknown sentence that
        // ends a cycle reports nothing.
        if changed.contains(.report), !changed.isSubset(of: [.online, .clear, .report]) {
            var out = publicFix
            if changed.contains(.navigation) { out.marine = Marine(depth: out.marine?.depth, wind: wind) }
            report(.fix(out))
        }
        if let noise { report(.noise(noise)) }
        if changed.contains(.satellites) { report(.sky(skyView)) }
        return changed
    }

    /// The end-of-cycle detector (gpsd `nmea_parse` tail): learns cycle enders from time changes;
    /// once a DBT made the cycle continue, moves the ender to each untimed sentence instead.
    private mutating func detectCycle(tag: CycleTag?, fractionalTime: Double?) -> ChangedFields {
        var changed: ChangedFields = []
        if let fractionalTime {
            if let last = lastFractionalTime, abs(fractionalTime - last) > 0.01 {
                changed.insert(.clear)
                // Learning a new ender makes the cycle end reliable (again, after a time-less GGA/RMC).
                if let lastTag, !cycleEnders.contains(lastTag), !cycleContinues {
                    cycleEnders.insert(lastTag)
                    cycleEndReliable = true
                }
            } else if lastFractionalTime == nil {
                changed.insert(.clear)
            }
            lastFractionalTime = fractionalTime
            if let tag, cycleEnders.contains(tag) { changed.insert(.report) }
            lastTag = tag
        } else if cycleContinues {
            // gpsd: the untimed sentence replaces the last timed one as the ender, and so ends
            // the cycle itself (an unknown sentence, gpsd's tag 0, only removes the old ender).
            if let lastTag { cycleEnders.remove(lastTag) }
            if let tag {
                cycleEnders.insert(tag)
                changed.insert(.report)
            }
            cycleEndReliable = true
        }
        return changed
    }

    /// Seconds since 1970 for `time` on the current NMEA date, or nil before any date is known.
    func resolve(_ time: NMEATime) -> Double? {
        guard let date, let midnight = Timestamp(year: date.year, month: date.month, day: date.day) else { return nil }
        return midnight.secondsSince1970 + time.secondsOfDay
    }
}
