import NMEA
import Testing

@Suite("SentenceParser")
struct SentenceParserTests {
    @Test("GGA from a u-blox M8")
    func gga() throws {
        guard case .gga(let s, let talker) = try SentenceParser.parse("$GNGGA,000941.00,4404.13387,N,12118.85628,W,1,12,1.01,1144.8,M,-21.4,M,,*4D")
        else { Issue.record("not GGA"); return }
        #expect(talker == "GN")
        #expect(s.time == NMEATime(hour: 0, minute: 9, second: 41))
        #expect(abs(s.latitude! - 44.068897833) < 1e-9)
        #expect(abs(s.longitude! + 121.314271333) < 1e-9)
        #expect(s.quality == 1 && s.satellitesUsed == 12 && s.hdop == 1.01 && s.altitude == 1144.8 && s.geoidSeparation == -21.4)
        #expect(s.dgpsAge == nil && s.dgpsStation == nil)
    }

    @Test("RMC with empty track and magnetic variation")
    func rmc() throws {
        guard case .rmc(let s, _) = try SentenceParser.parse("$GNRMC,000941.00,A,4404.13387,N,12118.85628,W,0.029,,100117,,,A*7D")
        else { Issue.record("not RMC"); return }
        #expect(s.status == "A" && s.speedKnots == 0.029 && s.track == nil && s.magneticVariation == nil && s.faaMode == "A")
        #expect(s.date == NMEADate(day: 10, month: 1, year: 17))
    }

    @Test("GSA with NMEA 4.1 system id")
    func gsa() throws {
        guard case .gsa(let s, _) = try SentenceParser.parse("$GNGSA,A,3,82,66,81,,,,,,,,,,1.05,0.64,0.83,2*0C")
        else { Issue.record("not GSA"); return }
        #expect(s.mode == 3 && s.satelliteIDs == [82, 66, 81] && s.pdop == 1.05 && s.hdop == 0.64 && s.vdop == 0.83 && s.systemID == 2)
    }

    @Test("a GSA of more than 19 fields gives every id to the fourth field from the end and no DOPs, as gpsd 3.22 reads it")
    func longGSA() throws {
        guard case .gsa(let s, _) = try SentenceParser.parse("$GPGSA,A,3,27,23,13,07,25,,,,,,,,,,,,,,,,,,,,07.9,06.0,05.2*0B")
        else { Issue.record("not GSA"); return }
        #expect(s.fieldCount == 30 && s.mode == 3 && s.satelliteIDs == [27, 23, 13, 7, 25])
        #expect(s.pdop == nil && s.hdop == nil && s.vdop == nil && s.systemID == nil)
    }

    @Test("GSV with a signal id and a short last group")
    func gsv() throws {
        guard case .gsv(let s, let talker) = try SentenceParser.parse("$GAGSV,3,3,09,33,62,034,08,7*41")
        else { Issue.record("not GSV"); return }
        #expect(talker == "GA" && s.sentenceCount == 3 && s.sentenceNumber == 3 && s.satellitesInView == 9 && s.signalID == 7)
        #expect(s.entries == [GSV.Entry(id: 33, elevation: 62, azimuth: 34, snr: 8)])
    }

    @Test("GSV and GSA without a checksum have one field fewer, as gpsd 3.22 counts them")
    func withoutChecksum() throws {
        guard case .gsv(let signal, _) = try SentenceParser.parse("$GPGSV,1,1,01,05,06,110,19,6") else { Issue.record("GSV"); return }
        #expect(signal.isWellFormed && signal.fieldCount == 8 && signal.signalID == nil)
        #expect(signal.entries == [GSV.Entry(id: 5, elevation: 6, azimuth: 110, snr: 19)])
        guard case .gsv(let plain, _) = try SentenceParser.parse("$GPGSV,1,1,01,05,06,110,19") else { Issue.record("GSV"); return }
        #expect(!plain.isWellFormed && plain.fieldCount == 7 && plain.entries.isEmpty)
        guard case .gsa(let gsa, _) = try SentenceParser.parse("$GNGSA,A,3,2,5,12,25,,,,,,,,,1.5,0.9,1.2") else { Issue.record("GSA"); return }
        #expect(gsa.fieldCount == 17)
    }

