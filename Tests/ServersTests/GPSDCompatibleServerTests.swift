import Foundation
import JSON
#if canImport(Glibc)
import Glibc
#endif
import Gateway
import Geodesy
import Positioning
import Servers
import SystemIO
import Testing
import Timekeeping

/// A blocking gpsd client for the tests: sends requests, reads CR LF lines.
final class GPSDLineClient {
    let socket: SocketConnection
    private var buffer: [UInt8] = []

    init(port: UInt16) throws {
        socket = try SocketConnection.connect(host: "127.0.0.1", port: port)
        try socket.setReceiveTimeout(seconds: 20)
    }

    deinit { socket.close() }

    func send(_ request: String) throws { try socket.sendAll(Array(request.utf8)) }

    /// The next line without its CR LF.
    func line() throws -> String {
        while true {
            if let end = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line.hasSuffix("\r") ? String(line.dropLast()) : line
            }
            let chunk = try socket.read(upTo: 65_536)
            guard !chunk.isEmpty else { return "" }
            buffer += chunk
        }
    }
}

@Suite("GPSDCompatibleServer")
struct GPSDCompatibleServerTests {
    static let time = Timestamp(secondsSince1970: 1_800_000_000)

    static func fix(_ index: Int) -> Fix {
        var fix = Fix(time: time.adding(Double(index)), mode: .threeD,
                      coordinate: Coordinate(latitude: 60.1688 + Double(index) * 1e-6, longitude: 24.9413), isSimulated: true)
        fix.speed = 10
        fix.course = 80
        return fix
    }

    static func publish(_ server: GPSDCompatibleServer, _ event: SourceEvent, at index: Int = 0) {
        server.publish([.source(event, from: .simulator, time: time.adding(Double(index)))])
    }

