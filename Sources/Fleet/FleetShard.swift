import Foundation
import Gateway
import MapMatching
import MQTTOutlet
import Servers
import SystemIO
import Timekeeping
import WireProtocol

/// One thread stepping its share of the vehicles in simulated time, one round per simulated
/// second (every vehicle's fixes are on the same one-second grid), and publishing each round's
/// lines as one batch on the shard's MQTT connection.
final class FleetShard: @unchecked Sendable {  // `vehicles`, `encoder` and `workspace` are touched only by the shard's thread; `state` is locked.
    struct State {
        var round = 0
        var driving = 0
        var trips = 0
        var lines = 0
        var finished = false
        var stopRequested = false
    }

    let index: Int
    private let context: FleetContext
    private let connection: MQTTConnection?
    private let topics: MQTTSettings?
    private var vehicles: [SimulatedVehicle]
    private var encoder = FleetLineEncoder()
    /// The matchers' search arrays, shared by the shard's vehicles: one set the size of the graph
    /// per shard, not per vehicle (memory per vehicle would grow with the map).
    private var workspace = MatchingWorkspace()
    /// Each vehicle's topic per channel slot (`Channel.slot`), built once
    /// (`waygate/sim-00042/location`): a message shares its topic string instead of formatting a
    /// new one; nil for the channels not published, and for all without a broker.
    private let topicTable: [[String?]]
    /// The channels published (`FleetOptions.channels`).
    private let published: ChannelSet
    private let lock = NSLock()
    private var state = State()
    private let done = DispatchSemaphore(value: 0)
    private let backlogLimit: Int

    init(index: Int, vehicleIndices: [Int], context: FleetContext, connection: MQTTConnection?, topics: MQTTSettings?) {
        self.index = index
        self.context = context
        self.connection = connection
        self.topics = topics
        vehicles = vehicleIndices.map { SimulatedVehicle(index: $0, context: context) }
        assert(Channel.slotted.indices.allSatisfy { Channel.slotted[$0].slot == $0 }, "Channel.slot out of step with Channel.slotted")
        let channels = context.options.channels
        published = channels
        topicTable = vehicles.map { vehicle in
            Channel.slotted.map { channel in
                guard let topics, channels.contains(channel) else { return nil }
                return topics.topic(channel.rawValue, vehicle: vehicle.id)
            }
        }
        backlogLimit = max(256, (topics?.outbox.streamMessages ?? 0) / 2)
    }

    var snapshot: State { lock.withLock { state } }

    func requestStop() { lock.withLock { state.stopRequested = true } }

    /// The vehicles' reports (valid once the shard has finished).
    var reports: [FleetVehicleReport] {
        vehicles.map { vehicle in
            FleetVehicleReport(id: vehicle.id, trips: vehicle.trips, failedPlans: vehicle.failedPlans,
                               lines: vehicle.lineCounts)
        }
    }

    func start() {
        NamedThread.start("wg-fleet-\(index)") { [self] in
            run()
            done.signal()
        }
    }

    func join() {
        done.wait()
        done.signal()
    }

    private func run() {
        let options = context.options
        let clock = ContinuousClock()
        let began = clock.now
        let interval = 1.0
        let rounds = options.duration.map { Int(($0 / interval).rounded(.up)) }
        var round = 0
        var messages: [MQTTMessage] = []
        var events: [GatewayEvent] = []
        if let connection {
            // Give the broker a moment: an unpaced run would otherwise fill the outbox before the first CONNACK.
            let deadline = clock.now + .seconds(10)
            while !connection.statistics.isConnected && clock.now < deadline && !lock.withLock({ state.stopRequested }) {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        presence(online: true)
        while !lock.withLock({ state.stopRequested }) {
            if let rounds, round >= rounds { break }
            if let k = options.speedMultiplier {
                let due = began + .seconds(Double(round) * interval / k)
                let wait = due - clock.now
                if wait > .zero { Thread.sleep(forTimeInterval: min(0.25, Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)); continue }
            }
            let time = options.startTime.adding(Double(round) * interval)
            messages.removeAll(keepingCapacity: true)
            var driving = 0
            var started = 0
            var produced = 0
            for i in vehicles.indices {
                events.removeAll(keepingCapacity: true)
                if !vehicles[i].isDriving && (round == 0 || rounds != nil) {
                    let before = vehicles[i].trips
                    vehicles[i].startTrip(context: context, at: time, into: &events)
                    started += vehicles[i].trips - before
                }
                vehicles[i].step(context: context, workspace: &workspace, into: &events)
                if vehicles[i].isDriving { driving += 1 }
                produced += publish(events, vehicle: i, into: &messages)
            }
            if let connection, !messages.isEmpty {
                connection.send(messages)
                waitForBacklog(connection)
            }
            round += 1
            let finishedAll = rounds == nil && driving == 0
            let roundNow = round
            lock.withLock {
                state.round = roundNow
                state.driving = driving
                state.trips += started
                state.lines += produced
            }
            if finishedAll { break }
        }
        presence(online: false)
        connection?.stop(flushTimeout: 30)
        lock.withLock { state.finished = true }
    }

    /// Maps `events` to wire payloads, each encoded once, and MQTT messages on
    /// `waygate/<vehicle>/<channel>` with the QoS and retain flag a real vehicle's have.
    private func publish(_ events: [GatewayEvent], vehicle i: Int, into messages: inout [MQTTMessage]) -> Int {
        var produced = 0
        for k in events.indices {
            // Read in place: an iterator's copy of each event would retain and release its contents.
            guard let (payload, time) = events[k].wire else { continue }
            let channel = payload.channel
            guard published.contains(channel) else { continue }
            let slot = channel.slot
            let seq = vehicles[i].nextSeq
            vehicles[i].nextSeq += 1
            vehicles[i].lines[slot] += 1
            produced += 1
            // Without a broker the line is encoded all the same: the work of a vehicle is the same.
            let bytes = encoder.payload(seq: seq, time: time, payload: payload)
            if let topic = topicTable[i][slot] {
                messages.append(MQTTMessage(payload: bytes, channel: channel, topic: topic))
            }
        }
        return produced
    }

    /// Each vehicle's retained `waygate/<vehicle>/status` (one connection cannot carry a last
    /// will per vehicle, so the shard sets them itself at start and end).
    private func presence(online: Bool) {
        guard let connection, let topics else { return }
        let payload = Array((online ? #"{"online":true}"# : #"{"online":false}"#).utf8)
        connection.send(vehicles.map { MQTTMessage(topic: topics.topic("status", vehicle: $0.id), payload: payload, qos: 1, retain: true) })
    }

    /// While the broker is up, waits (1 ms steps) until the outbox is under half its stream limit,
    /// so an unpaced run is held to the broker's speed instead of dropping.
    private func waitForBacklog(_ connection: MQTTConnection) {
        while true {
            let statistics = connection.statistics
            guard statistics.isConnected, statistics.queued > backlogLimit, !lock.withLock({ state.stopRequested }) else { return }
            Thread.sleep(forTimeInterval: 0.001)
        }
    }
}
