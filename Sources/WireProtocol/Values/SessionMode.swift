/// Whether the navigation session follows a route.
public enum SessionMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// No route: positions are map-matched and MATCH events flow.
    case freeDrive = "free_drive"
    /// A route is being followed: PROGRESS and instruction events flow.
    case activeGuidance = "active_guidance"
}
