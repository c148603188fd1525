/// One utterance the speech thread produced (kept for status and tests: what was said, in which
/// voice, and whether it was cut off).
public struct SpokenUtterance: Sendable, Hashable {
    /// The text.
    public var text: String
    /// The voice or language asked for (the `--voice` override, else the route's language).
    public var requestedVoice: String
    /// espeak's name of the voice used, e.g. "Italian".
    public var voiceName: String
    /// espeak's identifier of the voice used, e.g. "roa/it".
    public var voiceIdentifier: String
    /// Whether a newer instruction, a reroute or the end of guidance cut it off.
    public var wasCutOff: Bool
    /// Samples written (file output only; 0 when played).
    public var sampleCount: Int

    /// An utterance record from its parts.
    public init(text: String, requestedVoice: String, voiceName: String, voiceIdentifier: String, wasCutOff: Bool, sampleCount: Int) {
        self.text = text
        self.requestedVoice = requestedVoice
        self.voiceName = voiceName
        self.voiceIdentifier = voiceIdentifier
        self.wasCutOff = wasCutOff
        self.sampleCount = sampleCount
    }
}