    @Test("VTG, GLL, ZDA, GST, GNS, HDT and TXT from real receivers")
    func others() throws {
        guard case .vtg(let v, _) = try SentenceParser.parse("$GNVTG,,T,,M,0.029,N,0.053,K,A*30") else { Issue.record("VTG"); return }
        #expect(v.track == nil && v.speedKnots == 0.029 && v.speedKmh == 0.053 && v.faaMode == "A")
        guard case .gll(let g, _) = try SentenceParser.parse("$GNGLL,4404.13387,N,12118.85628,W,000941.00,A,A*69") else { Issue.record("GLL"); return }
        #expect(g.status == "A" && g.time == NMEATime(hour: 0, minute: 9, second: 41))
        guard case .zda(let z, _) = try SentenceParser.parse("$GNZDA,000941.00,10,01,2017,00,00*70") else { Issue.record("ZDA"); return }
        #expect(z.date == NMEADate(day: 10, month: 1, year: 2017))
        guard case .gst(let t, _) = try SentenceParser.parse("$GPGST,150119.00,4.0,8.7,4.7,132.3,6.8,7.2,14*5F") else { Issue.record("GST"); return }
        #expect(t.rms == 4.0 && t.semiMajor == 8.7 && t.orientation == 132.3 && t.altitudeError == 14)
        guard case .gns(let n, _) = try SentenceParser.parse("$GNGNS,122310.2,3722.425671,N,12258.856215,W,DAAA,14,0.9,1005.543,6.5,,,S*0E") else { Issue.record("GNS"); return }
        #expect(n.modes == "DAAA" && n.satellitesUsed == 14 && n.altitude == 1005.543)
        guard case .hdt(let h, _) = try SentenceParser.parse("$HEHDT,341.8,T*21") else { Issue.record("HDT"); return }
        #expect(h.heading == 341.8)
        guard case .txt(let x, _) = try SentenceParser.parse("$GNTXT,01,01,02,u-blox AG - www.u-blox.com*4E") else { Issue.record("TXT"); return }
        #expect(x.messageType == 2 && x.text == "u-blox AG - www.u-blox.com")
    }

    @Test("marine DBT, HDG, MWD, MWV as gpsd 3.22 reads them")
    func marine() throws {
        func depth(_ text: String) throws -> Double? {
            guard case .dbt(let d, let talker) = try SentenceParser.parse(text), talker == "SD" else { Issue.record("not parsed: \(text)"); return nil }
            return d.depth
        }
        #expect(try depth("$SDDBT,18.0,f,5.4,M,3.0,F*3D") == 5.4)  // metres first
        #expect(try depth("$SDDBT,33.1,f,,M,,F*37") == 33.1 * 0.3048)  // else feet
        #expect(try depth("$SDDBT,,f,,M,6.0,F*00") == 6.0 * 1.8288)  // else fathoms
        #expect(try depth("$SDDBT,,f,,M,,F*28") == nil)
        #expect(throws: NMEAError.self) { try SentenceParser.parse("$SDDBT,18.0,f,5.4,M*56") }  // gpsd needs all six fields
        func heading(_ text: String) throws -> Double? {
            guard case .hdg(let h, _) = try SentenceParser.parse(text) else { Issue.record("not parsed: \(text)"); return nil }
            return h.heading
        }
        #expect(try heading("$SDHDG,229.8,,,1.3,E*36") == 229.8)
        #expect(try heading("$HCHDG,101.5,2.0,E,1.5,W*53") == 101.5)  // deviation not added
        #expect(try heading("$HCHDG,400.0,,,,*46") == nil)
        guard case .mwd(let w, _) = try SentenceParser.parse("$WIMWD,328.2,T,326.8,M,11.2,N,5.8,M*61") else { Issue.record("MWD"); return }
        #expect(w.trueDirection == 328.2 && w.magneticDirection == 326.8 && w.speed == 5.8)
        guard case .mwv(let r, _) = try SentenceParser.parse("$WIMWV,57.5,R,13.0,N,A*26") else { Issue.record("MWV"); return }
        #expect(r.isApparentInKnots && r.angle == 57.5 && r.speed == 13.0)
        guard case .mwv(let t, _) = try SentenceParser.parse("$WIMWV,96.6,T,11.2,N,A*2E") else { Issue.record("MWV T"); return }
        #expect(!t.isApparentInKnots)
    }

