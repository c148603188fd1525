import Geodesy
import Positioning
import Testing
import Timekeeping
import WireProtocol

@Suite("Positioning values mapped to wire messages")
struct WireMappingTests {
    @Test("a 3D fix becomes a LOCATION with every known field and nothing invented")
    func fixToLocation() {
        var fix = Fix(time: Timestamp(secondsSince1970: 1_800_000_000), mode: .threeD,
                      coordinate: Coordinate(latitude: 60.169857, longitude: 24.938379))
        fix.altitudeMSL = 17.4
        fix.altitudeHAE = 35.3
        fix.speed = 12.86
        fix.course = 84.3
        fix.horizontalAccuracy = 3.2
        fix.verticalAccuracy = 5.1
        fix.hdop = 0.9
        fix.satellitesUsed = 9
        let message = LocationMessage(fix, source: .serial("/dev/ttyACM0"))
        #expect(message == LocationMessage(
            source: "serial:/dev/ttyACM0", mode: 3, lat: 60.169857, lon: 24.938379, alt: 17.4, speed: 12.86, course: 84.3,
            horizontalAccuracy: 3.2, verticalAccuracy: 5.1, hdop: 0.9, satellitesUsed: 9, simulated: false))
    }

    @Test("a no-fix report keeps mode 1 and omits the position")
    func noFix() throws {
        let message = LocationMessage(Fix(mode: .noFix, isSimulated: true), source: .simulator)
        #expect(message.lat == nil && message.lon == nil)
        #expect(String(decoding: try WireCoding.encode(message), as: UTF8.self) == #"{"mode":1,"simulated":true,"source":"simulator"}"#)
    }

    @Test("source events map to SKY, NMEA and DEVICE on their channels")
    func sourceEvents() {
        var sky = SkyView(satellites: [Satellite(prn: 71, gnss: .glonass, svid: 7, elevation: 12, azimuth: 97, snr: 21, used: false)])
        sky.hdop = 0.9
        let source = SourceID.gpsd(host: "127.0.0.1", port: 2947)
        #expect(EventPayload(.sky(sky), source: source) == .sky(SkyMessage(
            source: "gpsd:127.0.0.1:2947",
            satellites: [.init(prn: 71, gnss: "glonass", elevation: 12, azimuth: 97, snr: 21, used: false)], hdop: 0.9)))
        #expect(EventPayload(.sentence("$GPGGA,1*00"), source: source) == .nmea(NMEAMessage(source: "gpsd:127.0.0.1:2947", sentence: "$GPGGA,1*00")))
        let device = EventPayload(.device(.lost, driver: "libgps", baud: nil), source: source)
        #expect(device == .device(DeviceMessage(source: "gpsd:127.0.0.1:2947", state: .lost, driver: "libgps")))
        #expect(device.channel == .device)
        #expect(GNSS.allCases.map(\.wireName) == ["gps", "sbas", "galileo", "beidou", "imes", "qzss", "glonass", "navic"])
    }
}
