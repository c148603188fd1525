/// What the driver hears and sees: the options of `serve --speak/--notify` and `watch --speak/--notify`.
public struct DriverAlertSettings: Sendable, Hashable {
    /// Whether VOICE instructions are spoken (`--speak`).
    public var speech: Bool
    /// An espeak-ng voice or language to speak with (`--voice LANG`, e.g. `it`, `en-us`); nil
    /// speaks each instruction in its route's language.
    public var voice: String?
    /// A WAV file to write the speech to instead of playing it (`--speak-to FILE.wav`): 16-bit
    /// mono at espeak's rate (22050 Hz), utterances separated by `SpeechTimeline.gapSeconds` of silence.
    public var speechFile: String?
    /// Whether desktop notifications are posted (`--notify`).
    public var notifications: Bool
    /// Whether each maneuver gets a notification too, not only arrival, reroute and GPS status
    /// (false with `--no-notify-maneuvers`).
    public var maneuverNotifications: Bool

    /// Settings from their parts; everything is off by default.
    public init(speech: Bool = false, voice: String? = nil, speechFile: String? = nil, notifications: Bool = false,
                maneuverNotifications: Bool = true) {
        self.speech = speech
        self.voice = voice
        self.speechFile = speechFile
        self.notifications = notifications
        self.maneuverNotifications = maneuverNotifications
    }
}

/// Whether speech and notifications are on right now (for status replies and the
/// `driver_alerts` socket command), with counters of what was done.
public struct DriverAlertsState: Sendable, Hashable {
    /// Speech is on and its output works.
    public var speech: Bool
    /// Notifications are on and the session bus was reachable.
    public var notifications: Bool
    /// Utterances spoken to the end.
    public var utterancesSpoken: Int
    /// Utterances cut off by a newer instruction, a reroute or the end of guidance.
    public var utterancesCutOff: Int
    /// Notify calls answered by the notification server.
    public var notificationsSent: Int
    /// Maneuver notifications dropped because the notification queue was full.
    public var notificationsDropped: Int

    /// A state from its parts.
    public init(speech: Bool, notifications: Bool, utterancesSpoken: Int = 0, utterancesCutOff: Int = 0,
                notificationsSent: Int = 0, notificationsDropped: Int = 0) {
        self.speech = speech
        self.notifications = notifications
        self.utterancesSpoken = utterancesSpoken
        self.utterancesCutOff = utterancesCutOff
        self.notificationsSent = notificationsSent
        self.notificationsDropped = notificationsDropped
    }
}