    @Test("SiRF PSRFEPE error estimates")
    func psrfepe() throws {
        guard case .psrfepe(let e) = try SentenceParser.parse("$PSRFEPE,100542.000,A,0.7,6.82,10.69,0.0,180.0*24") else {
            Issue.record("not PSRFEPE"); return
        }
        #expect(e.status == "A" && e.hdop == 0.7 && e.horizontalError == 6.82 && e.verticalError == 10.69 && e.headingError == 180)
    }

    @Test("SkyTraq PSTI,030 position and velocity, PSTI,032's time; other counts and types ignored")
    func skytraq() throws {
        guard case .psti030(let p) = try SentenceParser.parse("$PSTI,030,213121.000,A,4404.1295864,N,12118.8685453,W,1102.537,-0.01,0.01,0.03,070416,D,0.0,0.0*13") else {
            Issue.record("not PSTI,030"); return
        }
        #expect(p.status == "A" && p.faaMode == "D" && p.altitudeMSL == 1102.537 && p.date == NMEADate(day: 7, month: 4, year: 16))
        #expect(p.east == -0.01 && p.north == 0.01 && p.up == 0.03 && p.time?.hour == 21)
        #expect(p.latitude.map { abs($0 - 44.068826440) < 1e-9 } == true && p.longitude.map { abs($0 + 121.314475755) < 1e-9 } == true)
        guard case .psti030(let empty) = try SentenceParser.parse("$PSTI,030,213125.000,A,4404.1296622,N,12118.8685902,W,1102.300,,,,070416,R,0.0,0.0*35") else { Issue.record("PSTI,030"); return }
        #expect(empty.east == nil && empty.north == nil && empty.up == nil && empty.faaMode == "R")
        let (impossible, rejected) = try SentenceParser.parseCounting(NMEAFields(Array("$PSTI,030,213125.000,A,4404.1296622,N,12118.8685902,W,1102.300,5000,0.1,nan,070416,R,0.0,0.0*7E".utf8)))
        guard case .psti030(let i) = impossible else { Issue.record("PSTI,030"); return }
        #expect(i.east == nil && i.north == 0.1 && i.up == nil && rejected.count == 2)
        guard case .psti032(let b) = try SentenceParser.parse("$PSTI,032,213129.000,070416,A,R,0.603,-0.837,-0.089,1.036,144.22,,,,,*13") else { Issue.record("PSTI,032"); return }
        #expect(b.status == "A" && b.time?.second == 29 && b.date == NMEADate(day: 7, month: 4, year: 16))
        #expect(try SentenceParser.parse("$PSTI,030,213128.000,A,4404.1296922,N,12118.8686202,W,1102.270,0.03,-0.05,0.10,070416,D,0.0,0.0,1*06") == .unrecognized(address: "PSTI"))
        #expect(try SentenceParser.parse("$PSTI,001,1*1E") == .unrecognized(address: "PSTI"))
        #expect(try SentenceParser.parse("$PSTI,030,213125.000,A,4404.1296622*64") == .unrecognized(address: "PSTI"))
        // Without a checksum gpsd counts one field fewer: 16 fields are 15, 17 are the 16 it reads.
        #expect(try SentenceParser.parse("$PSTI,030,213125.000,A,4404.1296622,N,12118.8685902,W,1102.300,,,,070416,R,0.0,0.0") == .unrecognized(address: "PSTI"))
        guard case .psti030 = try SentenceParser.parse("$PSTI,030,213125.000,A,4404.1296622,N,12118.8685902,W,1102.300,,,,070416,R,0.0,0.0,") else {
            Issue.record("PSTI,030 of 17 fields without a checksum"); return
        }
    }