    @Test("VERSION on connect; WATCH answers DEVICES and its echo, then TPV and SKY stream; POLL, DEVICES, ERROR")
    func protocolExchange() throws {
        let server = try GPSDCompatibleServer(listener: TCPListener(port: 0), version: "9.9",
                                              clock: ManualTimeSource(start: Self.time.adding(1)), log: { _ in })
        defer { server.stop() }
        Self.publish(server, .device(.connected, driver: "simulator", baud: nil))
        let client = try GPSDLineClient(port: server.listener.port)
        #expect(try client.line() == #"{"class":"VERSION","release":"3.22","rev":"waygate 9.9","proto_major":3,"proto_minor":14}"#)
        try client.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(try client.line() == #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"simulator","driver":"simulator","activated":"2027-01-15T08:00:00.000Z"}]}"#)
        #expect(try client.line() == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#)
        Self.publish(server, .fix(Self.fix(1)), at: 1)
        #expect(try client.line() == #"{"class":"TPV","device":"simulator","mode":3,"time":"2027-01-15T08:00:01.000Z","lat":60.168801000,"lon":24.941300000,"track":80.0000,"speed":10.000}"#)
        var sky = SkyView(satellites: [Satellite(prn: 5, gnss: .gps, svid: 5, elevation: 40, azimuth: 120, snr: 42, used: true)])
        sky.hdop = 0.9
        Self.publish(server, .sky(sky), at: 1)
        #expect(try client.line().hasPrefix(#"{"class":"SKY","device":"simulator","#))
        try client.send("?POLL;")
        let poll = try client.line()
        #expect(poll.hasPrefix(#"{"class":"POLL","time":"2027-01-15T08:00:01.000Z","active":1,"tpv":[{"class":"TPV","device":"simulator","mode":3,"#))
        #expect(poll.contains(#""sky":[{"class":"SKY""#))
        try client.send("?DEVICES;\n")
        #expect(try client.line().hasPrefix(#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"simulator""#))
        try client.send("?FROB;")
        #expect(try client.line() == #"{"class":"ERROR","message":"Unrecognized request '?FROB;\n'"}"#)
        try client.send("?VERSION;")
        #expect(try client.line().hasPrefix(#"{"class":"VERSION","release":"3.22""#))
    }

    @Test("a client that never reads is disconnected, with one log line, once its unsent output would pass the limit; a client that reads gets every report")
    func slowClient() throws {
        let logged = Locked<[String]>([])
        let server = try GPSDCompatibleServer(listener: TCPListener(port: 0), version: "9.9", maximumBufferedBytes: 4_096,
                                              log: { line in logged.withLock { $0.append(line) } })
        defer { server.stop() }
        let stalled = try GPSDLineClient(port: server.listener.port)
        // A small receive window, so the kernel does not absorb the whole test for the stalled client.
        var small: Int32 = 4_096
        setsockopt(stalled.socket.descriptor.rawValue, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        try stalled.send(#"?WATCH={"enable":true,"json":true};"#)
        let reader = try GPSDLineClient(port: server.listener.port)
        _ = try reader.line()
        try reader.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(try reader.line().hasPrefix(#"{"class":"DEVICES""#))
        #expect(try reader.line().hasPrefix(#"{"class":"WATCH""#))
        // Publish until the stalled client is dropped (the kernel first absorbs a few hundred
        // kilobytes); the reader gets every report meanwhile, and after.
        var index = 0
        while index < 100_000, server.statistics.slowClientsDisconnected == 0 {
            Self.publish(server, .fix(Self.fix(index)), at: index)
            let line = try reader.line()
            #expect(line.contains(#""time":"\#(Self.time.adding(Double(index)).iso8601)""#))
            if !line.hasPrefix(#"{"class":"TPV""#) { break }
            index += 1
        }
        let statistics = server.statistics
        #expect(statistics.slowClientsDisconnected == 1)
        #expect(statistics.clients == 1)
        Self.publish(server, .fix(Self.fix(index)), at: index)
        #expect(try reader.line().contains(#""time":"\#(Self.time.adding(Double(index)).iso8601)""#))
        // The stalled client finds what the kernel held, then the end of the stream.
        var lines = 0
        while try !stalled.line().isEmpty { lines += 1 }
        #expect(lines > 0 && lines < index)
        let log = logged.withLock { $0 }
        #expect(log.count == 1)
        #expect(log.first?.hasPrefix("gpsd client 127.0.0.1:") == true)
        #expect(log.first?.hasSuffix(" disconnected: its unsent output would pass 4096 bytes (not reading)") == true)
    }

    @Test("past maximumClients a connection gets gpsd's ERROR, is closed and logged; a freed slot is served again")
    func clientLimit() throws {
        let logged = Locked<[String]>([])
        let server = try GPSDCompatibleServer(listener: TCPListener(port: 0), version: "9.9", maximumClients: 2,
                                              log: { line in logged.withLock { $0.append(line) } })
        defer { server.stop() }
        var first: GPSDLineClient? = try GPSDLineClient(port: server.listener.port)
        let second = try GPSDLineClient(port: server.listener.port)
        #expect(try first?.line().hasPrefix(#"{"class":"VERSION""#) == true)
        #expect(try second.line().hasPrefix(#"{"class":"VERSION""#))
        let third = try GPSDLineClient(port: server.listener.port)
        #expect(try third.line() == #"{"class":"ERROR","message":"too many clients (2 connected)"}"#)
        #expect(try third.line() == "", "closed after the ERROR")
        #expect(server.statistics.clients == 2)
        #expect(server.statistics.refusedClients == 1)
        let status = try #require(server.status.objectValue)
        #expect(status["clients"] == .integer(2) && status["refused_clients"] == .integer(1) && status["slow_clients_disconnected"] == .integer(0))
        #expect(status["listen"] == .string("\(server.listener.host):\(server.listener.port)"))
        let log = logged.withLock { $0 }
        #expect(log.count == 1)
        #expect(log.first?.hasPrefix("gpsd client 127.0.0.1:") == true)
        #expect(log.first?.hasSuffix(" refused: too many clients (2 connected)") == true)

        first = nil  // closes it
        // Once the server has seen it go (the wait is a safety net, not an assertion), a new client is served.
        for _ in 0..<2_000 where server.statistics.clients > 1 { usleep(10_000) }
        #expect(server.statistics.clients == 1)
        let fourth = try GPSDLineClient(port: server.listener.port)
        #expect(try fourth.line().hasPrefix(#"{"class":"VERSION""#))
        try fourth.send("?DEVICES;")
        #expect(try fourth.line().hasPrefix(#"{"class":"DEVICES""#))
        #expect(server.statistics.refusedClients == 1)
    }

    @Test("a 1 MB request gets one ERROR and is skipped; the client's next request and a watching client are served")
    func hugeRequest() throws {
        let server = try GPSDCompatibleServer(listener: TCPListener(port: 0), version: "9.9", log: { _ in })
        defer { server.stop() }
        let watcher = try GPSDLineClient(port: server.listener.port)
        _ = try watcher.line()
        try watcher.send(#"?WATCH={"enable":true,"json":true};"#)
        #expect(try watcher.line().hasPrefix(#"{"class":"DEVICES""#))
        #expect(try watcher.line().hasPrefix(#"{"class":"WATCH""#))

        let flooder = try GPSDLineClient(port: server.listener.port)
        _ = try flooder.line()
        // One megabyte without a terminator (it used to draw an ERROR per 8 KiB, ~128 of them),
        // then a newline ending it and a request of its own.
        try flooder.send(String(repeating: "a", count: 1 << 20) + "\n?VERSION;")
        #expect(try flooder.line() == #"{"class":"ERROR","message":"request too long (over 8192 bytes)"}"#)
        #expect(try flooder.line().hasPrefix(#"{"class":"VERSION","release":"3.22""#))
        // A `?WATCH=` whose argument runs past the limit is one request too: one ERROR, and the
        // rest of it (up to its `;`) is not read as requests.
        try flooder.send(#"?WATCH={"enable":true,"json":true,"x":""# + String(repeating: "b", count: 100_000) + #""};?DEVICES;"#)
        #expect(try flooder.line() == #"{"class":"ERROR","message":"request too long (over 8192 bytes)"}"#)
        #expect(try flooder.line().hasPrefix(#"{"class":"DEVICES""#))

        Self.publish(server, .fix(Self.fix(2)), at: 2)
        #expect(try watcher.line().hasPrefix(#"{"class":"TPV","device":"simulator","mode":3,"time":"2027-01-15T08:00:02.000Z""#))
    }
}
