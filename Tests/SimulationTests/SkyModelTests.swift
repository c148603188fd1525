import Geodesy
import Positioning
import Simulation
import Testing
import Timekeeping

@Suite("SkyModel")
struct SkyModelTests {
    static let places = [
        Coordinate(latitude: 45.4642, longitude: 9.19),  // Milan
        Coordinate(latitude: 60.1699, longitude: 24.9384),  // Helsinki
        Coordinate(latitude: -33.87, longitude: 151.21),  // Sydney
        Coordinate(latitude: 0, longitude: -78.5),  // Quito-ish, on the equator
    ]

    @Test("over a day, 6–14 GPS satellites are in view (about 10 on average), plus GLONASS and Galileo", arguments: places)
    func counts(place: Coordinate) {
        let model = SkyModel()
        var gpsTotal = 0
        for hour in 0..<24 {
            let sky = model.sky(at: place, time: TestShapes.t0.adding(Double(hour) * 3_600))
            let gps = sky.satellites.filter { $0.gnss == .gps }.count
            #expect((6...14).contains(gps))
            #expect(sky.satellites.contains { $0.gnss == .glonass })
            #expect(sky.satellites.contains { $0.gnss == .galileo })
            gpsTotal += gps
            for gnss in [GNSS.gps, .glonass, .galileo] {
                #expect(sky.satellites.filter { $0.gnss == gnss && $0.used }.count <= 12)
            }
            for s in sky.satellites {
                #expect((5...90).contains(s.elevation ?? -1) && (0..<360).contains(s.azimuth ?? -1))
                #expect((29...49).contains(s.snr ?? 0))
                #expect(s.used == ((s.elevation ?? 0) >= 10))
            }
        }
        #expect((8...12).contains(Double(gpsTotal) / 24))
    }

    @Test("PRNs follow gpsd's numbering and are unique")
    func numbering() {
        let sky = SkyModel().sky(at: Self.places[0], time: TestShapes.t0)
        #expect(Set(sky.satellites.map(\.prn)).count == sky.satellites.count)
        for s in sky.satellites {
            switch s.gnss {
            case .gps: #expect((1...32).contains(s.prn) && s.svid == s.prn)
            case .glonass: #expect((65...96).contains(s.prn) && s.svid == s.prn - 64)
            case .galileo: #expect((301...336).contains(s.prn) && s.svid == s.prn - 300)
            default: Issue.record("unexpected constellation \(s.gnss)")
            }
        }
    }

    @Test("DOPs are consistent: PDOP² = HDOP² + VDOP², GDOP ≥ PDOP, typical values")
    func dops() throws {
        let sky = SkyModel().sky(at: Self.places[0], time: TestShapes.t0)
        let h = try #require(sky.hdop), v = try #require(sky.vdop), p = try #require(sky.pdop), g = try #require(sky.gdop)
        let x = try #require(sky.xdop), y = try #require(sky.ydop)
        #expect(abs(p * p - (h * h + v * v)) < 1e-9)
        #expect(abs(h * h - (x * x + y * y)) < 1e-9)
        #expect(g >= p)
        #expect(h > 0.4 && h < 1.5)
        #expect(v > h)
        // GPS alone (fewer satellites) dilutes more.
        let gpsOnly = SkyModel(options: SkyModel.Options(constellations: [.gps])).sky(at: Self.places[0], time: TestShapes.t0)
        #expect(try #require(gpsOnly.hdop) > h)
    }

    @Test("the sky moves slowly and deterministically: < 0.6° in 60 s, different after 3 hours")
    func motion() {
        let model = SkyModel()
        let a = model.sky(at: Self.places[0], time: TestShapes.t0)
        #expect(a == model.sky(at: Self.places[0], time: TestShapes.t0))
        let b = model.sky(at: Self.places[0], time: TestShapes.t0.adding(60))
        for s in a.satellites {
            guard let later = b.satellites.first(where: { $0.prn == s.prn }) else { continue }
            #expect(abs((later.elevation ?? 0) - (s.elevation ?? 0)) < 0.6)
            #expect(Bearing.difference(later.azimuth ?? 0, s.azimuth ?? 0) < 3)
        }
        let c = model.sky(at: Self.places[0], time: TestShapes.t0.adding(3 * 3_600))
        #expect(Set(a.satellites.map(\.prn)) != Set(c.satellites.map(\.prn)))
    }

    @Test("with(sky) copies HDOP and the used count into a fix")
    func annotatesFix() {
        let sky = SkyModel().sky(at: Self.places[1], time: TestShapes.t0)
        let fix = Fix(time: TestShapes.t0, mode: .threeD, coordinate: Self.places[1], isSimulated: true).with(sky)
        #expect(fix.hdop == sky.hdop && fix.satellitesUsed == sky.usedCount && sky.usedCount >= 4)
    }
}
