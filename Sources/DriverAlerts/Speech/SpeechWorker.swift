import CEspeakNG
import Foundation
import Synchronization
import SystemIO

/// Speaks on its own thread, so the event bus never waits for audio. At most one utterance waits
/// behind the one being spoken: a newer instruction replaces the waiting one and cuts off the one
/// being spoken (it is stale: the driver must never hear "in 200 m turn left" after the turn),
/// and a flush drops the waiting one and cuts off the current one.
final class SpeechWorker: @unchecked Sendable {  // every `var` is guarded by `condition`.
    /// What the alerts ask of the speech thread.
    enum Action: Sendable, Hashable {
        /// Say `text`, in `language` unless a voice override is set.
        case speak(String, language: String?)
        /// Drop what waits, cut off what is being said.
        case flush
    }

    private struct Job {
        var text: String
        var language: String?
        var generation: UInt64
    }

    private let condition = NSCondition()
    private var pending: Job?
    /// A flush came while nothing was waiting: playback still sounding must be cancelled.
    private var isCancelRequested = false
    private var isSpeaking = false
    private var isStopping = false
    private var isUnavailable = false
    private var log: [SpokenUtterance] = []
    private var spoken = 0
    private var cutOff = 0
    private var warnedVoices: Set<String> = []
    /// Bumped by every speak and flush; an utterance whose generation is no longer current is cut.
    private let generation = Atomic<UInt64>(0)
    private let finished = DispatchSemaphore(value: 0)
    private let file: String?
    private let voiceOverride: String?
    private let environment: [String: String]
    private let alsaDirectory: String
    private let pacesFileOutput: Bool
    private let warn: @Sendable (String) -> Void

    /// Seconds of silence written after each utterance in file output; espeak's own pauses
    /// (commas, full stops) stay under 0.35 s, so utterances can be told apart.
    static let fileGap = 0.75
    /// How many utterances `recent` keeps.
    static let logLength = 64

    /// Starts the thread. `file` non-nil writes a WAV instead of playing; `pacesFileOutput`
    /// (tests) makes file synthesis take as long as the audio would play, as a speaker does.
    init(file: String?, voice: String?, environment: [String: String], alsaDirectory: String = "/dev/snd",
         pacesFileOutput: Bool = false, warn: @escaping @Sendable (String) -> Void) {
        self.file = file
        self.voiceOverride = voice
        self.environment = environment
        self.alsaDirectory = alsaDirectory
        self.pacesFileOutput = pacesFileOutput
        self.warn = warn
        NamedThread.start("wg-speech") { [self] in run() }
    }

    /// Whether the output opened (false after a warning: speech is then off).
    var isAvailable: Bool { condition.withLock { !isUnavailable } }

    /// Counters: spoken to the end, cut off.
    var counters: (spoken: Int, cutOff: Int) { condition.withLock { (spoken, cutOff) } }

    /// The latest utterances, oldest first.
    var recent: [SpokenUtterance] { condition.withLock { log } }

    /// Applies `actions` in order, atomically (a batch "voice, reroute" speaks nothing); returns at once.
    func submit(_ actions: [Action]) {
        guard !actions.isEmpty else { return }
        condition.withLock {
            guard !isStopping, !isUnavailable else { return }
            for action in actions {
                let next = generation.add(1, ordering: .sequentiallyConsistent).newValue
                switch action {
                case .speak(let text, let language): pending = Job(text: text, language: language, generation: next)
                case .flush:
                    pending = nil
                    isCancelRequested = true
                }
            }
            condition.broadcast()
        }
    }

