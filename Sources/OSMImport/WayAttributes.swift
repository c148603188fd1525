import Geodesy
import RoadGraph

/// The profile-independent attributes of an OSM way, read from its tags.
struct WayAttributes: Sendable {
    /// Road class (`highway=*`, `.ferry` for `route=ferry`, `.platform` for a railway or public transport platform).
    var roadClass: RoadClass
    /// Street name (`name`).
    var name: String?
    /// Road number (`ref`).
    var ref: String?
    /// Signposted destination, "ref: destination" from `destination:ref` and `destination`.
    var destination: String?
    /// Tagged limit along the node order (`maxspeed:forward`, else `maxspeed`, or the zone in
    /// `source:maxspeed` / `maxspeed:type`), nil when absent or not understood.
    var speedLimit: SpeedLimit?
    /// The same against the node order (`maxspeed:backward`, else as `speedLimit`).
    var backwardSpeedLimit: SpeedLimit?
    /// Recommended speed along and against the node order (`maxspeed:advisory[:forward|:backward]`),
    /// which OSRM's car profile prefers over the limit; nil when untagged.
    var advisorySpeed: (forward: SpeedLimit?, backward: SpeedLimit?)
    /// Roundabout, toll, ferry, tunnel and bridge flags.
    var flags: EdgeFlags
    /// Ferry crossing time for the whole way in seconds (`duration`), nil when untagged.
    var ferryDuration: Double?

    /// The attributes of a way, nil when it is neither a highway (`.otherHighway` for a value
    /// without a class), a ferry route nor a platform.
    init?(tags: [String: String]) {
        if tags["route"] == "ferry" {
            roadClass = .ferry
        } else if let highway = tags["highway"], let roadClass = RoadClass(osmValue: highway) {
            self.roadClass = roadClass
        } else if Self.isTransportPlatform(tags) {
            roadClass = .platform
        } else if tags["highway"] != nil {
            roadClass = .otherHighway
        } else {
            return nil
        }
        name = tags["name"]
        ref = tags["ref"]
        let targets = tags["destination"]?.replacingSemicolons
        let targetRefs = tags["destination:ref"]?.replacingSemicolons
        destination = switch (targetRefs, targets) {
        case let (r?, d?): "\(r): \(d)"
        case let (r, d): r ?? d
        }
        let limits = DirectionalTags.values(tags, ["maxspeed", "source:maxspeed", "maxspeed:type"])
        speedLimit = limits.forward.flatMap(MaxSpeed.parse)
        backwardSpeedLimit = limits.backward.flatMap(MaxSpeed.parse)
        let advisory = DirectionalTags.values(tags, ["maxspeed:advisory"])
        advisorySpeed = (advisory.forward.flatMap(MaxSpeed.parse), advisory.backward.flatMap(MaxSpeed.parse))
        var flags: EdgeFlags = []
        if ["roundabout", "circular"].contains(tags["junction"] ?? "") { flags.insert(.roundabout) }
        if tags["toll"] == "yes" || tags["toll:motorcar"] == "yes" { flags.insert(.toll) }
        if roadClass == .ferry { flags.insert(.ferry) }
        if let tunnel = tags["tunnel"], tunnel != "no" { flags.insert(.tunnel) }
        if let bridge = tags["bridge"], bridge != "no" { flags.insert(.bridge) }
        self.flags = flags
        ferryDuration = tags["duration"].flatMap(Self.parseDuration)
    }

    /// Whether the way is a railway or public transport platform (`railway=platform`, `public_transport=platform`).
    static func isTransportPlatform(_ tags: [String: String]) -> Bool {
        tags["railway"] == "platform" || tags["public_transport"] == "platform"
    }

    /// Seconds from an OSM `duration` value: "HH:MM", "HH:MM:SS", minutes ("45"), or ISO 8601 "PT1H30M".
    static func parseDuration(_ raw: String) -> Double? {
        if raw.hasPrefix("PT") {
            var total = 0.0, number = ""
            for c in raw.dropFirst(2) {
                if c.isNumber || c == "." { number.append(c); continue }
                guard let v = Double(number) else { return nil }
                switch c {
                case "H": total += v * 3600
                case "M": total += v * 60
                case "S": total += v
                default: return nil
                }
                number = ""
            }
            return total > 0 ? total : nil
        }
        let parts = raw.split(separator: ":").map { Double($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        let values = parts.compactMap { $0 }
        switch values.count {
        case 1: return values[0] * 60
        case 2: return values[0] * 3600 + values[1] * 60
        case 3: return values[0] * 3600 + values[1] * 60 + values[2]
        default: return nil
        }
    }
}

extension String {
    /// OSM multi-values ("A;B") as a readable list ("A, B").
    var replacingSemicolons: String { split(separator: ";").map { $0.trimmingSpaces }.joined(separator: ", ") }
}
