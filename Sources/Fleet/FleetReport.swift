public import MQTTOutlet

/// What one vehicle did in a run.
public struct FleetVehicleReport: Sendable, Hashable {
    /// The vehicle id (`sim-00042`), the topic level of its messages.
    public var id: String
    /// Trips started.
    public var trips: Int
    /// Trips that could not be planned.
    public var failedPlans: Int
    /// Wire lines produced per channel name (`location`, `match`, …): what a subscriber to
    /// `waygate/<id>/#` receives when nothing is dropped.
    public var lines: [String: Int]

    /// Lines produced on every channel.
    public var totalLines: Int { lines.values.reduce(0, +) }
}

/// How far a run has got, for a terminal progress line.
public struct FleetProgress: Sendable, Hashable {
    /// Simulated seconds every shard has reached.
    public var simulatedSeconds: Double
    /// Real seconds since the run started.
    public var realSeconds: Double
    /// Vehicles driving now.
    public var vehiclesDriving: Int
    /// Trips started so far.
    public var trips: Int
    /// Wire lines produced so far.
    public var lines: Int
    /// MQTT messages published so far (0 without a broker).
    public var published: UInt64
    /// MQTT messages dropped so far.
    public var dropped: UInt64
    /// Shard connections up, of `connections`.
    public var connected: Int
    /// Shard connections (0 without a broker).
    public var connections: Int

    /// One terminal line: `t=120 s (2.0×) · 50 driving · 62 trips · 9,410 lines · mqtt 4/4 up, 9,400 sent, 0 dropped`.
    public var line: String {
        let ratio = realSeconds > 0 ? simulatedSeconds / realSeconds : 0
        var text = "t=\(Int(simulatedSeconds)) s (\(String(format1: ratio))×) · \(vehiclesDriving) driving · \(trips) trips · \(lines) lines"
        if connections > 0 { text += " · mqtt \(connected)/\(connections) up, \(published) sent, \(dropped) dropped" }
        return text
    }
}

/// The outcome of a run.
public struct FleetReport: Sendable, Hashable {
    /// Every vehicle, by index.
    public var vehicles: [FleetVehicleReport]
    /// The last progress (simulated and real seconds, totals).
    public var progress: FleetProgress
    /// Each shard connection's counters (empty without a broker).
    public var mqtt: [MQTTStatistics]

    /// Lines per channel over the whole fleet.
    public var linesByChannel: [String: Int] {
        vehicles.reduce(into: [:]) { total, vehicle in
            for (channel, count) in vehicle.lines { total[channel, default: 0] += count }
        }
    }
}

extension String {
    /// `value` with one decimal.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