    /// Waits until nothing waits and nothing is being said, at most `timeout` seconds.
    func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while pending != nil || isSpeaking {
            if !condition.wait(until: deadline) { return pending == nil && !isSpeaking }
        }
        return true
    }

    /// Says what waits, then ends the thread and closes the file; past `timeout` seconds the
    /// current utterance is cut off.
    func stop(timeout: Double = 15) {
        condition.withLock {
            isStopping = true
            condition.broadcast()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            condition.withLock {
                pending = nil
                generation.add(1, ordering: .sequentiallyConsistent)
                condition.broadcast()
            }
            _ = finished.wait(timeout: .now() + 5)
        }
    }

    private func run() {
        defer { finished.signal() }
        let writer: WAVWriter?
        do {
            if let file {
                try EspeakEngine.initialize()
                writer = try WAVWriter(path: file, sampleRate: EspeakEngine.sampleRate)
            } else {
                _ = try AudioDeviceProbe.playbackDevice(environment: environment, alsaDirectory: alsaDirectory).get()
                try EspeakEngine.initialize()
                writer = nil
            }
        } catch {
            giveUp(error)
            return
        }
        while let job = next(cancellingPlayback: writer == nil) {
            do throws(DriverAlertsError) {
                if let writer { record(try speak(job, to: writer)) } else { record(try play(job)) }
            } catch {
                try? writer?.close()
                giveUp(error)
                return
            }
        }
        do { try writer?.close() } catch { warn("\(error)") }
    }

    private func giveUp(_ error: DriverAlertsError) {
        condition.withLock {
            isUnavailable = true
            isSpeaking = false
            pending = nil
            condition.broadcast()
        }
        warn(file == nil && error.isNoAudioDevice ? "\(error): speech off (--speak-to FILE.wav writes it to a file)" : "\(error): speech off")
    }

    /// The next job, marking the worker busy; nil once stopping and drained. A flush that comes
    /// while waiting cancels what espeak may still be playing (in playback output).
    private func next(cancellingPlayback: Bool) -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while pending == nil && !isStopping {
            if isCancelRequested {
                isCancelRequested = false
                if cancellingPlayback {
                    condition.unlock()
                    EspeakEngine.cancel()
                    condition.lock()
                    continue
                }
            }
            condition.wait()
        }
        isCancelRequested = false
        guard let job = pending else { return nil }
        pending = nil
        isSpeaking = true
        return job
    }

    private func record(_ utterance: SpokenUtterance) {
        condition.withLock {
            if utterance.wasCutOff { cutOff += 1 } else { spoken += 1 }
            log.append(utterance)
            if log.count > Self.logLength { log.removeFirst(log.count - Self.logLength) }
            isSpeaking = false
            condition.broadcast()
        }
    }

    private func isCurrent(_ job: Job) -> Bool { generation.load(ordering: .sequentiallyConsistent) == job.generation }

    /// Synthesizes `job` into the WAV file, then writes the gap.
    private func speak(_ job: Job, to writer: WAVWriter) throws(DriverAlertsError) -> SpokenUtterance {
        let rate = Double(writer.sampleRate)
        var samples = 0
        var writeError: DriverAlertsError?
        let sink = SampleSink { [self] buffer in
            guard isCurrent(job) else { return false }
            do throws(DriverAlertsError) { try writer.append(buffer) } catch {
                writeError = error
                return false
            }
            samples += buffer.count
            if pacesFileOutput { usleep(UInt32(Double(buffer.count) / rate * 1_000_000)) }
            return true
        }
        let (voice, requested, completed) = try EspeakEngine.withEngine(output: .retrieval) { () throws(DriverAlertsError) in
            let (voice, requested) = selectVoice(for: job)
            return (voice, requested, try EspeakEngine.synthesize(job.text, into: sink))
        }
        if let writeError { throw writeError }
        try writer.appendSilence(seconds: Self.fileGap)
        try writer.flush()
        return SpokenUtterance(text: job.text, requestedVoice: requested, voiceName: voice.name, voiceIdentifier: voice.identifier,
                               wasCutOff: !completed, sampleCount: samples)
    }

    /// Plays `job` through espeak's audio output, cancelling it as soon as it is no longer current.
    private func play(_ job: Job) throws(DriverAlertsError) -> SpokenUtterance {
        let (voice, requested) = try EspeakEngine.withEngine(output: .playback) { () throws(DriverAlertsError) in
            // Whatever still sounds is older than this job, hence stale.
            if espeak_IsPlaying() != 0 { _ = espeak_Cancel() }
            let chosen = selectVoice(for: job)
            try EspeakEngine.startPlaying(job.text)
            return chosen
        }
        let deadline = Date(timeIntervalSinceNow: 120)
        var wasCut = false
        while EspeakEngine.isPlaying && Date() < deadline {
            if !isCurrent(job) {
                wasCut = true
                break
            }
            condition.withLock { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        }
        if wasCut || EspeakEngine.isPlaying { EspeakEngine.cancel() }
        return SpokenUtterance(text: job.text, requestedVoice: requested, voiceName: voice.name, voiceIdentifier: voice.identifier,
                               wasCutOff: wasCut, sampleCount: 0)
    }

    /// Selects the override voice, else the job's language, else English (warning once per
    /// voice espeak does not know). Called with the engine held.
    private func selectVoice(for job: Job) -> (EspeakEngine.Voice, String) {
        let candidates = [voiceOverride, job.language, "en"].compactMap { $0 }.filter { !$0.isEmpty }
        for candidate in candidates {
            if let voice = EspeakEngine.select(voice: candidate) { return (voice, candidate) }
            let first = condition.withLock { warnedVoices.insert(candidate).inserted }
            if first { warn("speech: espeak-ng has no voice '\(candidate)': trying the next choice (route language, then English)") }
        }
        return (EspeakEngine.Voice(name: "default", identifier: "default"), "default")
    }
}

extension DriverAlertsError {
    var isNoAudioDevice: Bool {
        if case .noAudioDevice = self { return true }
        return false
    }
}
