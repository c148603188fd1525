/// A node that makes traffic wait — traffic lights, a stop or give-way sign, a gate — with the
/// delay OSRM's car profile charges for it and the direction of travel it applies to.
public struct TrafficControl: Hashable, Sendable {
    /// What stands at the node.
    public enum Kind: Hashable, Sendable {
        /// `highway=traffic_signals`: 2 s.
        case signals
        /// `highway=stop`: 2 s.
        case stop
        /// `highway=give_way`: 1 s.
        case giveWay
        /// `barrier=gate` or `lift_gate`: 60 s to open it.
        case gate
    }

    /// Which travellers wait, relative to the node order of the way they drive along.
    public enum Direction: Hashable, Sendable {
        /// Both directions (no direction tagged).
        case both
        /// Travellers following the way's node order.
        case forward
        /// Travellers driving against the way's node order.
        case backward
    }

    /// What stands at the node.
    public var kind: Kind
    /// Who waits.
    public var direction: Direction
    /// Whether a light applies to bikes along the node order only (`traffic_signals:direction`
    /// `forward`), against it only (`backward`) or both ways: OSRM bicycle.lua's `TrafficSignal`
    /// reads no plain `direction` tag.
    public var bikeDirection: Direction = .both

    /// Seconds a car loses here (OSRM car profile `obstacles`).
    public var delay: Float {
        switch kind {
        case .signals, .stop: 2
        case .giveWay: 1
        case .gate: 60
        }
    }

    /// The control a node's `highway` value and direction tags describe, nil for other nodes.
    /// - Parameters:
    ///   - highway: the node's `highway` value.
    ///   - direction: `traffic_signals:direction`, else `direction` (`forward`/`backward`; anything else applies both ways).
    public init?(highway: String, direction: String?) {
        switch highway {
        case "traffic_signals": kind = .signals
        case "stop": kind = .stop
        case "give_way": kind = .giveWay
        default: return nil
        }
        self.direction = switch direction {
        case "forward": .forward
        case "backward": .backward
        default: .both
        }
    }

    /// Whether a traveller going along (`forward` true) or against the way's node order waits here.
    public func applies(forward: Bool) -> Bool { Self.applies(direction, forward: forward) }

    /// Whether a bike going along (`forward` true) or against the way's node order waits here.
    public func appliesToBikes(forward: Bool) -> Bool { Self.applies(bikeDirection, forward: forward) }

    private static func applies(_ direction: Direction, forward: Bool) -> Bool {
        switch direction {
        case .both: true
        case .forward: forward
        case .backward: !forward
        }
    }

    /// The node tags that matter, for readers that skip all other node tags.
    static let keys: Set<String> = ["highway", "traffic_signals:direction", "direction", "barrier"]

    /// The control described by a node's tags, nil when there is none.
    init?(tags: [String: String]) {
        if let barrier = tags["barrier"], barrier == "gate" || barrier == "lift_gate", CarBarrier.access(tags) == nil {
            self.init(kind: .gate, direction: .both)
            return
        }
        guard let highway = tags["highway"] else { return nil }
        self.init(highway: highway, direction: tags["traffic_signals:direction"] ?? tags["direction"])
        if let bikeOnly = TrafficControl(highway: highway, direction: tags["traffic_signals:direction"]) { bikeDirection = bikeOnly.direction }
    }

    /// A control from its parts.
    public init(kind: Kind, direction: Direction) {
        self.kind = kind
        self.direction = direction
    }
}
