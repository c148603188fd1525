public import Geodesy

/// One instruction's worth of a leg: travel from one maneuver to the next.
///
/// The step's geometry starts at its maneuver and ends where the next step's maneuver is:
/// `depart --> (this step's road) --> next maneuver`.
public struct RouteStep: Sendable, Hashable {
    /// Length in metres.
    public var distance: Meters
    /// Expected travel time in seconds.
    public var duration: Seconds
    /// The step's shape, starting at the maneuver.
    public var geometry: [Coordinate]
    /// Name of the road travelled on this step ("" when unnamed).
    public var name: String
    /// Road reference, e.g. `A4;E64`.
    public var ref: String?
    /// Sign destinations of the road, e.g. `Torino, Malpensa`.
    public var destinations: String?
    /// Exit number(s) of a ramp.
    public var exits: String?
    /// Name of a rotary (for `rotary` maneuvers).
    public var rotaryName: String?
    /// Mode of travel: `driving`, `cycling`, `walking`, `ferry`.
    public var mode: String
    /// `right` or `left`.
    public var drivingSide: String
    /// The maneuver that starts the step.
    public var maneuver: Maneuver
    /// Intersections passed on the step, the first one at the maneuver.
    public var intersections: [Intersection]
    /// Spoken prompts for the maneuver that ends this step, farthest first.
    public var voiceInstructions: [VoiceInstruction]
    /// Visual banners for the maneuver that ends this step, farthest first.
    public var bannerInstructions: [BannerInstruction]
    /// Speed limit along the step, when constant and known.
    public var speedLimit: SpeedLimit?

    /// A step from its parts.
    public init(distance: Meters, duration: Seconds, geometry: [Coordinate], name: String = "", ref: String? = nil,
                destinations: String? = nil, exits: String? = nil, rotaryName: String? = nil, mode: String = "driving",
                drivingSide: String = "right", maneuver: Maneuver, intersections: [Intersection] = [],
                voiceInstructions: [VoiceInstruction] = [], bannerInstructions: [BannerInstruction] = [],
                speedLimit: SpeedLimit? = nil) {
        self.distance = distance
        self.duration = duration
        self.geometry = geometry
        self.name = name
        self.ref = ref
        self.destinations = destinations
        self.exits = exits
        self.rotaryName = rotaryName
        self.mode = mode
        self.drivingSide = drivingSide
        self.maneuver = maneuver
        self.intersections = intersections
        self.voiceInstructions = voiceInstructions
        self.bannerInstructions = bannerInstructions
        self.speedLimit = speedLimit
    }
}

/// An intersection on a step (OSRM `intersections[]`).
public struct Intersection: Sendable, Hashable {
    /// Where it is.
    public var location: Coordinate
    /// Bearings of all roads at the intersection, degrees clockwise from north, ascending.
    public var bearings: [Degrees]
    /// Whether each road in `bearings` may be entered.
    public var entry: [Bool]
    /// Index into `bearings` of the road the route arrives on (nil at departure).
    public var inIndex: Int?
    /// Index into `bearings` of the road the route leaves on (nil at arrival).
    public var outIndex: Int?
    /// Classes of the road leaving, e.g. `motorway`, `toll`, `tunnel`, `ferry`.
    public var classes: [String]

    /// An intersection from its parts.
    public init(location: Coordinate, bearings: [Degrees], entry: [Bool], inIndex: Int? = nil, outIndex: Int? = nil, classes: [String] = []) {
        self.location = location
        self.bearings = bearings
        self.entry = entry
        self.inIndex = inIndex
        self.outIndex = outIndex
        self.classes = classes
    }
}
