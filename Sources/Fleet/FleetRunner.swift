import Foundation
public import Gateway
public import MQTTOutlet
import RoadGraph
import Routing

/// Runs a fleet of simulated vehicles on one map: each drives its own planned route with the
/// simulator and its noise model, the live matcher and guidance, publishing the same topics as
/// a real vehicle (`waygate/<vehicle>/<channel>`, see docs/fleet.md).
///
/// Vehicles are spread over `options.shards` threads; each shard steps its vehicles one
/// simulated second per round and publishes the round's lines on its own MQTT connection: one
/// connection per shard (not per vehicle) keeps threads and sockets at one per core however
/// many vehicles there are, and lets a broker cluster balance shards. A run is deterministic
/// for a seed: the same trips, fixes and events, whatever the sharding or pacing.
///
/// `waygate fleet --map MAP --vehicles N [--mqtt URL] [--seed S] [--speed-multiplier K] [--duration S]`
/// loads the map with `MapStore`, builds `FleetOptions` and calls `run(progress:)`.
public final class FleetRunner: Sendable {
    /// The options of the run.
    public let options: FleetOptions
    private let context: FleetContext
    private let shards: [FleetShard]
    private let connections: [MQTTConnection]

    /// A run on `router`'s map, publishing to `mqtt`'s broker when given (its vehicle id is
    /// unused: every vehicle has its own). Connections open at once, in the background.
    public init(router: MapRouter, options: FleetOptions, mqtt: MQTTSettings? = nil) throws(FleetError) {
        try options.validate()
        guard router.planner.graph.nodeCount > 1 else { throw .emptyMap }
        self.options = options
        context = FleetContext(router: router, options: options)
        let shardCount = min(options.shards, options.vehicles)
        var shards: [FleetShard] = []
        var connections: [MQTTConnection] = []
        for shard in 0..<shardCount {
            let indices = Array(stride(from: shard, to: options.vehicles, by: shardCount))
            var connection: MQTTConnection?
            var topics: MQTTSettings?
            if var settings = mqtt {
                // A shard carries many vehicles: room for about ten rounds of all of them.
                settings.outbox.streamMessages = max(settings.outbox.streamMessages, indices.count * 40)
                settings.outbox.stateMessages = max(settings.outbox.stateMessages, indices.count * 10)
                settings.outbox.bytes = max(settings.outbox.bytes, indices.count * 40 * 1024)
                settings.inFlightLimit = max(settings.inFlightLimit, 1024)
                do {
                    let opened = try MQTTConnection(settings: settings, clientID: "waygate-fleet-\(getpid())-\(options.seed)-\(shard)")
                    connections.append(opened)
                    connection = opened
                } catch {
                    connections.forEach { $0.stop(flushTimeout: 0) }
                    throw .mqtt(error)
                }
                topics = settings
            }
            shards.append(FleetShard(index: shard, vehicleIndices: indices, context: context, connection: connection, topics: topics))
        }
        self.shards = shards
        self.connections = connections
    }

    /// Drives the fleet until `options.duration` simulated seconds have passed (or, without a
    /// duration, until every vehicle has parked at the end of its trip), or `stop()`; calls
    /// `progress` every `progressInterval` real seconds and once at the end. The shards run on
    /// their own threads; this only waits. Call once.
    public func run(progressInterval: Double = 1, progress: @Sendable (FleetProgress) -> Void = { _ in }) async -> FleetReport {
        let began = ContinuousClock.now
        shards.forEach { $0.start() }
        var last = ContinuousClock.now
        while !shards.allSatisfy({ $0.snapshot.finished }) {
            try? await Task.sleep(for: .milliseconds(20))
            if ContinuousClock.now - last >= .seconds(progressInterval) {
                last = ContinuousClock.now
                progress(current(since: began))
            }
        }
        shards.forEach { $0.join() }
        let final = current(since: began)
        progress(final)
        let vehicles = shards.flatMap(\.reports).sorted { $0.id < $1.id }
        return FleetReport(vehicles: vehicles, progress: final, mqtt: connections.map(\.statistics))
    }

    /// Asks every shard to end after its current round (Ctrl-C); `run` then returns.
    public func stop() { shards.forEach { $0.requestStop() } }

    private func current(since began: ContinuousClock.Instant) -> FleetProgress {
        let states = shards.map(\.snapshot)
        let statistics = connections.map(\.statistics)
        let elapsed = ContinuousClock.now - began
        return FleetProgress(
            simulatedSeconds: Double(states.map(\.round).min() ?? 0),
            realSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            vehiclesDriving: states.map(\.driving).reduce(0, +),
            trips: states.map(\.trips).reduce(0, +),
            lines: states.map(\.lines).reduce(0, +),
            published: statistics.map(\.published).reduce(0, +),
            dropped: statistics.map(\.dropped).reduce(0, +),
            connected: statistics.filter(\.isConnected).count,
            connections: statistics.count)
    }
}
