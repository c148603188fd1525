import Foundation
import Gateway
import LocationSources
import Positioning
import Servers
import SystemIO
import Testing
import TestSupport
import Timekeeping

/// The gpsd port against a real gpsd 3.22 on the same input: gpsd reads one pseudo-terminal,
/// Waygate's serial source another (feeding the gpsd port as the daemon does), both are fed the
/// same NMEA, and both answer the same requests. The lines must be the same bytes, device paths,
/// the wall-clock times (`activated`, POLL's `time`), POLL's `sky` and WATCH timing's members
/// aside (docs/gpsd-compatibility.md says why those differ).
@Suite("GPSDLiveParity", .serialized, .enabled(if: LoopbackGPSD.isInstalled))
struct GPSDLiveParityTests {
    /// Quectel L70 (GST every second), its first four cycles without the MTK replies (which make
    /// gpsd switch to its MTK-3301 driver); ends with the 15:01:22 GST.
    static func lines() throws -> [String] {
        let lines = try traceLines("quectel-L70.nmea").filter { !$0.hasPrefix("$PMTK") && !$0.hasPrefix("$PQ") }
        let end = try #require(lines.firstIndex { $0.hasPrefix("$GPGST,150122.000") })
        return Array(lines[...end])
    }

    /// `line` with the device path and wall-clock times masked.
    static func masked(_ line: String, path: String) -> String {
        line.replacingOccurrences(of: path, with: "PTY")
            .replacingOccurrences(of: #""activated":"[^"]*""#, with: #""activated":"T""#, options: .regularExpression)
            .replacingOccurrences(of: #"^\{"class":"POLL","time":"[^"]*""#, with: #"{"class":"POLL","time":"T""#, options: .regularExpression)
    }

    /// A POLL line up to its `sky` list; any other line as it is.
    static func upToSKY(_ line: String) -> Substring {
        guard line.hasPrefix(#"{"class":"POLL""#), let sky = line.range(of: #","sky":["#) else { return line[...] }
        return line[..<sky.lowerBound]
    }

    /// Watches through `client` with `watch` (the device open, nothing sent yet), feeds `lines`
    /// into `pty`, and returns what the client got from the WATCH reply on to the last GST, then
    /// the replies to `?DEVICES;`, `?DEVICE;` and `?POLL;`.
    static func session(_ client: GPSDLineClient, watch: String, pty: PseudoTerminal, lines: [String]) throws -> [String] {
        _ = try client.line()  // VERSION
        try client.send(watch)
        var got = [try client.line(), try client.line()]
        let feeder = NMEAFeeder(pty, lines: lines, interval: 0.02, loop: false)
        defer { feeder.stop() }
        while true {
            let line = try client.line()
            guard !line.isEmpty else { break }
            got.append(line)
            if line.hasPrefix(#"{"class":"GST""#), line.contains(#""time":"2022-03-09T15:01:22.000Z""#) { break }
        }
        for request in ["?DEVICES;", "?DEVICE;", "?POLL;"] {
            try client.send(request)
            got.append(try client.line())
        }
        return got.map { masked($0, path: pty.devicePath) }
    }

    /// The session `watch` gets from a real gpsd reading a pty, then from the gpsd port fed by
    /// Waygate's serial source reading another, both fed `lines()`.
    static func sessions(watch: String) throws -> (gpsd: [String], waygate: [String]) {
        let dir = try TemporaryDirectory(prefix: "gpsd-live")
        defer { dir.remove() }
        let lines = try Self.lines()

        let gpsdPTY = try PseudoTerminal()
        defer { gpsdPTY.close() }
        let port = LoopbackGPSD.freePort()
        let gpsd = try LoopbackGPSD.start(port: port, device: gpsdPTY.devicePath, dir: dir)
        defer { gpsd.stop() }
        try #require(LoopbackGPSD.waitForListener(port: port))
        let expected = try session(GPSDLineClient(port: UInt16(port)), watch: watch, pty: gpsdPTY, lines: lines)

        let waygatePTY = try PseudoTerminal()
        defer { waygatePTY.close() }
        let server = try GPSDCompatibleServer(listener: TCPListener(port: 0), version: "9.9", log: { _ in })
        defer { server.stop() }
        let clock = SystemTimeSource()
        let source = SerialNMEASource(path: waygatePTY.devicePath, options: .init(baudRate: gpsdSpeed, driver: .termios), timeSource: clock)
        let reader = Task {
            await source.run { batch in server.publish(batch.map { .source($0, from: source.id, time: clock.now()) }) }
        }
        defer { reader.cancel() }
        let client = try GPSDLineClient(port: server.listener.port)
        _ = try client.line()
        for _ in 0..<500 {  // until the source has opened its pty (gpsd -n opened its own at start)
            try client.send("?DEVICES;")
            if try client.line().contains(waygatePTY.devicePath) { break }
            usleep(10_000)
        }
        return (expected, try session(GPSDLineClient(port: server.listener.port), watch: watch, pty: waygatePTY, lines: lines))
    }

    @Test("an NMEA receiver with GST on a tty: DEVICE (no flags on activation, flags once it has sent data, native, bps, parity, stopbits, cycle), streamed GST and POLL's last GST as gpsd's")
    func serialReceiverWithGST() throws {
        let (expected, got) = try Self.sessions(watch: #"?WATCH={"enable":true,"json":true};"#)
        #expect(got.count == expected.count)
        for (index, (line, gpsdLine)) in zip(got, expected).enumerated() {
            // POLL's SKY differs (docs/gpsd-compatibility.md): gpsd prints its live state, whose
            // DOPs a GSA after the last SKY has changed; Waygate the last SKY it sent.
            #expect(Self.upToSKY(line) == Self.upToSKY(gpsdLine), "line \(index)")
        }
        // What this compares, spelled out (gpsd's bytes): the device before its first packet,
        // announced by it (no flags yet), GST streamed, then flags, and POLL's last GST.
        #expect(expected[0] == #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"PTY","activated":"T","native":0,"bps":\#(Self.gpsdSpeed),"parity":"N","stopbits":1,"cycle":1.00}]}"#)
        #expect(expected[2] == #"{"class":"DEVICE","path":"PTY","driver":"NMEA0183","activated":"T","native":0,"bps":\#(Self.gpsdSpeed),"parity":"N","stopbits":1,"cycle":1.00}"#)
        #expect(expected.contains(#"{"class":"GST","device":"PTY","time":"2022-03-09T15:01:19.000Z","rms":4.000,"major":8.700,"minor":4.700,"orient":132.300,"lat":6.800,"lon":7.200,"alt":14.000}"#))
        let device = #"{"class":"DEVICE","path":"PTY","driver":"NMEA0183","activated":"T","flags":1,"native":0,"bps":\#(Self.gpsdSpeed),"parity":"N","stopbits":1,"cycle":1.00}"#
        #expect(expected.suffix(3).dropLast() == [#"{"class":"DEVICES","devices":[\#(device)]}"#, device])
        #expect(expected.last?.contains(#""gst":[{"class":"GST","device":"PTY","time":"2022-03-09T15:01:22.000Z","rms":4.000,"major":8.500,"minor":4.600,"orient":131.700,"lat":6.600,"lon":7.000,"alt":13.000}]"#) == true)
    }

    @Test("WATCH timing: gpsd adds its receive-side timing to every TPV of mode 2 or 3 (rtime, sor, chars, sats, week, tow, rollovers, before eph if any); Waygate echoes timing and sends those TPVs without it, otherwise gpsd's bytes")
    func timing() throws {
        let (expected, got) = try Self.sessions(watch: #"?WATCH={"enable":true,"json":true,"timing":true};"#)
        #expect(got[1] == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":true,"split24":false,"pps":false}"#)
        let timing = #","rtime": \d+\.\d{9},"sor": 0\.000000000,"chars":\d+,"sats":[ \d]\d,"week":0,"tow":0\.000,"rollovers":\d+"#
        let positioned = expected.filter { $0.hasPrefix(#"{"class":"TPV""#) && !$0.contains(#""mode":1"#) }
        #expect(positioned.count >= 4)
        #expect(positioned.allSatisfy { $0.range(of: timing + #"(,"eph":.*)?\}$"#, options: .regularExpression) != nil })
        #expect(!got.contains { $0.contains(#""rtime""#) })
        let withoutTiming = expected.map { $0.replacingOccurrences(of: timing, with: "", options: .regularExpression) }
        #expect(got.count == withoutTiming.count)
        for (index, (line, gpsdLine)) in zip(got, withoutTiming).enumerated() {
            #expect(Self.upToSKY(line) == Self.upToSKY(gpsdLine), "line \(index)")
        }
    }

    /// The line speed gpsd reports for a fresh pseudo-terminal (it reads the speed the tty has).
    static let gpsdSpeed = 38_400
}
