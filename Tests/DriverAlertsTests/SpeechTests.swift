@testable import DriverAlerts
import Foundation
import Gateway
import Testing
import TestSupport

/// Speech written to a WAV file (`--speak-to`): utterances are counted by reading the samples.
@Suite("DriverAlerts speech", .serialized)
struct SpeechTests {
    static let short = "Turn left."
    static let long = "In 800 metres, at the roundabout, take the third exit onto Mannerheimintie, then keep right towards Pasila."
    static let medium = "In 200 metres, turn right onto Aleksanterinkatu."

    /// A speaker writing to `file` (paced like real playback when `paced`).
    static func speaker(_ file: String, voice: String? = nil, paced: Bool = false, warnings: WarningLog) -> DriverAlerts {
        DriverAlerts(settings: DriverAlertSettings(speech: true, voice: voice, speechFile: file), busAddress: nil,
                     environment: [:], pacesFileOutput: paced, warn: warnings.sink)
    }

    @Test("each VOICE event, spoken one after the other, is one utterance in the WAV, in order")
    func oneUtterancePerVoiceEvent() throws {
        let dir = try TemporaryDirectory(prefix: "speech")
        defer { dir.remove() }
        let warnings = WarningLog()
        let alerts = Self.speaker(dir.file("drive.wav"), warnings: warnings)
        for (step, text) in [Self.short, Self.long, Self.medium].enumerated() {
            alerts.handle([AlertEvents.voice(text, step: step)])
            #expect(alerts.waitUntilIdle(timeout: 30))
        }
        alerts.stop()
        let wav = try WAVFile(path: dir.file("drive.wav"))
        #expect(wav.sampleRate == 22050)
        let durations = wav.durations()
        #expect(durations.count == 3)
        if durations.count == 3 {
            // Short < medium < long, as the texts.
            #expect(durations[0] < durations[2])
            #expect(durations[2] < durations[1])
        }
        #expect(alerts.recentUtterances.map(\.text) == [Self.short, Self.long, Self.medium])
        #expect(alerts.recentUtterances.allSatisfy { !$0.wasCutOff })
        // sox reads the same file and agrees on its length.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/soxi") {
            let sox = try ChildProcess("/usr/bin/soxi", ["-s", dir.file("drive.wav")], stdout: dir.file("soxi.out"), stderr: dir.file("soxi.err"))
            #expect(sox.wait(timeout: 10) == 0)
            let printed = try String(contentsOfFile: dir.file("soxi.out"), encoding: .utf8)
            #expect(Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) == wav.samples.count)
        }
        #expect(alerts.state.utterancesSpoken == 3)
        #expect(warnings.all.isEmpty)
    }

    @Test("after stop() nothing more is spoken, and the WAV is complete")
    func nothingAfterStop() throws {
        let dir = try TemporaryDirectory(prefix: "speech")
        defer { dir.remove() }
        let warnings = WarningLog()
        let alerts = Self.speaker(dir.file("stop.wav"), warnings: warnings)
        alerts.handle([AlertEvents.voice(Self.medium, step: 1)])
        alerts.stop()
        alerts.handle([AlertEvents.voice(Self.long, step: 2)])
        alerts.set(speech: true, notifications: nil)
        alerts.handle([AlertEvents.voice(Self.short, step: 3)])
        #expect(alerts.waitUntilIdle(timeout: 10))
        let wav = try WAVFile(path: dir.file("stop.wav"))
        #expect(wav.durations().count == 1)
        #expect(alerts.recentUtterances.map(\.text) == [Self.medium])
    }

    @Test("a newer VOICE replaces the ones still waiting: three at once speak only the last")
    func newestVoiceWins() throws {
        let dir = try TemporaryDirectory(prefix: "speech")
        defer { dir.remove() }
        let alerts = Self.speaker(dir.file("burst.wav"), warnings: WarningLog())
        alerts.handle([AlertEvents.voice(Self.long, step: 1), AlertEvents.voice(Self.medium, step: 2), AlertEvents.voice(Self.short, step: 3)])
        #expect(alerts.waitUntilIdle(timeout: 30))
        alerts.stop()
        #expect(try WAVFile(path: dir.file("burst.wav")).durations().count == 1)
        #expect(alerts.recentUtterances.map(\.text) == [Self.short])
    }

    @Test("a reroute or the end of guidance flushes pending speech")
    func rerouteFlushes() throws {
        let dir = try TemporaryDirectory(prefix: "speech")
        defer { dir.remove() }
        let alerts = Self.speaker(dir.file("reroute.wav"), warnings: WarningLog())
        alerts.handle([AlertEvents.voice(Self.long, step: 1), AlertEvents.voice(Self.medium, step: 2), AlertEvents.rerouteStarted()])
        #expect(alerts.waitUntilIdle(timeout: 30))
        alerts.handle([AlertEvents.voice(Self.long, step: 3), AlertEvents.rerouteSucceeded()])
        #expect(alerts.waitUntilIdle(timeout: 30))
        alerts.handle([AlertEvents.voice(Self.medium, step: 0), AlertEvents.guidanceStopped()])
        #expect(alerts.waitUntilIdle(timeout: 30))
        alerts.handle([AlertEvents.voice(Self.short, step: 0)])
        #expect(alerts.waitUntilIdle(timeout: 30))
        alerts.stop()
        #expect(try WAVFile(path: dir.file("reroute.wav")).durations().count == 1)
        #expect(alerts.recentUtterances.map(\.text) == [Self.short])
    }

    @Test("a newer VOICE cuts off the one being spoken")
    func newerVoiceCutsOff() throws {
        let dir = try TemporaryDirectory(prefix: "speech")
        defer { dir.remove() }
        // The whole long prompt, unpaced, for reference.
        let reference = Self.speaker(dir.file("reference.wav"), warnings: WarningLog())
        reference.handle([AlertEvents.voice(Self.long, step: 1)])
        #expect(reference.waitUntilIdle(timeout: 30))
        reference.stop()
        let full = try #require(try WAVFile(path: dir.file("reference.wav")).durations().first)

        // Paced like playback: the long prompt is still being said when the next one comes.
        let file = dir.file("cut.wav")
        let alerts = Self.speaker(file, paced: true, warnings: WarningLog())
        alerts.handle([AlertEvents.voice(Self.long, step: 1)])
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline, (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int).flatMap({ $0 }) ?? 0 < 44 + 22050 {
            usleep(20_000)
        }
        alerts.handle([AlertEvents.voice(Self.short, step: 2)])
        #expect(alerts.waitUntilIdle(timeout: 30))
        alerts.stop()
        let durations = try WAVFile(path: file).durations()
        #expect(durations.count == 2)
        #expect((durations.first ?? full) < full - 1)
        #expect(alerts.recentUtterances.map(\.wasCutOff) == [true, false])
        #expect(alerts.state.utterancesCutOff == 1)
    }

    @Test("Italian routes get espeak's Italian voice, English ones the English voice; --voice overrides")
    func italianVoice() throws {
        let dir = try TemporaryDirectory(prefix: "speech")
        defer { dir.remove() }
        let alerts = Self.speaker(dir.file("voices.wav"), warnings: WarningLog())
        let italian = "Tra 200 metri, svolta a sinistra in Via Roma."
        alerts.handle([AlertEvents.voice(italian, step: 1, language: "it")])
        #expect(alerts.waitUntilIdle(timeout: 30))
        alerts.handle([AlertEvents.voice(italian, step: 2, language: "en")])
        #expect(alerts.waitUntilIdle(timeout: 30))
        alerts.stop()
        let voices = alerts.recentUtterances
        #expect(voices.map(\.requestedVoice) == ["it", "en"])
        #expect(voices.map(\.voiceIdentifier) == ["roa/it", "gmw/en"])
        #expect(voices.first?.voiceName == "Italian")
        // The same text really sounds different in the two voices.
        #expect(voices.count == 2 && voices[0].sampleCount != voices[1].sampleCount)

        let overridden = Self.speaker(dir.file("override.wav"), voice: "it", warnings: WarningLog())
        overridden.handle([AlertEvents.voice(Self.medium, step: 1, language: "en")])
        #expect(overridden.waitUntilIdle(timeout: 30))
        overridden.stop()
        #expect(overridden.recentUtterances.map(\.voiceIdentifier) == ["roa/it"])
    }

    @Test("an unknown --voice warns once and falls back to the route's language")
    func unknownVoice() throws {
        let dir = try TemporaryDirectory(prefix: "speech")
        defer { dir.remove() }
        let warnings = WarningLog()
        let alerts = Self.speaker(dir.file("unknown.wav"), voice: "xx-nowhere", warnings: warnings)
        for step in 1...2 {
            alerts.handle([AlertEvents.voice(Self.short, step: step, language: "it")])
            #expect(alerts.waitUntilIdle(timeout: 30))
        }
        alerts.stop()
        #expect(alerts.recentUtterances.map(\.voiceIdentifier) == ["roa/it", "roa/it"])
        #expect(warnings.all == ["speech: espeak-ng has no voice 'xx-nowhere': trying the next choice (route language, then English)"])
    }

    @Test("no audio device: one warning, speech off, events still handled")
    func noAudioDevice() throws {
        let dir = try TemporaryDirectory(prefix: "speech")
        defer { dir.remove() }
        let warnings = WarningLog()
        let alerts = DriverAlerts(settings: DriverAlertSettings(speech: true), busAddress: nil,
                                  environment: ["XDG_RUNTIME_DIR": dir.path], alsaDirectory: dir.file("no-snd"), warn: warnings.sink)
        for step in 0..<5 {
            alerts.handle([AlertEvents.voice(Self.short, step: step)])
        }
        #expect(alerts.waitUntilIdle(timeout: 10))
        alerts.stop()
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.hasPrefix("speech: no audio device (no PulseAudio/PipeWire server at \(dir.path)/pulse/native") == true)
        #expect(warnings.all.first?.hasSuffix("speech off (--speak-to FILE.wav writes it to a file)") == true)
        #expect(alerts.state.speech == false)
    }

    @Test("a --speak-to file that cannot be written: one warning naming it, speech off")
    func unwritableFile() throws {
        let warnings = WarningLog()
        let alerts = Self.speaker("/nonexistent-dir/speech.wav", warnings: warnings)
        alerts.handle([AlertEvents.voice(Self.short, step: 0)])
        #expect(alerts.waitUntilIdle(timeout: 10))
        alerts.stop()
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.hasPrefix("speech: cannot write /nonexistent-dir/speech.wav: ") == true)
        #expect(alerts.state.speech == false)
    }
}
