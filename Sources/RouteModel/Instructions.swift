/// A spoken prompt, triggered when the remaining distance to the step's end maneuver falls to
/// `distanceAlongGeometry` (Mapbox semantics: measured back from the end of the step).
public struct VoiceInstruction: Sendable, Hashable, Codable {
    /// Distance in metres before the end of the step at which to speak.
    public var distanceAlongGeometry: Double
    /// Plain text to speak.
    public var announcement: String
    /// The same as SSML.
    public var ssmlAnnouncement: String

    /// A prompt from its parts.
    public init(distanceAlongGeometry: Double, announcement: String, ssmlAnnouncement: String) {
        self.distanceAlongGeometry = distanceAlongGeometry
        self.announcement = announcement
        self.ssmlAnnouncement = ssmlAnnouncement
    }
}

/// A visual banner shown from `distanceAlongGeometry` metres before the end of the step.
public struct BannerInstruction: Sendable, Hashable, Codable {
    /// Distance in metres before the end of the step from which to show it.
    public var distanceAlongGeometry: Double
    /// The main line.
    public var primary: BannerText
    /// An optional second line (e.g. destinations).
    public var secondary: BannerText?
    /// An optional sub-banner (e.g. the maneuver right after).
    public var sub: BannerText?

    /// A banner from its parts.
    public init(distanceAlongGeometry: Double, primary: BannerText, secondary: BannerText? = nil, sub: BannerText? = nil) {
        self.distanceAlongGeometry = distanceAlongGeometry
        self.primary = primary
        self.secondary = secondary
        self.sub = sub
    }
}

/// One line of a banner: text plus the maneuver it depicts.
public struct BannerText: Sendable, Hashable, Codable {
    /// The text, e.g. "Via Dante".
    public var text: String
    /// Maneuver type depicted.
    public var type: ManeuverType?
    /// Maneuver modifier depicted.
    public var modifier: ManeuverModifier?
    /// Exit angle for roundabouts, degrees.
    public var degrees: Double?
    /// Text components (name, ref, delimiter…) as Mapbox sends them.
    public var components: [BannerComponent]

    /// A banner line from its parts.
    public init(text: String, type: ManeuverType? = nil, modifier: ManeuverModifier? = nil, degrees: Double? = nil,
                components: [BannerComponent] = []) {
        self.text = text
        self.type = type
        self.modifier = modifier
        self.degrees = degrees
        self.components = components
    }
}

/// A piece of banner text (Mapbox `components[]`).
public struct BannerComponent: Sendable, Hashable, Codable {
    /// The piece of text.
    public var text: String
    /// Its kind: `text`, `icon`, `delimiter`, `exit-number`, `exit`, `lane`.
    public var type: String
    /// A shorter form of `text` for narrow banners (Mapbox `abbr`), when there is one.
    public var abbreviation: String?
    /// Which abbreviations to use first when space is short (Mapbox `abbr_priority`, lower first).
    public var abbreviationPriority: Int?
    /// For `lane` components: the directions the lane allows (`straight`, `left`, …).
    public var directions: [String]?
    /// For `lane` components: whether the lane can be used for the maneuver.
    public var isActive: Bool?

    /// A component from its parts.
    public init(text: String, type: String = "text", abbreviation: String? = nil, abbreviationPriority: Int? = nil,
                directions: [String]? = nil, isActive: Bool? = nil) {
        self.text = text
        self.type = type
        self.abbreviation = abbreviation
        self.abbreviationPriority = abbreviationPriority
        self.directions = directions
        self.isActive = isActive
    }
}
