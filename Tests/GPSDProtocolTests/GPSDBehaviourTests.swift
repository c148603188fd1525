import Foundation
import GPSDProtocol
import Testing
import TestSupport

/// gpsd NMEA-driver behaviours beyond the bundled receivers, one hand-made log each
/// (`Tests/NMEATests/Fixtures/gpsd/behaviour-NAME.nmea`), with gpsd 3.22's own output for it
/// (`behaviour-NAME.expected.json`, made with gpsfake as the bundled fixtures were).
@Suite("gpsd 3.22 behaviour logs")
struct GPSDBehaviourTests {
    static let logs = [
        // GGA quality 0, RMC status V, GSA fix type 1 in cycles whose other sentences carry a fix
        "nofix-with-coordinates",
        // HDT/HDG/VTG/DPT/MWV/ZDA from HE, II, SD, WI talkers mixed with a GPS
        "marine-heading",
        // position only from GNS: first mode character, navigational status V, few satellites
        "gns-only",
        // position only from GLL: status V, FAA mode N, VTG after the cycle ender
        "gll-only",
        // cycles ending on GBS (after GST and GSV), then on GLL
        "unusual-cycle-end",
        // Garmin PGRME errors (scaled to gpsd's 95 %, one in feet ignored): epx/epy/epv/sep, and
        // eps/epc derived again from them
        "garmin-errors",
        // Garmin PGRMF fix data: date and time, leap seconds in every later TPV, fix type, km/h speed
        "garmin-fix-data",
        // Garmin PGRMZ altitude in whole feet and fix type, before the first GGA and between GPS sentences
        "garmin-altitude",
        // epx/epy/eps follow the latest DOPs and status (RMC without FAA mode, then a DGPS GGA); a
        // PGRME's epx/epy last one sentence once DOPs are known; GLL without FAA mode keeps the status
        "dop-errors",
        // Magellan PMGNST status, read from the fields gpsd 3.22 reads (always no fix)
        "magellan-status",
        // Quectel PQGSA/PQGSV: a five-letter address dispatched on its last three letters
        "quectel-talkers",
        // GGA latch: time-less GGAs, the first GN GSA after them (mode 0), GP+GL pairs, a GGA repeating its time
        "gga-latch",
        // GGA without a geoid separation in four places: geoidSep from the geoid grid, altHAE and climb from it
        "geoid-table",
        // DGPS age and station: only both together; GGA drops both zeros (age 0.09 s or less), GNS keeps them
        "dgps-fields",
        // invalid GLL/RMC (V, empty, FAA N, no position) keep GGA's status; a valid GLL's FAA mode only
        // raises it; GLL is 3D once the cycle has an altitude
        "status-kept",
        // PSRFEPE's speed error holds for its own sentence; later sentences derive eps from epx/epy
        "sirf-speed-error",
        // four used satellites in a nearly flat geometry (determinant below 0.0001): no DOPs, as gpsd
        "degenerate-geometry",
        // minutes converted to degrees times 1/60, as gpsd (differs from ÷ 60 in the last printed digit)
        "coordinate-rounding",
        // NMEA 4.1 GSA with the system id: the PDOP's whole part is read as one more used satellite
        "gsa-system-id",
        // a time-less RMC after the ender is known: reported without a time (the date forgotten),
        // then every GGA and RMC reported (the cycle end no longer trusted)
        "timeless-fix",
        // a 2D fix prints its altitudes but not the geoid separation; a 3D fix prints it
        "separation-2d",
        // a depth sounder's DBT (metres, feet, fathoms; empty; before any fix) makes every later
        // sentence without a time of fix a report (HDG, VTG, GSA, the last GSV, an invalid RMC),
        // and the timed ones only while still cycle enders; depth in 2D/3D only; DPT, MTW, VHW ignored
        "depth-sounder",
        // MWD (always taken, empty fields too) and MWV (relative, knots, valid only) after a DBT:
        // wind printed only in the TPV of a wind sentence, gathered over the cycle; HDG's sensor
        // heading is the magnetic track (no deviation, no variation)
        "wind-instruments",
        // '#' comment lines quoting sentences: in a CRLF line (the CR abandons the comment) the quoted
        // sentences are decoded, in an LF line not
        "comment-sentences",
        // GSV ids numbered in the system of the talker's second letter on a group's first sentence only
        // (Galileo 101+ and 301+, BeiDou 201+, GLONASS 33+, QZSS, PQ as QZSS); later ones by ranges
        "gsv-first-part",
        // used satellites with an empty or 0/0 elevation and azimuth count in the DOPs
        "dop-placeholder",
        // a time-less GGA after a fix keeps the cycle's time and date (reported with them); the
        // time-less RMC after it forgets the date
        "timeless-gga",
        // SkyTraq PSTI,030: position and east/north/up velocity (velN/velE/velD, the climb from the
        // up velocity until an altitude difference gives one, -0.000 kept), empty velocities none,
        // status V and FAA mode N no fix, a 16-field one ignored, PSTI,032's time taking part in
        // cycle ends, cycles from PSTI,030 alone; GST orientations below zero
        "skytraq-velocity",
        // GNS after an RTK-float GGA: an empty mode is no fix (status kept, its position ignored);
        // a mode only raises the status (R and A do not lower RTK float; R raises a GPS fix)
        "gns-status",
        // "@" lines between sentences (gpsd's Garmin simple text lead): one shorter than 57 bytes
        // loses a sentence starting right after its LF (a blank line, garbage or a comment in
        // between takes the loss instead); "*" or a non-printable byte ends it harmlessly; "$"
        // inside it is part of it
        "at-text-lines",
        // HDT without a heading changes nothing: no TPV, also after a DBT, where every other sentence
        // without a time of fix is reported
        "hdt-empty",
        // a chartplotter's RMC without a date (older times, interleaved with a GPS's dated RMC): its
        // time takes no part in cycle detection, so it neither starts nor ends a cycle (reported
        // only before the ender is known)
        "rmc-dateless",
        // GSA ids numbered by the talker's second letter as gpsd 3.22 numbers them (PQ as QZSS, GA
        // 101+ and 301+, BD 33+ and 201+, QZ, GB), seen in the SKY's used flags; a GP GSA after a GN one
        "gsa-talker-numbering",
        // NMEA 4.11 GSV groups per talker and signal gathered into sky views as gpsd 3.22 does: a GP
        // L1 group (signal none, 0, 1, 7, 8) starts a view, other groups add to it (GL after GL too),
        // any other sentence ends it; ids 33-64 in a BeiDou group's later sentences are SBAS
        "gsv-signal-groups",
        // GSV and GSA without a checksum, counted a field short as gpsd 3.22 counts them: an NMEA 4.0 GSV
        // empties the sky view, an NMEA 4.1 one loses its signal id (read as L1), a GSA is ignored
        "gsv-no-checksum",
        // more than gpsd's 140 satellites in a view: the sentence adding the 141st empties it (no SKY
        // when it is a group's last), later groups start from none; exactly 140 kept
        "gsv-max-channels",
        // talkers gpsd 3.22's packet lexer does not know (NMEA 4.11's GQ and GI, HE) dropped whole, so
        // a GQGSV between two groups does not end the sky view; PQ, QZ and BD kept
        "talker-leads",
        // a sentence interrupted by another ('$' inside it) kept aside and completed by its rest after
        // the next sentence taken, as gpsd's packet lexer does; one deep; not after a wrong checksum or
        // an unknown talker; an interruption right after the talker ("$GN$GPTXT")
        "interrupted-sentence",
        // GSV entries as gpsd 3.22 reads them: an empty or 0 id moves on one field (the elevation read
        // as the next id); an id gpsd numbers PRN 0 (BeiDou 240 in a later sentence) takes a slot and
        // hides the view's last satellite from the SKY (nSat still counts it); el beyond 90 not printed
        "gsv-odd-slots",
        // GSAs of more than 18 fields (Navior-24's 24 ids): the mode and every id up to the fourth field
        // from the end, but no DOPs when there are more than 19 fields
        "gsa-long",
        // VTG as gpsd reads it: track and knots both needed (not km/h alone, not the old layout
        // without unit letters, nothing when estimated), the magnetic track when given
        "vtg-magnetic",
        // gpsd's magnetic variation table (WMM2015 at 2020.0): filled where the receiver gives none
        // or 0.0, magtrack from the true track, a compass's (HDG) magnetic heading to a true track
        "magnetic-variation",
        // an RMC V with a time but no date (a u-blox cold start) reports at once and makes the
        // cycle end unreliable, as a time-less one does; the first valid RMC after it is 3D again
        "rmc-invalid-dateless",
        // GGA without altitude, reported at GGA after RMC and VTG: 2D although the cycle before's GSA
        // said 3D (Waygate's own simulator wrote such GGAs)
        "gga-no-altitude",
        // GGA without altitude, then RMC as the cycle ender: RMC 3D by the satellites the GSA before listed
        "gga-no-altitude-rmc-after",
        // a stream starting with GSA (GSA, GGA without altitude, RMC): RMC 3D when the GSAs listed more than
        // 3 satellites or the fix has an altitude, else 2D or the last timed fix's 3D; RMC A without a position no fix
        "gsa-first",
        // a position with one of its four fields empty (hemisphere or value) is absent, not impossible:
        // an RMC or GLL with one gives no position and the cycle keeps the GGA's fix, 3D by its altitude
        "incomplete-position",
        // midnight crossed by sentences without a date: an hour below the last one's moves the date on a
        // day (GGA before the new day's RMC, GGA and GLL after a ZDA across a month end)
        "midnight-wrap",
        // a GGA repeating the last one's time (gpsd's latch) takes no quality: the status stays what the
        // first GGA of that time gave (RTK kept, no fix kept)
        "gga-duplicate",
        // RMC status A or D a valid fix (with or without an FAA mode), any other (X, empty, V) no fix;
        // an unreadable date (N) is not an empty one: that invalid RMC keeps the date and cycle end
        "rmc-status",
        // GGA quality 3 (PPS) status 9, 7 (manual input) status 7, 9 a plain fix; RMC keeps the status
        "gga-quality",
        // a latitude or longitude without a decimal point is no position (GGA no fix, RMC leaves the
        // cycle's position); no speed or course error derived towards a missing position
        "coordinate-no-point",
        // within a cycle the status only rises: a GGA after an RMC does not lower its FAA status
        "status-rises",
        // a SkyTraq PSTI,030's FAA mode only raises the cycle's status (an RMC's E, a GGA's RTK stay)
        "skytraq-status",
        // GGA of fewer than 13 fields and RMC of fewer than 8 (as gpsd counts them, one fewer without a
        // checksum) too short: ignored
        "sentence-length",
        // a PGRME figure left empty is unknown and leaves the fix's value (no 0), eps/epc derived again
        "garmin-empty-errors",
        // a GGA without a geoid separation takes the table's at its own position, kept when the RMC
        // after it moves the fix (180° W then Munich, Munich then Reykjavik)
        "geoid-at-gga",
        // GGA HDOP: any number taken (99.0, 270), empty leaves it, text (M) makes it unknown (the sky
        // view after works it out from the satellites)
        "gga-hdop",
        // a track or magnetic track of 360.0 (RMC, VTG) reported as 0
        "course-360",
        // a PSRFEPE's time dates the fix once a date is known (the report a next-second PSRFEPE opens)
        "sirf-time",
        // sentences shorter than gpsd's table asks (GNS 13, GBS 7, PSRFEPE 7, PGRMF 15 fields) ignored,
        // those just long enough read; a bare MWD (no minimum) reported; a PSRFEPE's eps lost at the
        // next sentence when the fix before had epx/epy and this one has none
        "sentence-minimums",
        // without a checksum one field fewer counts: a GLL of 7, GST of 8, PGRME of 7, PGRMZ of 4, DBT
        // of 7, PSTI,030 of 16 fields ignored, one field more read
        "sentence-minimums-unchecked",
        // a speed or climb derived from the fix before dropped above 9999.9 m/s (an RMC missing between
        // positions far apart), 9822 m/s and a climb of 8800 m/s kept
        "derived-speed-limit",
        // climbs at a rounding edge over fractional-second cycles: time differences from whole seconds
        // and nanoseconds, as gpsd's timespec gives them
        "time-difference",
        // Garmin PGRMM's map datum in the TPVs of its own cycle (after sep, before depth and DGPS),
        // not at mode 1, an empty one nothing, 39 characters kept of a longer name
        "garmin-datum",
        // PGRMF's time: with GPS week, seconds and leap seconds the last sentence's (none before a
        // date), else its UTC date and time; leapseconds in every TPV once known; DTM's datum
        "garmin-time",
    ]


    /// Every log agrees with gpsd on every field (the geoid separations and magnetic variations
    /// where the receiver gave none too, since the grids sample gpsd's models: EGM2008, WMM2015).
    @Test("each behaviour log decodes as gpsd 3.22 reports it", arguments: logs)
    func agreement(log: String) throws {
        let name = "gpsd/behaviour-\(log)"
        let input = try Data(contentsOf: Fixtures.url("\(name).nmea", target: "NMEATests"))
        let expected = try String(contentsOf: Fixtures.url("\(name).expected.json", target: "NMEATests"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let result = GPSDAgreement(expected: expected, actual: GPSDReportStream.reports(for: [UInt8](input)))
        for m in result.mismatches.prefix(15) { print("  MISMATCH \(log) \(m)") }
        #expect(result.all.total > 0)
        #expect(result.all.share == 1)
    }
}
