/// The notifications waiting for the notification thread: bounded for maneuvers (the oldest is
/// dropped when `maneuverCapacity` are waiting — a newer one replaces it on screen anyway),
/// unbounded for status ones, which are rare (arrival, reroute, GPS news) and never dropped.
struct NotificationQueue: Sendable {
    /// How many maneuver notifications may wait.
    let maneuverCapacity: Int
    private(set) var items: [DesktopNotification] = []
    /// Maneuver notifications dropped so far.
    private(set) var dropped = 0

    init(maneuverCapacity: Int = 8) {
        self.maneuverCapacity = max(1, maneuverCapacity)
    }

    var isEmpty: Bool { items.isEmpty }

    mutating func push(_ notification: DesktopNotification) {
        if notification.kind == .maneuver, items.count(where: { $0.kind == .maneuver }) >= maneuverCapacity,
            let oldest = items.firstIndex(where: { $0.kind == .maneuver }) {
            items.remove(at: oldest)
            dropped += 1
        }
        items.append(notification)
    }

    mutating func pop() -> DesktopNotification? {
        items.isEmpty ? nil : items.removeFirst()
    }

    /// Forgets everything waiting (counted as dropped when maneuvers).
    mutating func removeAll() {
        dropped += items.count(where: { $0.kind == .maneuver })
        items.removeAll()
    }
}
