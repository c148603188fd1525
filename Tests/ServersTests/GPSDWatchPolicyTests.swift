import Gateway
import Positioning
import Servers
import SystemIO
import Testing
import Timekeeping

/// The gpsd port's `?WATCH` policy against gpsd 3.22: the expected lines are gpsd's own replies,
/// captured from a real gpsd 3.22 reading two NMEA pseudo-terminals (docs/gpsd-compatibility.md).
@Suite("GPSDWatchPolicy")
struct GPSDWatchPolicyTests {
    static let usb0 = SourceID.serial("/dev/ttyUSB0")
    static let usb1 = SourceID.serial("/dev/ttyUSB1")
    static let gga = "$GPGGA,202643.000,4404.1305,N,12118.8515,W,2,11,0.84,1127.7,M,-19.6,M,0000,0000*60"
    static let zda = "$GPZDA,202642.000,13,04,2015,,*56"
    static let rmc = "$GPRMC,202643.000,A,4404.1305,N,12118.8515,W,0.02,171.47,130415,,,D*7D"

    /// A server with both serial receivers connected and speaking (each has sent a ZDA, so that,
    /// as in gpsd, it has been announced and has its flags), its clock (POLL's time) at 08:00:03.
    static func server() throws -> GPSDCompatibleServer {
        let server = try GPSDCompatibleServer(listener: TCPListener(port: 0), version: "9.9",
                                              clock: ManualTimeSource(start: GPSDCompatibleServerTests.time.adding(3)), log: { _ in })
        for device in [usb0, usb1] {
            publish(server, .device(.connected, driver: "termios", baud: 38_400), from: device)
            publish(server, .sentence(SentenceText(zda)), from: device)
        }
        return server
    }

    static func publish(_ server: GPSDCompatibleServer, _ event: SourceEvent, from source: SourceID, at index: Int = 0) {
        server.publish([.source(event, from: source, time: GPSDCompatibleServerTests.time.adding(Double(index)))])
    }

    /// A client past VERSION that sent `request` and read the DEVICES reply; returns the WATCH echo too.
    static func watcher(_ server: GPSDCompatibleServer, _ request: String) throws -> (GPSDLineClient, echo: String) {
        let client = try GPSDLineClient(port: server.listener.port)
        _ = try client.line()
        try client.send(request)
        #expect(try client.line().hasPrefix(#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0""#))
        return (client, try client.line())
    }

    /// Asks `client` for VERSION and expects it as its next line: nothing else was queued for it before.
    static func expectNothingMore(_ client: GPSDLineClient) throws {
        try client.send("?VERSION;")
        #expect(try client.line().hasPrefix(#"{"class":"VERSION""#))
    }

