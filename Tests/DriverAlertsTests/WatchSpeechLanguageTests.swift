@testable import DriverAlerts
import Foundation
import JSON
import Testing
import TestSupport

/// `waygate watch --speak` speaks in the language VOICE names on the wire (the route's), unless
/// `--voice` says otherwise. Its WAV is compared sample for sample with what a fresh `watch
/// --voice it` (or `en`) process speaks for the same line (espeak's output is deterministic in a
/// fresh process, but a synthesizer's earlier voices leave traces, so each reference is made by
/// a process of its own).
@Suite("waygate watch --speak-to: the voice follows VOICE's language", .serialized)
struct WatchSpeechLanguageTests {
    /// What `watch --voice VOICE --speak-to` makes of `line` alone, sent by a stand-in server
    /// on a socket of its own: the samples a fresh process speaks with that voice.
    static func reference(_ line: String, voice: String, dir: TemporaryDirectory) throws -> WAVFile {
        let server = try ScriptedServer(path: dir.file("reference-\(voice).sock"), script: [Array((line + "\n").utf8)])
        defer { server.close() }
        let wav = dir.file("reference-\(voice).wav")
        let watch = try WaygateRunner.run(["watch", "--wait", "30", "--socket", server.path, "--json", "--count", "1", "--voice", voice,
                                           "--speak-to", wav, "instructions"])
        try #require(watch.status == 0, "\(watch.stderr)")
        return try WAVFile(path: wav)
    }

    /// Runs `watch --json --speak-to` (with `extra` options) against a daemon driving an Italian
    /// route; the VOICE lines it printed and the samples of its WAV.
    static func watch(_ extra: [String], dir: TemporaryDirectory) throws -> (voices: [String], samples: [Int16]) {
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", "60.164199,24.936660", "--to", "60.175082,24.952825",
                                             "--language", "it", "--format", "osrm"])
        try #require(planned.status == 0, "\(planned.stderr)")
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let daemon = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--guide", dir.file("route.json"), "--speed-multiplier", "8",
             "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { daemon.stop() }
        let wav = dir.file("watch.wav")
        let watch = try WaygateRunner.run(["watch", "--wait", "60", "--socket", dir.file("s.sock"), "--json", "--count", "4", "--speak-to", wav]
                                          + extra + ["instructions"])
        try #require(watch.status == 0, "\(watch.stderr)")
        let voices = try watch.lines.filter { try JSONValue(parsing: Array($0.utf8))["class"] == .string("VOICE") }
        return (voices, try WAVFile(path: wav).samples)
    }

    /// Whether `samples` begin as `reference` does: its first utterance, or as much of it as
    /// came before a newer instruction cut it off (at least 0.2 s).
    static func begins(_ samples: [Int16], like reference: WAVFile) -> Bool {
        let n = min(reference.stretches(gap: 0.7).first?.upperBound ?? 0, samples.count)
        return n >= 4_410 && samples.prefix(n).elementsEqual(reference.samples.prefix(n))
    }

    @Test("an Italian route's VOICE carries language it, and watch speaks it with the Italian voice")
    func italianRouteItalianVoice() throws {
        let dir = try TemporaryDirectory(prefix: "watchvoice")
        defer { dir.remove() }
        let (voices, samples) = try Self.watch([], dir: dir)
        let first = try #require(voices.first, "watch printed no VOICE")
        #expect(voices.allSatisfy { $0.contains("\"language\":\"it\"") }, "\(voices)")
        let italian = try Self.reference(first, voice: "it", dir: dir), english = try Self.reference(first, voice: "en", dir: dir)
        let voicesDiffer = !Self.begins(italian.samples, like: english)
        #expect(voicesDiffer, "the two voices speak alike")
        let spokenItalian = Self.begins(samples, like: italian)
        #expect(spokenItalian, "watch did not speak \(first) with the Italian voice")
    }

    @Test("--voice overrides the language VOICE names")
    func voiceOverride() throws {
        let dir = try TemporaryDirectory(prefix: "watchvoice")
        defer { dir.remove() }
        let (voices, samples) = try Self.watch(["--voice", "en"], dir: dir)
        let first = try #require(voices.first, "watch printed no VOICE")
        let spokenEnglish = Self.begins(samples, like: try Self.reference(first, voice: "en", dir: dir))
        #expect(spokenEnglish, "watch --voice en did not speak \(first) with the English voice")
    }
}
