import Foundation
import JSON
import TestSupport
import Testing
import WireProtocol

/// Speech through the real daemon: a simulated, guided Helsinki drive with `--speak-to`, and
/// the `driver_alerts` socket command.
@Suite("waygate serve --speak-to: spoken instructions of a guided drive", .serialized)
struct ServeDriverAlertsTests {
    @Test("the WAV holds spoken instructions of the drive, no more utterances than VOICE events (plus the departure prompt); driver_alerts switches at run time")
    func spokenDrive() throws {
        let dir = try TemporaryDirectory(prefix: "speak")
        defer { dir.remove() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", ServeGuidedDriveTests.from, "--to", ServeGuidedDriveTests.to, "--format", "osrm"])
        #expect(planned.status == 0)
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let wav = dir.file("speech.wav")
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--guide", dir.file("route.json"), "--speed-multiplier", "4",
             "--socket", dir.file("s.sock"), "--speak-to", wav],
            stderr: dir.file("serve.log"))
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        _ = try client.next()
        try client.send(.subscribe([.instructions, .guidance, .session]))
        var voices: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while voices.count < 3, Date() < deadline, let message = try client.next(timeout: 30) {
            if case .event(let event) = message, case .voice(let v) = event.payload { voices.append(v.announcement) }
        }
        #expect(voices.count == 3)
        try client.send(raw: #"{"cmd":"driver_alerts","speech":false,"id":9}"#)
        guard case .reply(let reply) = try client.next(where: { if case .reply(let r) = $0 { r.id == .integer(9) } else { false } }) else {
            Issue.record("no driver_alerts REPLY")
            return
        }
        #expect(reply.fields["driver_alerts"]?.objectValue?["speech"] == .bool(false))
        try client.send(raw: #"{"cmd":"driver_alerts","id":10}"#)
        guard case .error(let error) = try client.next(where: { if case .error = $0 { true } else { false } }) else { Issue.record("no ERROR"); return }
        #expect(error.message.contains("\"speech\" must be given"))
        // VOICE events already published when speech went off may have been spoken: count them too.
        let settle = Date().addingTimeInterval(3)
        while Date() < settle, let message = try client.next(timeout: 1) {
            if case .event(let event) = message, case .voice(let v) = event.payload { voices.append(v.announcement) }
        }
        server.stop()
        let audio = try WAVFile(path: wav)
        let utterances = audio.stretches(gap: 0.7)  // DriverAlerts leaves 0.75 s between utterances; espeak pauses up to ~0.35 s inside one
        #expect(audio.sampleRate == 22_050)
        #expect(utterances.count >= 1)
        // `--guide` starts guidance before this client subscribes: the departure prompt is spoken
        // but never seen here, so the WAV may hold one utterance more than the VOICE events read.
        #expect(utterances.count <= voices.count + 1)
    }

    @Test("watch --speak-to speaks the VOICE events it reads from a running daemon")
    func watchSpeaks() throws {
        let dir = try TemporaryDirectory(prefix: "watchspeak")
        defer { dir.remove() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", ServeGuidedDriveTests.from, "--to", ServeGuidedDriveTests.to, "--format", "osrm"])
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--guide", dir.file("route.json"), "--speed-multiplier", "8",
             "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { _ = server.stop() }
        let watch = try WaygateRunner.run(["watch", "--wait", "30", "--socket", dir.file("s.sock"), "--count", "6", "--speak-to", dir.file("watch.wav"), "instructions"])
        #expect(watch.status == 0)
        #expect(watch.stdout.contains("🔊") || !watch.stdout.isEmpty)
        let audio = try WAVFile(path: dir.file("watch.wav"))
        #expect(audio.stretches().count >= 1)
    }
}
