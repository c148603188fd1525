import Foundation
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for gpsd on a loopback port of its own, for reports a real gpsd never sends (the
/// beside-the-point ones are left to `LoopbackGPSD`, a real gpsd). To each client, one after
/// another, it sends VERSION (as gpsd does on connect), waits for the client's WATCH and sends
/// `lines` — once, or again every `repeatEvery` seconds — keeping the connection open until the
/// client goes, `close()` or `timeout`, so the client sees no disconnection.
public final class ScriptedGPSD: Sendable {
    private let listener: TCPListener
    private let stopped = Locked(false)
    private let finished = DispatchSemaphore(value: 0)

    /// The loopback port it listens on.
    public var port: Int { Int(listener.port) }

    /// Listens on a free loopback port; `lines` are gpsd JSON reports without their newline.
    public init(lines: [String], repeatEvery: Double? = nil, timeout: Double = 60) throws {
        listener = try TCPListener(port: 0)
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        let script = Array(lines.map { $0 + "\n" }.joined().utf8)
        NamedThread.start("scripted-gpsd") { [listener, stopped, finished] in
            defer { finished.signal() }
            let open = { !stopped.withLock { $0 } && ContinuousClock.now < deadline }
            while open() {
                guard let connection = try? listener.accept() else {
                    usleep(20_000)
                    continue
                }
                defer { connection.close() }
                let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
                try? connection.sendAll(Array((version + "\n").utf8))
                while open(), (try? connection.descriptor.poll(events: Int16(POLLIN), timeoutMilliseconds: 20)) == 0 {}
                _ = try? connection.read(upTo: 65_536)  // the WATCH
                var sent = (try? connection.sendAll(script)) != nil
                while sent, open() {
                    if let repeatEvery {
                        usleep(UInt32(repeatEvery * 1_000_000))
                        sent = (try? connection.sendAll(script)) != nil
                    } else {
                        usleep(20_000)
                    }
                }
            }
        }
    }

    /// Stops serving, waits for the thread and closes the listener.
    public func close() {
        stopped.withLock { $0 = true }
        finished.wait()
        listener.close()
    }
}
