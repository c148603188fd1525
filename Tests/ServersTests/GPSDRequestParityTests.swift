import Gateway
import Positioning
import Servers
import SystemIO
import Testing
import Timekeeping

/// The gpsd port's answers to POLL, lost devices, invalid WATCH requests and other requests,
/// against gpsd 3.22: the expected lines are gpsd's own replies (device paths aside), captured
/// from a real gpsd 3.22 reading an NMEA pseudo-terminal (docs/gpsd-compatibility.md).
@Suite("GPSDRequestParity")
struct GPSDRequestParityTests {
    typealias Policy = GPSDWatchPolicyTests

    /// A client past VERSION.
    static func client(_ server: GPSDCompatibleServer) throws -> GPSDLineClient {
        let client = try GPSDLineClient(port: server.listener.port)
        _ = try client.line()
        return client
    }

    /// Sends `request` and expects `expected` back, a DEVICES line standing for `[DEVICES]`.
    static func expect(_ client: GPSDLineClient, _ request: String, _ expected: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        try client.send(request)
        for line in expected {
            let got = try client.line()
            if line == "[DEVICES]" {
                #expect(got.hasPrefix(#"{"class":"DEVICES","devices":["#), "\(request)", sourceLocation: sourceLocation)
            } else {
                #expect(got == line, "\(request)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("POLL as gpsd: nothing for a client not watching; a watcher gets each reporting device's TPV, a GST and SKY")
    func poll() throws {
        let server = try Policy.server()
        defer { server.stop() }
        Policy.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Policy.usb0, at: 1)
        let idle = try Self.client(server)
        try Self.expect(idle, "?POLL;", [#"{"class":"POLL","time":"2027-01-15T08:00:03.000Z","active":0,"tpv":[],"gst":[],"sky":[]}"#])

        let (watcher, _) = try Policy.watcher(server, #"?WATCH={"enable":true,"json":true};"#)
        try watcher.send("?POLL;")
        let poll = try watcher.line()
        // ttyUSB1 is connected but has reported no TPV or SKY: not active.
        #expect(poll.hasPrefix(#"{"class":"POLL","time":"2027-01-15T08:00:03.000Z","active":1,"tpv":[{"class":"TPV","device":"/dev/ttyUSB0","#))
        #expect(poll.hasSuffix(#"}],"gst":[{"class":"GST","device":"/dev/ttyUSB0"}],"sky":[]}"#))
        // Watching stopped, POLL is empty again.
        try Self.expect(watcher, #"?WATCH={"enable":false};"#, ["[DEVICES]", #"{"class":"WATCH","enable":false,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#])
        try Self.expect(watcher, "?POLL;", [#"{"class":"POLL","time":"2027-01-15T08:00:03.000Z","active":0,"tpv":[],"gst":[],"sky":[]}"#])
    }

    @Test("DEVICE as gpsd's: a serial receiver is listed with its line before data, announced with driver NMEA0183 by its first data, flagged after; activated is the latest data's time; a simulator has no line members")
    func deviceMembers() throws {
        let server = try GPSDCompatibleServer(listener: TCPListener(port: 0), version: "9.9", log: { _ in })
        defer { server.stop() }
        Policy.publish(server, .device(.connected, driver: "termios", baud: 9_600), from: Policy.usb0)
        let (watcher, _) = try Policy.watcher(server, #"?WATCH={"enable":true,"json":true};"#)
        let line = #""native":0,"bps":9600,"parity":"N","stopbits":1,"cycle":1.00}"#
        try Self.expect(watcher, "?DEVICE;", [#"{"class":"DEVICE","path":"/dev/ttyUSB0","activated":"2027-01-15T08:00:00.000Z",\#(line)"#])
        Policy.publish(server, .sentence(SentenceText(Policy.zda)), from: Policy.usb0, at: 1)
        Policy.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Policy.usb0, at: 1)
        // gpsd's `activated` is the time of the device's latest data (`online`, renewed by every read).
        #expect(try watcher.line() == #"{"class":"DEVICE","path":"/dev/ttyUSB0","driver":"NMEA0183","activated":"2027-01-15T08:00:01.000Z",\#(line)"#)
        #expect(try watcher.line().hasPrefix(#"{"class":"TPV","device":"/dev/ttyUSB0","#))
        Policy.publish(server, .device(.connected, driver: "simulator", baud: nil), from: .simulator, at: 2)
        #expect(try watcher.line() == #"{"class":"DEVICE","path":"simulator","driver":"simulator","activated":"2027-01-15T08:00:02.000Z"}"#)
        Policy.publish(server, .fix(GPSDCompatibleServerTests.fix(3)), from: .simulator, at: 3)
        #expect(try watcher.line().hasPrefix(#"{"class":"TPV","device":"simulator","#))
        try Self.expect(watcher, "?DEVICES;", [
            #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0","driver":"NMEA0183","activated":"2027-01-15T08:00:01.000Z","flags":1,\#(line),"#
                + #"{"class":"DEVICE","path":"simulator","driver":"simulator","activated":"2027-01-15T08:00:03.000Z","flags":1}]}"#,
        ])
    }

    @Test("GST: noise statistics stream to JSON watchers of their device as gpsd's GST and POLL lists the last one (only device for a receiver without GST)")
    func noise() throws {
        let server = try Policy.server()
        defer { server.stop() }
        let (watcher, _) = try Policy.watcher(server, #"?WATCH={"enable":true,"json":true};"#)
        let (sentencesOnly, _) = try Policy.watcher(server, #"?WATCH={"enable":true,"json":false,"nmea":true};"#)
        let (other, _) = try Policy.watcher(server, #"?WATCH={"enable":true,"json":true,"device":"/dev/ttyUSB1"};"#)
        func noise(_ second: Double, major: Double) -> SourceEvent {
            .noise(NoiseReport(time: Timestamp(secondsSince1970: 1_646_838_079 + second), rms: 4, major: major, minor: 4.7,
                               orientation: 132.3, latitude: 6.8, longitude: 7.2, altitude: 14))
        }
        Policy.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Policy.usb0, at: 1)
        Policy.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Policy.usb1, at: 1)
        Policy.publish(server, noise(0, major: 8.7), from: Policy.usb0, at: 1)
        Policy.publish(server, noise(1, major: 8.6), from: Policy.usb0, at: 2)
        _ = (try watcher.line(), try watcher.line())  // the TPVs
        #expect(try watcher.line() == #"{"class":"GST","device":"/dev/ttyUSB0","time":"2022-03-09T15:01:19.000Z","rms":4.000,"major":8.700,"minor":4.700,"orient":132.300,"lat":6.800,"lon":7.200,"alt":14.000}"#)
        let last = #"{"class":"GST","device":"/dev/ttyUSB0","time":"2022-03-09T15:01:20.000Z","rms":4.000,"major":8.600,"minor":4.700,"orient":132.300,"lat":6.800,"lon":7.200,"alt":14.000}"#
        #expect(try watcher.line() == last)
        try Policy.expectNothingMore(sentencesOnly)
        #expect(try other.line().hasPrefix(#"{"class":"TPV","device":"/dev/ttyUSB1","#))
        try Policy.expectNothingMore(other)
        try watcher.send("?POLL;")
        #expect(try watcher.line().contains(#""gst":[\#(last),{"class":"GST","device":"/dev/ttyUSB1"}],"sky":[]}"#))
    }

    @Test("a lost device: its JSON watchers get DEVICE with activated 0, once; DEVICES and POLL no longer hold it")
    func deviceLost() throws {
        let server = try Policy.server()
        defer { server.stop() }
        Policy.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Policy.usb0, at: 1)
        Policy.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Policy.usb1, at: 1)
        let (all, _) = try Policy.watcher(server, #"?WATCH={"enable":true,"json":true};"#)
        let (other, _) = try Policy.watcher(server, #"?WATCH={"enable":true,"json":true,"device":"/dev/ttyUSB1"};"#)
        let (sentencesOnly, _) = try Policy.watcher(server, #"?WATCH={"enable":true,"json":false,"nmea":true};"#)
        let idle = try Self.client(server)

        Policy.publish(server, .device(.lost, driver: nil, baud: nil), from: Policy.usb0, at: 2)
        Policy.publish(server, .device(.reconnecting, driver: nil, baud: nil), from: Policy.usb0, at: 2)
        #expect(try all.line() == #"{"class":"DEVICE","path":"/dev/ttyUSB0","activated":0}"#)
        for client in [all, other, sentencesOnly, idle] { try Policy.expectNothingMore(client) }

        try all.send("?DEVICES;")
        let devices = try all.line()
        #expect(devices.hasPrefix(#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB1""#) && !devices.contains("ttyUSB0"))
        try all.send("?POLL;")
        let poll = try all.line()
        #expect(poll.contains(#""active":1,"tpv":[{"class":"TPV","device":"/dev/ttyUSB1""#) && !poll.contains("ttyUSB0"))
    }

    @Test("an invalid WATCH gets gpsd's parser message and leaves the policy gpsd leaves; its type rules are gpsd's")
    func invalidWatch() throws {
        let server = try Policy.server()
        defer { server.stop() }
        let client = try Self.client(server)
        func echo(enable: Bool = true, json: Bool = false, raw: Int = 0, device: String = "") -> String {
            #"{"class":"WATCH","enable":\#(enable),"json":\#(json),"nmea":false,"raw":\#(raw),"scaled":false,"timing":false,"split24":false,"pps":false\#(device)}"#
        }
        func invalid(_ message: String) -> String { #"{"class":"ERROR","message":"Invalid WATCH: \#(message)"}"# }
        let exchanges: [(String, [String])] = [
            ("?WATCH=;", [invalid("non-whitespace when expecting object start"), "[DEVICES]", echo()]),
            ("?WATCH={;", [invalid("non-whitespace when expecting attribute start"), "[DEVICES]", echo()]),
            ("?WATCH={};", [invalid("non-whitespace when expecting attribute start"), "[DEVICES]", echo()]),
            (#"?WATCH={"enable":true,};"#, [invalid("non-whitespace when expecting attribute start"), "[DEVICES]", echo()]),
            ("?WATCH=xyz;", [invalid("non-whitespace when expecting object start"), "[DEVICES]", echo()]),
            (#"?WATCH={"enable":3};"#, ["[DEVICES]", echo(enable: false)]),
            (#"?WATCH={"enable":null};"#, ["[DEVICES]", echo(enable: false)]),
            (#"?WATCH={"scaled":3};"#, ["[DEVICES]", echo()]),
            (#"?WATCH={"json":1.5};"#, ["[DEVICES]", echo()]),
            (#"?WATCH={"raw":true};"#, ["[DEVICES]", echo()]),
            (#"?WATCH={"enable":true,"json":false,"raw":1.5};"#, ["[DEVICES]", echo(raw: 1)]),
            (#"?WATCH={"foo":1};"#, ["[DEVICES]", echo(raw: 1)]),
            (#"?WATCH={"class":"POLL","raw":0};"#, ["[DEVICES]", echo()]),
            (#"?WATCH={"enable":"yes"};"#, [invalid("string value too long"), "[DEVICES]", echo()]),
            (#"?WATCH={"raw":"1"};"#, [invalid("saw quoted value when expecting nonstring"), "[DEVICES]", echo()]),
            (#"?WATCH={"device":5};"#, [invalid("didn't see quoted value when expecting string"), "[DEVICES]", echo()]),
            (#"?WATCH={"foo":[1,2]};"#, [invalid("saw [ when not expecting array"), "[DEVICES]", echo()]),
            // Members read before the error stay, as in gpsd (and the device is not looked up).
            (#"?WATCH={"device":"/dev/x","enable":"ab"};"#,
             [invalid("saw quoted value when expecting nonstring"), "[DEVICES]", echo(device: #","device":"/dev/x""#)]),
            (#"?WATCH={ "enable" : false, "json" : true };"#, ["[DEVICES]", echo(enable: false, json: true)]),
            (#"?WATCH={"enable":false} junk;"#,
             ["[DEVICES]", echo(enable: false, json: true), #"{"class":"ERROR","message":"Unrecognized request 'junk;\n'"}"#]),
            // raw is glibc's atoi: 3000000000 cut to 32 bits; a device keeps 127 of 128 bytes.
            (#"?WATCH={"enable":false,"raw":3000000000,"device":"\#(String(repeating: "d", count: 128))"};"#,
             ["[DEVICES]", echo(enable: false, json: true, raw: -1_294_967_296, device: #","device":"\#(String(repeating: "d", count: 127))""#)]),
        ]
        for (request, expected) in exchanges { try Self.expect(client, request, expected) }
    }

    @Test("?DEVICE; lists each device, ?DEVICE= gets gpsd's no-configuration ERROR; an unknown request is quoted as gpsd quotes it")
    func otherRequests() throws {
        let server = try Policy.server()
        defer { server.stop() }
        let client = try Self.client(server)
        try client.send("?DEVICE;")
        #expect(try client.line() == #"{"class":"DEVICE","path":"/dev/ttyUSB0","driver":"NMEA0183","activated":"2027-01-15T08:00:00.000Z","flags":1,"native":0,"bps":38400,"parity":"N","stopbits":1,"cycle":1.00}"#)
        #expect(try client.line().hasPrefix(#"{"class":"DEVICE","path":"/dev/ttyUSB1""#))
        try Self.expect(client, #"?DEVICE={"path":"/dev/ttyUSB0","bps":9600};"#,
                        [#"{"class":"ERROR","message":"Device configuration support not compiled."}"#])
        try Self.expect(client, "?FOO;", [#"{"class":"ERROR","message":"Unrecognized request '?FOO;\n'"}"#])
        try Self.expect(client, #"?a\b";"#, [#"{"class":"ERROR","message":"Unrecognized request '?a\\b\";\n'"}"#])
        try Self.expect(client, "?VERSION=1;", [#"{"class":"ERROR","message":"Unrecognized request '?VERSION=1;\n'"}"#])
        // Several requests in one packet are answered in order.
        try client.send("?VERSION;?DEVICES;")
        #expect(try client.line().hasPrefix(#"{"class":"VERSION""#))
        #expect(try client.line().hasPrefix(#"{"class":"DEVICES""#))
    }
}
