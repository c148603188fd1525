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
    /// Written in place, nested objects included (`WireObjectWriter.inPlace`): a PROGRESS is
    /// published at every fix of a guided drive.
    public func writeMembers(to object: inout WireObjectWriter) {
        let room = 900 + JSONWriter.InPlace.maximumCount(of: roadName) + JSONWriter.InPlace.maximumCount(of: routeID)
            + JSONWriter.InPlace.maximumCount(of: upcoming?.modifier) + JSONWriter.InPlace.maximumCount(of: upcoming?.name)
            + JSONWriter.InPlace.maximumCount(of: upcoming?.type)
        object.inPlace(reserving: room) { run in
            run.member("distance_remaining", distanceRemaining)
            run.member("distance_traveled", distanceTraveled)
            run.member("duration_remaining", durationRemaining)
            run.member("fraction_traveled", fractionTraveled)
            run.beginObject("leg")
            run.member("distance_remaining", leg.distanceRemaining)
            run.member("duration_remaining", leg.durationRemaining)
            run.endObject()
            run.member("leg_index", legIndex)
            run.member("off_route", offRoute)
            run.member("road_name", roadName)
            run.member("route_id", routeID)
            run.beginObject("snapped")
            run.member("bearing", snapped.bearing)
            run.member("lat", snapped.lat)
            run.member("lon", snapped.lon)
            run.endObject()
            run.beginObject("step")
            run.member("distance_remaining", step.distanceRemaining)
            run.member("distance_traveled", step.distanceTraveled)
            run.member("duration_remaining", step.durationRemaining)
            run.endObject()
            run.member("step_index", stepIndex)
            if let upcoming {
                run.beginObject("upcoming")
                run.member("distance", upcoming.distance)
                run.member("modifier", upcoming.modifier)
                run.member("name", upcoming.name)
                run.member("type", upcoming.type)
                run.endObject()
            }
        }
    }
}
