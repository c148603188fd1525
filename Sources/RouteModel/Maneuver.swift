public import Geodesy

/// What the driver does at the start of a step, in the OSRM / Mapbox vocabulary.
public struct Maneuver: Sendable, Hashable {
    /// The kind of maneuver.
    public var type: ManeuverType
    /// Its direction, when it has one.
    public var modifier: ManeuverModifier?
    /// Where it happens.
    public var location: Coordinate
    /// Heading before the maneuver, degrees (0 at departure).
    public var bearingBefore: Degrees
    /// Heading after the maneuver, degrees.
    public var bearingAfter: Degrees
    /// Roundabout or rotary exit number (1-based), for roundabout maneuvers.
    public var exit: Int?
    /// A human-readable instruction, e.g. "Turn left onto Via Dante".
    public var instruction: String

    /// A maneuver from its parts.
    public init(type: ManeuverType, modifier: ManeuverModifier? = nil, location: Coordinate, bearingBefore: Degrees = 0,
                bearingAfter: Degrees = 0, exit: Int? = nil, instruction: String = "") {
        self.type = type
        self.modifier = modifier
        self.location = location
        self.bearingBefore = bearingBefore
        self.bearingAfter = bearingAfter
        self.exit = exit
        self.instruction = instruction
    }
}

/// OSRM maneuver types; raw values are the wire spellings.
public enum ManeuverType: String, Sendable, Hashable, Codable, CaseIterable {
    case depart, arrive, turn, merge, fork, roundabout, rotary, notification
    case newName = "new name"
    case `continue`
    case onRamp = "on ramp"
    case offRamp = "off ramp"
    case endOfRoad = "end of road"
    case roundaboutTurn = "roundabout turn"
    case exitRoundabout = "exit roundabout"
    case exitRotary = "exit rotary"
    case useLane = "use lane"
}

/// OSRM maneuver modifiers; raw values are the wire spellings.
public enum ManeuverModifier: String, Sendable, Hashable, Codable, CaseIterable {
    case uturn, left, right, straight
    case sharpRight = "sharp right"
    case slightRight = "slight right"
    case slightLeft = "slight left"
    case sharpLeft = "sharp left"
}
