import Foundation
import GPSDProtocol
import Positioning
import Timekeeping
import Testing
import TestSupport

@Suite("gpsd JSON objects")
struct GPSDMessageTests {
    static let logs = GPSDGoldenTests.logs

    @Test("every TPV, SKY and GST gpsd 3.22 printed decodes and re-encodes to the same bytes", arguments: logs)
    func roundTrip(log: String) throws {
        let text = try String(contentsOf: Fixtures.url("gpsd/\(log).expected.json", target: "NMEATests"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            switch try GPSDMessage.decode(line) {
            case .tpv(let tpv): #expect(tpv.json == String(line))
            case .sky(let sky): #expect(sky.json == String(line))
            case .noise(let gst): #expect(gst.json == String(line))
            default: Issue.record("unexpected class in \(line)")
            }
        }
    }

    @Test("TPV converts to a Fix and back without loss")
    func tpvFix() throws {
        let line = #"{"class":"TPV","status":2,"mode":3,"time":"2022-10-18T11:32:58.000Z","ept":0.005,"lat":32.648580000,"lon":-108.374110000,"altHAE":1552.8000,"altMSL":1577.4000,"alt":1577.4000,"epv":5.175,"track":247.1000,"magtrack":256.4000,"magvar":9.3,"speed":2.727,"geoidSep":-24.600,"eph":5.225,"sep":6.650}"#
        guard case .tpv(let tpv) = try GPSDMessage.decode(line) else { Issue.record("not TPV"); return }
        let fix = tpv.fix
        #expect(fix.mode == .threeD && fix.status == 2 && fix.altitudeMSL == 1577.4 && fix.course == 247.1)
        #expect(fix.time?.iso8601 == "2022-10-18T11:32:58.000Z")
        #expect(TPV(fix).json == line)
    }

    @Test("VERSION, DEVICES, WATCH, POLL and ERROR print as gpsd does and decode back")
    func controlObjects() throws {
        let version = Version()
        #expect(version.json == #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
        #expect(try GPSDMessage.decode(version.json) == .version(version))
        var device = Device(path: "/dev/ttyACM0", driver: "NMEA0183", activated: "2026-11-29T18:00:00.000Z", bps: 9600)
        device.cycle = 1
        let devices = Devices(devices: [device])
        #expect(devices.json == #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"NMEA0183","activated":"2026-11-29T18:00:00.000Z","bps":9600,"cycle":1.00}]}"#)
        #expect(try GPSDMessage.decode(devices.json) == .devices(devices))
        let watch = Watch(enable: true, json: true)
        #expect(watch.command == #"?WATCH={"enable":true,"json":true};"#)
        #expect(watch.jsonText == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#)
        guard case .watch(let echoed) = try GPSDMessage.decode(watch.jsonText) else { Issue.record("not WATCH"); return }
        #expect(echoed.enable == true && echoed.nmea == false)
        let poll = Poll(time: "2026-11-29T18:00:00.000Z", active: 1, tpv: [TPV(mode: 1)], sky: [])
        #expect(poll.json == #"{"class":"POLL","time":"2026-11-29T18:00:00.000Z","active":1,"tpv":[{"class":"TPV","mode":1}],"sky":[]}"#)
        #expect(try GPSDMessage.decode(poll.json) == .poll(poll))
        let error = GPSDErrorReport(message: "Unrecognized request 'FOO'")
        #expect(error.json == #"{"class":"ERROR","message":"Unrecognized request 'FOO'"}"#)
        #expect(try GPSDMessage.decode(error.json) == .error(error))
        #expect(try GPSDMessage.decode(#"{"class":"PPS","real_sec":1}"#) == .other(class: "PPS"))
    }

    @Test("malformed lines throw errors naming the input")
    func malformed() {
        #expect(throws: GPSDProtocolError.malformed("not json")) { try GPSDMessage.decode("not json") }
        #expect(throws: GPSDProtocolError.self) { try GPSDMessage.decode(#"{"class":"TPV","mode":"x"}"#) }
        #expect(GPSDProtocolError.malformed("x").description == #"not a gpsd JSON object: "x""#)
    }
}

@Suite("GPSDReportStream")
struct GPSDReportStreamTests {
    @Test("chunked input gives the same report lines as one call", arguments: [1, 7, 64, 4096])
    func chunking(size: Int) throws {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.trace("nmea/ublox-8.nmea")))
        var stream = GPSDReportStream()
        var lines: [String] = []
        var i = 0
        while i < bytes.count {
            lines += stream.push(bytes[i..<min(i + size, bytes.count)])
            i += size
        }
        lines += stream.finish()
        #expect(lines == GPSDReportStream.reports(for: bytes))
        #expect(lines.count == 149)
    }
}
