extension RoadClass {
    /// Whether a map drawn at Web-Mercator `zoom` (256-pixel tiles) shows roads of this class:
    /// motorways and trunks always, then primary (11), secondary (12), tertiary (13), minor streets
    /// and service roads (14), and everything, paths included, from 15. Ferries from 12.
    public func isVisible(atZoom zoom: Int) -> Bool {
        switch zoom {
        case ..<11: rawValue <= RoadClass.trunkLink.rawValue
        case 11: rawValue <= RoadClass.primaryLink.rawValue
        case 12: rawValue <= RoadClass.secondaryLink.rawValue || self == .ferry
        case 13: rawValue <= RoadClass.tertiaryLink.rawValue || self == .ferry
        case 14: rawValue <= RoadClass.service.rawValue || self == .ferry
        default: true
        }
    }
}
