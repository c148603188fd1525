/// BANNER: the visual instruction for the current step, shaped like a Mapbox `bannerInstructions` entry.
public struct BannerMessage: WireMessage {
    public static let messageClass = "BANNER"

    /// One line of a banner (Mapbox's `primary`, `secondary` or `sub`).
    public struct Text: Sendable, Hashable, Codable {
        /// The text to show.
        public var text: String
        /// Maneuver type, e.g. `turn`.
        public var type: String?
        /// Maneuver modifier, e.g. `left`.
        public var modifier: String?
        /// Exit angle for roundabouts, degrees.
        public var degrees: Double?
        /// `left` or `right`.
        public var drivingSide: String?
        /// The pieces of the text (road names, exit numbers, lanes), when given.
        public var components: [Component]?

        /// A banner line.
        public init(text: String, type: String? = nil, modifier: String? = nil, degrees: Double? = nil,
                    drivingSide: String? = nil, components: [Component]? = nil) {
            self.text = text
            self.type = type
            self.modifier = modifier
            self.degrees = degrees
            self.drivingSide = drivingSide
            self.components = components
        }

        enum CodingKeys: String, CodingKey {
            case text, type, modifier, degrees, drivingSide = "driving_side", components
        }
    }

    /// One piece of a banner line, as Mapbox's banner components.
    public struct Component: Sendable, Hashable, Codable {
        /// The piece's text.
        public var text: String
        /// `text`, `icon`, `delimiter`, `exit`, `exit-number`, `lane`, …
        public var type: String
        /// A shorter form of `text`.
        public var abbreviation: String?
        /// Which abbreviations to use first when space is short (lower first).
        public var abbreviationPriority: Int?
        /// For lanes: the directions the lane allows.
        public var directions: [String]?
        /// For lanes: whether the lane can be used for the maneuver.
        public var active: Bool?

        /// A banner component.
        public init(text: String, type: String, abbreviation: String? = nil, abbreviationPriority: Int? = nil,
                    directions: [String]? = nil, active: Bool? = nil) {
            self.text = text
            self.type = type
            self.abbreviation = abbreviation
            self.abbreviationPriority = abbreviationPriority
            self.directions = directions
            self.active = active
        }

        enum CodingKeys: String, CodingKey {
            case text, type, abbreviation = "abbr", abbreviationPriority = "abbr_priority", directions, active
        }
    }

    /// Index of the step the banner belongs to.
    public var stepIndex: Int
    /// Metres before the step's end at which the banner is shown (Mapbox `distanceAlongGeometry`).
    public var distanceAlongStep: Double
    /// The main line.
    public var primary: Text
    /// The second line, when any.
    public var secondary: Text?
    /// The sub-banner (lanes or the next maneuver), when any.
    public var sub: Text?

    /// A BANNER event.
    public init(stepIndex: Int, distanceAlongStep: Double, primary: Text, secondary: Text? = nil, sub: Text? = nil) {
        self.stepIndex = stepIndex
        self.distanceAlongStep = distanceAlongStep
        self.primary = primary
        self.secondary = secondary
        self.sub = sub
    }

    enum CodingKeys: String, CodingKey {
        case stepIndex = "step_index", distanceAlongStep = "distance_along_step", primary, secondary, sub
    }
}

extension BannerMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("distance_along_step", distanceAlongStep)
        object.member("primary", primary)
        object.member("secondary", secondary)
        object.member("step_index", stepIndex)
        object.member("sub", sub)
    }
}

extension BannerMessage.Text: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("components", components)
        object.member("degrees", degrees)
        object.member("driving_side", drivingSide)
        object.member("modifier", modifier)
        object.member("text", text)
        object.member("type", type)
    }
}

extension BannerMessage.Component: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("abbr", abbreviation)
        object.member("abbr_priority", abbreviationPriority)
        object.member("active", active)
        object.member("directions", directions)
        object.member("text", text)
        object.member("type", type)
    }
}
