import JSON

/// PROGRESS: in active guidance, where the user is along the route (distances in metres,
/// durations in seconds, bearings in degrees from true north).
public struct ProgressMessage: WireMessage {
    public static let messageClass = "PROGRESS"

    /// Progress along the current leg.
    public struct Leg: Sendable, Hashable, Codable {
        /// Metres left on the leg.
        public var distanceRemaining: Double
        /// Seconds left on the leg.
        public var durationRemaining: Double

        /// Leg progress.
        public init(distanceRemaining: Double, durationRemaining: Double) {
            self.distanceRemaining = distanceRemaining
            self.durationRemaining = durationRemaining
        }

        enum CodingKeys: String, CodingKey {
            case distanceRemaining = "distance_remaining", durationRemaining = "duration_remaining"
        }
    }

    /// Progress along the current step.
    public struct Step: Sendable, Hashable, Codable {
        /// Metres done on the step.
        public var distanceTraveled: Double
        /// Metres left on the step.
        public var distanceRemaining: Double
        /// Seconds left on the step.
        public var durationRemaining: Double

        /// Step progress.
        public init(distanceTraveled: Double, distanceRemaining: Double, durationRemaining: Double) {
            self.distanceTraveled = distanceTraveled
            self.distanceRemaining = distanceRemaining
            self.durationRemaining = durationRemaining
        }

        enum CodingKeys: String, CodingKey {
            case distanceTraveled = "distance_traveled", distanceRemaining = "distance_remaining"
            case durationRemaining = "duration_remaining"
        }
    }

    /// The position snapped onto the route.
    public struct Snapped: Sendable, Hashable, Codable {
        /// Latitude, degrees.
        public var lat: Double
        /// Longitude, degrees.
        public var lon: Double
        /// Route direction at that point, degrees from true north.
        public var bearing: Double

        /// A snapped position.
        public init(lat: Double, lon: Double, bearing: Double) {
            self.lat = lat
            self.lon = lon
            self.bearing = bearing
        }

        enum CodingKeys: String, CodingKey {
            case lat, lon, bearing
        }
    }

    /// The next maneuver.
    public struct Upcoming: Sendable, Hashable, Codable {
        /// Maneuver type as Mapbox/OSRM spell it, e.g. `turn`, `arrive`.
        public var type: String
        /// Maneuver modifier, e.g. `left`, `slight right`.
        public var modifier: String?
        /// Name of the road after the maneuver.
        public var name: String?
        /// Metres to the maneuver.
        public var distance: Double

        /// An upcoming maneuver.
        public init(type: String, modifier: String? = nil, name: String? = nil, distance: Double) {
            self.type = type
            self.modifier = modifier
            self.name = name
            self.distance = distance
        }

        enum CodingKeys: String, CodingKey {
            case type, modifier, name, distance
        }
    }

    /// The route being followed.
    public var routeID: String
    /// Index of the current leg.
    public var legIndex: Int
    /// Index of the current step within the leg.
    public var stepIndex: Int
    /// Metres travelled along the route.
    public var distanceTraveled: Double
    /// Metres left to the destination.
    public var distanceRemaining: Double
    /// Seconds left to the destination.
    public var durationRemaining: Double
    /// Share of the route done, 0…1.
    public var fractionTraveled: Double
    /// Leg progress.
    public var leg: Leg
    /// Step progress.
    public var step: Step
    /// Position snapped to the route.
    public var snapped: Snapped
    /// Name of the road being driven.
    public var roadName: String?
    /// The next maneuver.
    public var upcoming: Upcoming?
    /// Whether the user has left the route.
    public var offRoute: Bool

    /// A PROGRESS event.
    public init(routeID: String, legIndex: Int, stepIndex: Int, distanceTraveled: Double, distanceRemaining: Double,
                durationRemaining: Double, fractionTraveled: Double, leg: Leg, step: Step, snapped: Snapped,
                roadName: String? = nil, upcoming: Upcoming? = nil, offRoute: Bool) {
        self.routeID = routeID
        self.legIndex = legIndex
        self.stepIndex = stepIndex
        self.distanceTraveled = distanceTraveled
        self.distanceRemaining = distanceRemaining
        self.durationRemaining = durationRemaining
        self.fractionTraveled = fractionTraveled
        self.leg = leg
        self.step = step
        self.snapped = snapped
        self.roadName = roadName
        self.upcoming = upcoming
        self.offRoute = offRoute
    }

    enum CodingKeys: String, CodingKey {
        case routeID = "route_id", legIndex = "leg_index", stepIndex = "step_index"
        case distanceTraveled = "distance_traveled", distanceRemaining = "distance_remaining"
        case durationRemaining = "duration_remaining", fractionTraveled = "fraction_traveled"
        case leg, step, snapped, roadName = "road_name", upcoming, offRoute = "off_route"
    }
}

extension ProgressMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("distance_remaining", distanceRemaining)
        object.member("distance_traveled", distanceTraveled)
        object.member("duration_remaining", durationRemaining)
        object.member("fraction_traveled", fractionTraveled)
        object.member("leg", leg)
        object.member("leg_index", legIndex)
        object.member("off_route", offRoute)
        object.member("road_name", roadName)
        object.member("route_id", routeID)
        object.member("snapped", snapped)
        object.member("step", step)
        object.member("step_index", stepIndex)
        object.member("upcoming", upcoming)
    }
}

extension ProgressMessage.Leg: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.json.inPlace(reserving: 128) { leg in
            leg.member("distance_remaining", distanceRemaining)
            leg.member("duration_remaining", durationRemaining)
        }
    }
}

extension ProgressMessage.Step: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.json.inPlace(reserving: 192) { step in
            step.member("distance_remaining", distanceRemaining)
            step.member("distance_traveled", distanceTraveled)
            step.member("duration_remaining", durationRemaining)
        }
    }
}

extension ProgressMessage.Snapped: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.json.inPlace(reserving: 144) { snapped in
            snapped.member("bearing", bearing)
            snapped.member("lat", lat)
            snapped.member("lon", lon)
        }
    }
}

extension ProgressMessage.Upcoming: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        let room = 96 + JSONWriter.InPlace.maximumCount(of: modifier) + JSONWriter.InPlace.maximumCount(of: name)
            + JSONWriter.InPlace.maximumCount(of: type)
        object.json.inPlace(reserving: room) { upcoming in
            upcoming.member("distance", distance)
            upcoming.member("modifier", modifier)
            upcoming.member("name", name)
            upcoming.member("type", type)
        }
    }
}
