import CEspeakNG
import Foundation

/// espeak-ng, which is one synthesizer per process (global state behind a C API): initialized
/// once with its default data directory, then borrowed for one utterance at a time under
/// `lock`, so two speakers in one process take turns rather than trample each other.
enum EspeakEngine {
    /// Where espeak writes audio.
    enum Output: Equatable {
        /// Samples come back through the synth callback, synthesis runs on the caller's thread.
        case retrieval
        /// espeak plays on the default audio device from its own thread (AUDIO_OUTPUT_PLAYBACK).
        case playback
    }

    /// The voice espeak actually selected.
    struct Voice: Sendable, Hashable {
        /// espeak's name, e.g. "Italian", "English (Great Britain)".
        var name: String
        /// espeak's identifier (its file under voices/), e.g. "roa/it", "gmw/en".
        var identifier: String
    }

    private struct State {
        var initialized: Result<Int, DriverAlertsError>?
        var output: Output?
    }

    // Guarded by `lock`: espeak itself is not thread-safe.
    private nonisolated(unsafe) static var state = State()
    private static let lock = NSRecursiveLock()

    /// The default data directory of Debian's espeak-ng-data.
    static let defaultDataPath = "/usr/lib/x86_64-linux-gnu/espeak-ng-data"

    /// Runs `body` with the engine to itself, initialized and set to `output`.
    static func withEngine<T>(output: Output, _ body: () throws(DriverAlertsError) -> T) throws(DriverAlertsError) -> T {
        lock.lock()
        defer { lock.unlock() }
        try initialize()
        if state.output != output {
            let mode: espeak_ng_OUTPUT_MODE = output == .retrieval ? ENOUTPUT_MODE_SYNCHRONOUS : ENOUTPUT_MODE_SPEAK_AUDIO
            let status = espeak_ng_InitializeOutput(mode, 0, nil)
            guard status == ENS_OK else { throw .speechEngine("cannot open its \(output) output: \(message(status))") }
            espeak_SetSynthCallback(synthCallback)
            state.output = output
        }
        return try body()
    }

    /// Initializes espeak-ng once per process; later calls return the first outcome.
    static func initialize() throws(DriverAlertsError) {
        lock.lock()
        defer { lock.unlock() }
        if state.initialized == nil {
            espeak_ng_InitializePath(nil)
            var context: espeak_ng_ERROR_CONTEXT?
            let status = espeak_ng_Initialize(&context)
            if status == ENS_OK {
                state.initialized = .success(Int(espeak_ng_GetSampleRate()))
            } else {
                espeak_ng_ClearErrorContext(&context)
                state.initialized = .failure(.speechEngine("\(message(status)) (data in \(dataPath))"))
            }
        }
        if case .failure(let error) = state.initialized { throw error }
    }

    /// Samples per second of the synthesized audio (22050 for espeak-ng's voices).
    static var sampleRate: Int {
        lock.lock()
        defer { lock.unlock() }
        if case .success(let rate) = state.initialized { return rate }
        return 22050
    }

    /// The data directory espeak uses.
    static var dataPath: String {
        var path: UnsafePointer<CChar>?
        _ = espeak_Info(&path)
        return path.map { String(cString: $0) } ?? defaultDataPath
    }

    /// Selects a voice by espeak name or identifier (`it`, `en-us`, `roa/it`), else by language;
    /// nil when espeak knows neither (the previous voice stays).
    static func select(voice: String) -> Voice? {
        if espeak_SetVoiceByName(voice) != EE_OK {
            var spec = espeak_VOICE()
            let found = voice.withCString { language -> Bool in
                spec.languages = language
                return espeak_SetVoiceByProperties(&spec) == EE_OK
            }
            guard found else { return nil }
        }
        guard let current = espeak_GetCurrentVoice() else { return nil }
        return Voice(name: current.pointee.name.map { String(cString: $0) } ?? voice,
                     identifier: current.pointee.identifier.map { String(cString: $0) } ?? voice)
    }

    /// Synthesizes `text` on this thread (retrieval output), handing each buffer of samples to
    /// `sink`, which returns false to cut the utterance off. Returns false when cut off.
    static func synthesize(_ text: String, into sink: SampleSink) throws(DriverAlertsError) -> Bool {
        let bytes = Array(text.utf8CString)
        let rc = bytes.withUnsafeBufferPointer { buffer in
            espeak_Synth(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
                         Unmanaged.passUnretained(sink).toOpaque())
        }
        withExtendedLifetime(sink) {}
        guard rc == EE_OK else { throw .speechEngine("synthesis failed (espeak error \(rc.rawValue))") }
        return !sink.wasCutOff
    }

    /// Starts playing `text` (playback output); returns at once.
    static func startPlaying(_ text: String) throws(DriverAlertsError) {
        let bytes = Array(text.utf8CString)
        let rc = bytes.withUnsafeBufferPointer { buffer in
            espeak_Synth(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
        }
        guard rc == EE_OK else { throw .speechEngine("playback failed (espeak error \(rc.rawValue))") }
    }

    /// Whether espeak is still playing.
    static var isPlaying: Bool {
        lock.lock()
        defer { lock.unlock() }
        return espeak_IsPlaying() != 0
    }

    /// Stops synthesis and playback at once.
    static func cancel() {
        lock.lock()
        defer { lock.unlock() }
        _ = espeak_Cancel()
    }

    private static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Where retrieval synthesis puts samples; handed to espeak as the `user_data` of the synth call.
final class SampleSink {
    /// Takes one buffer; false cuts the utterance off.
    let take: (UnsafeBufferPointer<Int16>) -> Bool
    /// Whether `take` asked to stop.
    private(set) var wasCutOff = false

    init(_ take: @escaping (UnsafeBufferPointer<Int16>) -> Bool) { self.take = take }

    /// Called by the synth callback; 1 aborts synthesis (espeak's contract).
    func receive(_ samples: UnsafeMutablePointer<Int16>?, count: Int32) -> Int32 {
        guard !wasCutOff else { return 1 }
        guard let samples, count > 0 else { return 0 }
        if !take(UnsafeBufferPointer(start: samples, count: Int(count))) { wasCutOff = true }
        return wasCutOff ? 1 : 0
    }
}

/// espeak's synth callback: forwards samples to the call's `SampleSink` (nil `user_data` in
/// playback mode, where there is nothing to collect).
private func synthCallback(_ samples: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let userData = events?.pointee.user_data else { return 0 }
    return Unmanaged<SampleSink>.fromOpaque(userData).takeUnretainedValue().receive(samples, count: count)
}