    @Test("the WATCH echo is the policy gpsd stores: flags as set; json, nmea, raw kept and the others reset when not given; ?WATCH; shows it")
    func echo() throws {
        let server = try Self.server()
        defer { server.stop() }
        var (client, echo) = try Self.watcher(server, "?WATCH;")
        #expect(echo == #"{"class":"WATCH","enable":false,"json":false,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#)
        (client, echo) = try Self.watcher(server, #"?WATCH={"enable":true,"json":true,"scaled":true};"#)
        #expect(echo == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":true,"timing":false,"split24":false,"pps":false}"#)

        let exchanges = [
            (#"?WATCH={"enable":true,"json":true,"scaled":true,"split24":true,"pps":true,"timing":true,"raw":1,"nmea":true};"#,
             #"{"class":"WATCH","enable":true,"json":true,"nmea":true,"raw":1,"scaled":true,"timing":true,"split24":true,"pps":true}"#),
            (#"?WATCH={"enable":true};"#,
             #"{"class":"WATCH","enable":true,"json":true,"nmea":true,"raw":1,"scaled":false,"timing":false,"split24":false,"pps":false}"#),
            ("?WATCH;",
             #"{"class":"WATCH","enable":true,"json":true,"nmea":true,"raw":1,"scaled":false,"timing":false,"split24":false,"pps":false}"#),
            (#"?WATCH={"enable":false};"#,
             #"{"class":"WATCH","enable":false,"json":true,"nmea":true,"raw":1,"scaled":false,"timing":false,"split24":false,"pps":false}"#),
        ]
        for (request, expected) in exchanges {
            try client.send(request)
            #expect(try client.line().hasPrefix(#"{"class":"DEVICES""#), "DEVICES first, for \(request)")
            #expect(try client.line() == expected, "echo of \(request)")
        }
        // As gpsd: a boolean is true only when it is `true`, so 3 is false.
        try client.send(#"?WATCH={"enable":true,"scaled":3};"#)
        #expect(try client.line().hasPrefix(#"{"class":"DEVICES""#))
        #expect(try client.line() == #"{"class":"WATCH","enable":true,"json":true,"nmea":true,"raw":1,"scaled":false,"timing":false,"split24":false,"pps":false}"#)
    }

    @Test("a watcher naming a device gets only that device's TPV, SKY and DEVICE reports and POLL; the echo ends with the device")
    func deviceFilter() throws {
        let server = try Self.server()
        defer { server.stop() }
        let (byPath, pathEcho) = try Self.watcher(server, #"?WATCH={"enable":true,"json":true,"device":"/dev/ttyUSB0"};"#)
        #expect(pathEcho == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false,"device":"/dev/ttyUSB0"}"#)
        // Waygate's source id names the same device; the echo repeats it as written, and the
        // reports name the device by its path, as gpsd's do.
        let (byID, idEcho) = try Self.watcher(server, #"?WATCH={"device":"serial:/dev/ttyUSB1","enable":true,"json":true};"#)
        #expect(idEcho.hasSuffix(#""pps":false,"device":"serial:/dev/ttyUSB1"}"#))
        let (all, _) = try Self.watcher(server, #"?WATCH={"enable":true,"json":true};"#)

        Self.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Self.usb1, at: 1)
        Self.publish(server, .fix(GPSDCompatibleServerTests.fix(2)), from: Self.usb0, at: 2)
        Self.publish(server, .sky(SkyView(satellites: [Satellite(prn: 5, gnss: .gps, svid: 5, elevation: 40, azimuth: 120, snr: 42, used: true)])),
                     from: Self.usb1, at: 2)
        Self.publish(server, .device(.connected, driver: "simulator", baud: nil), from: .simulator, at: 3)

        let usb0TPV = #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2027-01-15T08:00:02.000Z""#
        let usb1TPV = #"{"class":"TPV","device":"/dev/ttyUSB1","mode":3,"time":"2027-01-15T08:00:01.000Z""#
        #expect(try byPath.line().hasPrefix(usb0TPV))
        try Self.expectNothingMore(byPath)
        #expect(try byID.line().hasPrefix(usb1TPV))
        #expect(try byID.line().hasPrefix(#"{"class":"SKY","device":"/dev/ttyUSB1","#))
        try Self.expectNothingMore(byID)
        #expect(try all.line().hasPrefix(usb1TPV))
        #expect(try all.line().hasPrefix(usb0TPV))
        #expect(try all.line().hasPrefix(#"{"class":"SKY","device":"/dev/ttyUSB1","#))
        #expect(try all.line().hasPrefix(#"{"class":"DEVICE","path":"simulator""#))

        try byPath.send("?POLL;")
        let poll = try byPath.line()
        #expect(poll.hasPrefix(#"{"class":"POLL","time":"2027-01-15T08:00:03.000Z","active":1,"tpv":[\#(usb0TPV)"#))
        #expect(!poll.contains("ttyUSB1") && poll.hasSuffix(#""sky":[]}"#))
        try all.send("?POLL;")
        let everything = try all.line()
        // The simulator has reported nothing: as in gpsd, it is not active.
        #expect(everything.contains(#""active":2,"tpv":[\#(usb1TPV)"#) && everything.contains(usb0TPV))

        // A WATCH without a device watches every device again.
        try byPath.send(#"?WATCH={"enable":true,"json":true};"#)
        _ = try byPath.line()
        #expect(try byPath.line().hasSuffix(#""pps":false}"#))
        Self.publish(server, .fix(GPSDCompatibleServerTests.fix(4)), from: Self.usb1, at: 4)
        #expect(try byPath.line().hasPrefix(#"{"class":"TPV","device":"/dev/ttyUSB1","#))
    }

    @Test("an unknown device gets gpsd's ERROR alone; the policy is kept (?WATCH; shows it) and streams nothing")
    func unknownDevice() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try GPSDLineClient(port: server.listener.port)
        _ = try client.line()
        try client.send(#"?WATCH={"enable":true,"json":true,"device":"/dev/nope"};"#)
        #expect(try client.line() == #"{"class":"ERROR","message":"No such device as /dev/nope"}"#)
        Self.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Self.usb0, at: 1)
        try client.send("?WATCH;")
        #expect(try client.line().hasPrefix(#"{"class":"DEVICES""#))
        #expect(try client.line() == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false,"device":"/dev/nope"}"#)
    }

    @Test("nmea and raw 1 stream the sentences as received (of the watched device); json false streams no TPV")
    func sentences() throws {
        let server = try Self.server()
        defer { server.stop() }
        let (nmea, _) = try Self.watcher(server, #"?WATCH={"enable":true,"json":true,"nmea":true,"device":"/dev/ttyUSB0"};"#)
        let (raw, rawEcho) = try Self.watcher(server, #"?WATCH={"enable":true,"raw":1};"#)
        #expect(rawEcho == #"{"class":"WATCH","enable":true,"json":false,"nmea":false,"raw":1,"scaled":false,"timing":false,"split24":false,"pps":false}"#)
        let (enabledOnly, enabledEcho) = try Self.watcher(server, #"?WATCH={"enable":true};"#)
        #expect(enabledEcho == #"{"class":"WATCH","enable":true,"json":false,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#)

        Self.publish(server, .sentence(SentenceText(Self.gga)), from: Self.usb0, at: 1)
        Self.publish(server, .sentence(SentenceText(Self.rmc)), from: Self.usb1, at: 1)
        Self.publish(server, .fix(GPSDCompatibleServerTests.fix(1)), from: Self.usb0, at: 1)

        #expect(try nmea.line() == Self.gga)
        #expect(try nmea.line().hasPrefix(#"{"class":"TPV","device":"/dev/ttyUSB0","#))
        try Self.expectNothingMore(nmea)
        #expect(try raw.line() == Self.gga)
        #expect(try raw.line() == Self.rmc)
        try Self.expectNothingMore(raw)
        try Self.expectNothingMore(enabledOnly)
    }
}
