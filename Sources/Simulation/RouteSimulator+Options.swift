import Geodesy

extension RouteSimulator {
    /// How the simulated vehicle drives and what its fixes report. Speeds in m/s, accelerations in
    /// m/s² (both bounds positive), distances in metres, times in seconds.
    public struct Options: Sendable, Hashable {
        /// Speed the vehicle never exceeds, whatever the route says (30 m/s ≈ 108 km/h).
        public var maximumSpeed: MetersPerSecond
        /// Floor for typical (annotation or step-duration) speeds, so a jammed segment still moves;
        /// posted limits below it are still obeyed.
        public var minimumCruiseSpeed: MetersPerSecond
        /// Largest acceleration, m/s².
        public var maximumAcceleration: Double
        /// Largest braking deceleration, as a positive number, m/s².
        public var maximumBraking: Double
        /// How much the vehicle slows for turns.
        public var turns: TurnSpeedModel
        /// Seconds between fixes.
        public var fixInterval: Seconds
        /// Where on the route the drive starts, metres along its geometry.
        public var startDistance: Meters
        /// Speed at the start, m/s (0: pulls away from rest).
        public var initialSpeed: MetersPerSecond
        /// Whether the vehicle comes to rest at each intermediate waypoint.
        public var stopsAtWaypoints: Bool
        /// Half-width of the window the course is averaged over, metres: the course turns
        /// smoothly through a corner over twice this distance.
        public var courseWindow: Meters
        /// Horizontal accuracy reported when position noise is off, metres (95 %).
        public var horizontalAccuracy: Meters
        /// Vertical accuracy reported when position noise is off and altitude is known, metres.
        public var verticalAccuracy: Meters
        /// Altitude reported where the geometry has no elevations, metres above mean sea level.
        public var altitude: Meters?
        /// The error model (off by default).
        public var noise: NoiseModel.Options

        /// Options with the given values; the defaults drive like a car in town and on the open road.
        public init(maximumSpeed: MetersPerSecond = 30, minimumCruiseSpeed: MetersPerSecond = 3,
                    maximumAcceleration: Double = 3, maximumBraking: Double = 4, turns: TurnSpeedModel = TurnSpeedModel(),
                    fixInterval: Seconds = 1, startDistance: Meters = 0, initialSpeed: MetersPerSecond = 0,
                    stopsAtWaypoints: Bool = false, courseWindow: Meters = 8, horizontalAccuracy: Meters = 3,
                    verticalAccuracy: Meters = 5, altitude: Meters? = nil, noise: NoiseModel.Options = NoiseModel.Options()) {
            self.maximumSpeed = maximumSpeed
            self.minimumCruiseSpeed = minimumCruiseSpeed
            self.maximumAcceleration = maximumAcceleration
            self.maximumBraking = maximumBraking
            self.turns = turns
            self.fixInterval = fixInterval
            self.startDistance = startDistance
            self.initialSpeed = initialSpeed
            self.stopsAtWaypoints = stopsAtWaypoints
            self.courseWindow = courseWindow
            self.horizontalAccuracy = horizontalAccuracy
            self.verticalAccuracy = verticalAccuracy
            self.altitude = altitude
            self.noise = noise
        }

        /// Throws `invalidOption` naming the first option out of range.
        func validate() throws(SimulationError) {
            let positive: [(String, Double)] = [
                ("maximumSpeed", maximumSpeed), ("minimumCruiseSpeed", minimumCruiseSpeed),
                ("maximumAcceleration", maximumAcceleration), ("maximumBraking", maximumBraking),
                ("fixInterval", fixInterval), ("turns.lateralAcceleration", turns.lateralAcceleration),
                ("turns.window", turns.window), ("turns.minimumSpeed", turns.minimumSpeed),
                ("turns.roundaboutSpeed", turns.roundaboutSpeed), ("courseWindow", courseWindow),
            ]
            for (name, value) in positive where !(value > 0 && value.isFinite) {
                throw .invalidOption(name: name, value: value)
            }
            let nonNegative: [(String, Double)] = [
                ("startDistance", startDistance), ("initialSpeed", initialSpeed),
                ("horizontalAccuracy", horizontalAccuracy), ("verticalAccuracy", verticalAccuracy),
            ]
            for (name, value) in nonNegative where !(value >= 0 && value.isFinite) {
                throw .invalidOption(name: name, value: value)
            }
            if let altitude, !altitude.isFinite { throw .invalidOption(name: "altitude", value: altitude) }
        }
    }
}