    @Test("Garmin PGRME errors, PGRMF fix data, PGRMZ altitude and Magellan PMGNST status, as gpsd's table names them")
    func garminAndMagellan() throws {
        guard case .pgrme(let e) = try SentenceParser.parse("$PGRME,7.6,M,41.7,M,42.4,M*2F") else { Issue.record("PGRME"); return }
        #expect(e.horizontalError == 7.6 && e.verticalError == 41.7 && e.sphericalError == 42.4 && e.inMetres)
        guard case .pgrmf(let f) = try SentenceParser.parse("$PGRMF,290,293895,160305,093802,13,5213.1439,N,02100.6511,E,A,2,0,226,2,1*11") else {
            Issue.record("PGRMF"); return
        }
        #expect(f.leapSeconds == 13 && f.fixType == 2 && f.mode == "A" && f.course == 226 && f.pdop == 2 && f.tdop == 1)
        #expect(f.date == NMEADate(day: 16, month: 3, year: 5) && f.time?.hour == 9 && f.latitude.map { abs($0 - 52.219065) < 1e-6 } == true)
        guard case .pgrmz(let z) = try SentenceParser.parse("$PGRMZ,246,f,3*1B") else { Issue.record("PGRMZ"); return }
        #expect(z.altitudeFeet == 246 && z.fixType == "3")
        guard case .pmgnst(let m) = try SentenceParser.parse("$PMGNST,01.75,3,F,816,11.1,+00000,20*5E") else { Issue.record("PMGNST"); return }
        #expect(m.mode == 3 && !m.hasFix)
    }

    @Test("a five-letter address is dispatched on its last three letters, as gpsd does (Quectel PQGSA)")
    func anyTalker() throws {
        guard case .gsa(let g, let talker) = try SentenceParser.parse("$PQGSA,A,3,12,,,,,,,,,,,,1.2,0.9,0.9,4*3C") else {
            Issue.record("PQGSA"); return
        }
        #expect(talker == "PQ" && g.satelliteIDs == [12])
    }

    @Test("proprietary and unknown sentences are unrecognized, short ones throw")
    func unknown() throws {
        #expect(try SentenceParser.parse("$PGRMV,0.0,0.0,0.0*5C") == .unrecognized(address: "PGRMV"))
        #expect(try SentenceParser.parse("$GPGRS,120000.00,1,0.5,-0.3*00") == .unrecognized(address: "GPGRS"))
        #expect(throws: NMEAError.self) { try SentenceParser.parse("$GPGGA,1*00") }
    }

    @Test("DTM and PGRMM name a datum as gpsd 3.22 prints it")
    func datum() throws {
        func datum(_ text: String) throws -> String? {
            switch try SentenceParser.parse(text) {
            case .dtm(let d, _): d.datum
            case .pgrmm(let m): m.datum
            default: "not a datum sentence"
            }
        }
        #expect(try datum("$GPDTM,W84,,0.0,N,0.0,E,0.0,W84*6F") == "WGS84")
        #expect(try datum("$GPDTM,999,,0.0,N,0.0,E,0.0,W84*0D") == "User Defined")
        #expect(try datum("$GPDTM,ABC,,0.0,N,0.0,E,0.0,W84*74") == "ABC")
        #expect(try datum("$GPDTM,,,0.0,N,0.0,E,0.0,W84*00") == nil)
        #expect(try datum("$PGRMM,NAD83*29") == "NAD83")
        #expect(try datum("$PGRMM,A Datum Name Of Fifty Characters Exactly 1234567890*00") == "A Datum Name Of Fifty Characters Exactl")
        #expect(throws: NMEAError.self) { try SentenceParser.parse("$PGRMM,WGS 84") }  // one field as gpsd counts
    }
}
