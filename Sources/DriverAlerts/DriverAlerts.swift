public import Gateway
import Foundation
import SystemIO

/// Speaks each VOICE instruction through espeak-ng and shows it, with the banner's text, as a
/// freedesktop notification; also notifies arrival, reroutes and GPS signal loss (see
/// docs/driver-alerts.md). `handle` returns at once: speech and D-Bus calls run on the module's
/// own two threads, so the Gateway never waits for audio or the bus.
///
/// ```swift
/// let alerts = DriverAlerts(settings: DriverAlertSettings(speech: true, notifications: true)) { print($0) }
/// bus.subscribe { alerts.handle($0) }
/// // …
/// alerts.stop()
/// ```
public final class DriverAlerts: Sendable {
    private struct Switches {
        var speech: Bool
        var notifications: Bool
        var composer: NotificationComposer
        var speaker: SpeechWorker?
        var notifier: NotificationWorker?
        var isStopped = false
    }

    /// The settings it was made with.
    public let settings: DriverAlertSettings
    private let busAddress: String?
    private let environment: [String: String]
    private let pacesFileOutput: Bool
    private let alsaDirectory: String
    private let warn: @Sendable (String) -> Void
    private let switches: Locked<Switches>

    /// Starts what `settings` turns on. `busAddress` is the D-Bus address of the session bus to
    /// post to (nil: `DBUS_SESSION_BUS_ADDRESS`, else sd-bus's default user bus). `warn` gets
    /// one-line warnings (no audio device, no session bus, unknown voice), each given once.
    public convenience init(settings: DriverAlertSettings, busAddress: String? = nil, warn: @escaping @Sendable (String) -> Void) {
        self.init(settings: settings, busAddress: busAddress, environment: ProcessInfo.processInfo.environment, warn: warn)
    }

    /// The same with the environment given (where audio and bus defaults are looked up) and
    /// where ALSA devices live, and, for tests, file speech paced at the speed of playback.
    init(settings: DriverAlertSettings, busAddress: String?, environment: [String: String], alsaDirectory: String = "/dev/snd",
         pacesFileOutput: Bool = false, warn: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.busAddress = busAddress
        self.environment = environment
        self.pacesFileOutput = pacesFileOutput
        self.alsaDirectory = alsaDirectory
        self.warn = warn
        switches = Locked(Switches(speech: false, notifications: false,
                                  composer: NotificationComposer(maneuvers: settings.maneuverNotifications)))
        set(speech: settings.speech, notifications: settings.notifications)
    }

    /// Reacts to gateway events (VOICE, BANNER, ARRIVAL, REROUTE, SESSION, DEVICE; the rest is
    /// ignored). Returns at once; safe from any thread.
    public func handle(_ events: [GatewayEvent]) {
        handle(events.compactMap(DriverAlertEvent.from))
    }

    /// Reacts to alert events (what `watch --speak/--notify` builds from wire messages).
    public func handle(_ events: [DriverAlertEvent]) {
        guard !events.isEmpty else { return }
        switches.withLock { s in
            guard !s.isStopped else { return }
            var speech: [SpeechWorker.Action] = []
            var notifications: [DesktopNotification] = []
            for event in events {
                if let action = Self.speechAction(for: event) { speech.append(action) }
                notifications += s.composer.update(with: event)
            }
            if s.speech { s.speaker?.submit(speech) }
            if s.notifications { s.notifier?.post(notifications) }
        }
    }

    /// Turns speech and/or notifications on or off at runtime (nil leaves one as it is); the
    /// `driver_alerts` socket command. Turning speech off cuts off what is being said; turning
    /// a failed part on again retries its output (and may warn again).
    public func set(speech: Bool?, notifications: Bool?) {
        switches.withLock { s in
            guard !s.isStopped else { return }
            if let speech {
                s.speech = speech
                if speech, s.speaker?.isAvailable != true {
                    s.speaker = SpeechWorker(file: settings.speechFile, voice: settings.voice, environment: environment,
                                             alsaDirectory: alsaDirectory, pacesFileOutput: pacesFileOutput, warn: warn)
                } else if !speech {
                    s.speaker?.submit([.flush])
                }
            }
            if let notifications {
                s.notifications = notifications
                if notifications, s.notifier?.isAvailable != true {
                    s.notifier = NotificationWorker(address: busAddress, environment: environment, warn: warn)
                }
            }
        }
    }

    /// What is on (and working) now, with counters, for status replies.
    public var state: DriverAlertsState {
        let (speech, notifications, speaker, notifier) = switches.withLock { s in (s.speech, s.notifications, s.speaker, s.notifier) }
        let spoken = speaker?.counters ?? (spoken: 0, cutOff: 0)
        let posted = notifier?.counters ?? (sent: 0, dropped: 0)
        return DriverAlertsState(
            speech: speech && speaker?.isAvailable == true, notifications: notifications && notifier?.isAvailable == true,
            utterancesSpoken: spoken.spoken, utterancesCutOff: spoken.cutOff,
            notificationsSent: posted.sent, notificationsDropped: posted.dropped)
    }

    /// The latest utterances (at most 64), oldest first: text, voice used, cut off or not.
    public var recentUtterances: [SpokenUtterance] {
        switches.withLock { $0.speaker }?.recent ?? []
    }

    /// Waits until everything handled so far has been said and posted, at most `timeout`
    /// seconds; false on timeout. For tests and for `watch`, which waits before exiting.
    public func waitUntilIdle(timeout: Double) -> Bool {
        let (speaker, notifier) = switches.withLock { ($0.speaker, $0.notifier) }
        let deadline = Date(timeIntervalSinceNow: timeout)
        let spoke = speaker?.waitUntilIdle(timeout: timeout) ?? true
        return (notifier?.waitUntilIdle(timeout: max(0, deadline.timeIntervalSinceNow)) ?? true) && spoke
    }

    /// Finishes what was handled (the WAV file then holds it all and is closed), joins both
    /// threads; later events are ignored. Waits at most about 15 s for speech playing aloud.
    public func stop() {
        let (speaker, notifier) = switches.withLock { s -> (SpeechWorker?, NotificationWorker?) in
            s.isStopped = true
            return (s.speaker, s.notifier)
        }
        speaker?.stop()
        notifier?.stop()
    }

    /// What an event asks of the speech thread: speak a voice instruction; flush on a reroute
    /// that started or succeeded and when guidance ends.
    static func speechAction(for event: DriverAlertEvent) -> SpeechWorker.Action? {
        switch event {
        case .voice(let maneuver): .speak(maneuver.announcement, language: maneuver.language)
        case .reroute(.started), .reroute(.succeeded), .guidance(active: false): .flush
        case .banner, .arrived, .reroute, .guidance, .device: nil
        }
    }
}
