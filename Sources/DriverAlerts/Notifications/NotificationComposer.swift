import Positioning

/// Turns alert events into notifications: a value-type state machine remembering the latest
/// banner (shown with the next voice instruction of its step) and each source's device state
/// (so "GPS signal back" follows only a loss).
public struct NotificationComposer: Sendable {
    /// Whether voice instructions produce maneuver notifications.
    public var maneuvers: Bool
    private var latestBanner: DriverAlertEvent.Banner?
    private var lostSources: Set<SourceID> = []

    /// A composer; `maneuvers` false keeps only the status notifications.
    public init(maneuvers: Bool = true) {
        self.maneuvers = maneuvers
    }

    /// The notifications `event` calls for, in order.
    public mutating func update(with event: DriverAlertEvent) -> [DesktopNotification] {
        switch event {
        case .banner(let banner):
            latestBanner = banner
            return []
        case .voice(let voice):
            guard maneuvers else { return [] }
            return [maneuver(for: voice)]
        case .arrived(let name, let waypointIndex, let isFinal):
            let place = name.isEmpty ? (isFinal ? "your destination" : "stop \(waypointIndex)") : name
            let body = isFinal ? "Guidance ends here." : "Guidance continues to the next stop."
            return [DesktopNotification(kind: .status, slot: "arrival", summary: "Arrived at \(place)", body: body)]
        case .reroute(let reroute):
            return [rerouteNotification(reroute)]
        case .guidance(let active):
            if !active { latestBanner = nil }
            return []
        case .device(let state, let source):
            return deviceNotification(state, source: source)
        }
    }

    /// Summary: the banner of the announced step (or the announcement itself when its banner has
    /// not come); body: the banner's second line and the distance.
    private func maneuver(for voice: DriverAlertEvent.Maneuver) -> DesktopNotification {
        let banner = latestBanner.flatMap { $0.legIndex == voice.legIndex && $0.stepIndex == voice.stepIndex ? $0 : nil }
        let lines = [banner?.secondary, DistanceText.spoken(voice.distance, language: voice.language)]
            .compactMap { $0 }.filter { !$0.isEmpty }
        return DesktopNotification(
            kind: .maneuver, slot: "maneuver", summary: banner?.primary ?? voice.announcement,
            body: lines.joined(separator: "\n"))
    }

    private func rerouteNotification(_ reroute: DriverAlertEvent.Reroute) -> DesktopNotification {
        switch reroute {
        case .started:
            return DesktopNotification(kind: .status, slot: "reroute", summary: "Rerouting…", body: "Off the route: looking for a new one.")
        case .succeeded(let faster):
            return DesktopNotification(kind: .status, slot: "reroute", summary: "New route",
                                       body: faster ? "A faster route was found." : "Follow the new route.")
        case .failed(let message):
            return DesktopNotification(kind: .status, slot: "reroute", summary: "Rerouting failed", body: message, urgency: .critical)
        case .cancelled:
            return DesktopNotification(kind: .status, slot: "reroute", summary: "Back on the route", body: "")
        }
    }

    private mutating func deviceNotification(_ state: DeviceState, source: SourceID) -> [DesktopNotification] {
        switch state {
        case .lost:
            guard lostSources.insert(source).inserted else { return [] }
            return [DesktopNotification(kind: .status, slot: "device:\(source)", summary: "GPS signal lost",
                                        body: source.rawValue, urgency: .critical)]
        case .connected:
            guard lostSources.remove(source) != nil else { return [] }
            return [DesktopNotification(kind: .status, slot: "device:\(source)", summary: "GPS signal back", body: source.rawValue)]
        case .reconnecting:
            return []
        }
    }
}
