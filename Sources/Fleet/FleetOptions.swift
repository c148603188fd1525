import Foundation
public import Geodesy
public import RouteModel
public import Timekeeping
public import WireProtocol

/// How a fleet run is set up: `waygate fleet --vehicles N [--seed S] [--speed-multiplier K] [--duration S]`.
public struct FleetOptions: Sendable, Hashable {
    /// How many vehicles drive.
    public var vehicles: Int
    /// The seed every random choice derives from (trips, noise): equal seeds give equal runs.
    public var seed: UInt64
    /// Simulated seconds per real second; nil runs as fast as the cores (and the broker) allow.
    public var speedMultiplier: Double?
    /// Simulated seconds to run; vehicles chain new trips until then. Nil: each vehicle drives
    /// one trip and parks.
    public var duration: Seconds?
    /// Threads the vehicles are spread over (vehicle `i` on shard `i mod shards`).
    public var shards: Int
    /// Position noise, sigma in metres (the simulator's `NoiseModel`).
    public var noiseSigma: Meters
    /// Whether fixes drop out in the routes' tunnels, as a real receiver's do.
    public var simulatesTunnels: Bool
    /// Origin/destination pairs; empty plans trips between seeded random road nodes.
    public var trips: [FleetTrip]
    /// The shortest random trip, straight-line metres (shorter picks are drawn again).
    public var minimumTripDistance: Meters
    /// Vehicle ids are `<prefix>-<index>` (`sim-00042`).
    public var vehiclePrefix: String
    /// The simulated time of the first fix.
    public var startTime: Timestamp
    /// The channels published (and counted).
    public var channels: ChannelSet
    /// Profile, language and units of the planned routes.
    public var routeOptions: RouteOptions

    /// Options for `vehicles` vehicles; one shard per active core, real time, 4 m noise.
    public init(vehicles: Int, seed: UInt64 = 1, startTime: Timestamp) {
        self.vehicles = vehicles
        self.seed = seed
        speedMultiplier = 1
        duration = nil
        shards = max(1, ProcessInfo.processInfo.activeProcessorCount)
        noiseSigma = 4
        simulatesTunnels = true
        trips = []
        minimumTripDistance = 800
        vehiclePrefix = "sim"
        self.startTime = startTime
        channels = ChannelSet.every.subtracting([.nmea, .sky])
        routeOptions = RouteOptions()
    }

    /// The id of vehicle `index`.
    public func vehicleID(_ index: Int) -> String {
        let digits = String(index)
        return "\(vehiclePrefix)-\(String(repeating: "0", count: max(0, 5 - digits.count)))\(digits)"
    }

    /// Checks the options; the error names the first bad one.
    public func validate() throws(FleetError) {
        if vehicles < 1 || vehicles > 1_000_000 { throw .badOption(name: "--vehicles", reason: "\(vehicles) is outside 1…1000000") }
        if let k = speedMultiplier, !(k > 0 && k.isFinite) { throw .badOption(name: "--speed-multiplier", reason: "\(k) must be a positive number") }
        if let d = duration, !(d > 0 && d.isFinite) { throw .badOption(name: "--duration", reason: "\(d) s must be a positive number of seconds") }
        if shards < 1 || shards > 1024 { throw .badOption(name: "shards", reason: "\(shards) is outside 1…1024") }
        if !(noiseSigma >= 0 && noiseSigma.isFinite) { throw .badOption(name: "noise", reason: "\(noiseSigma) m must be ≥ 0") }
        if vehiclePrefix.isEmpty || vehiclePrefix.contains(where: { "/+#".contains($0) }) {
            throw .badOption(name: "vehicle prefix", reason: "\"\(vehiclePrefix)\" must be non-empty without /, + or #")
        }
    }
}
