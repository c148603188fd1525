import RouteModel
import Geodesy
import RoadGraph

/// The OSRM leg summary: the names of the two roads the leg spends the most distance on, in
/// driving order, joined by ", ".
enum LegSummary {
    /// The summary of `path` ("" when every road is unnamed).
    static func summary(of path: RoadPath) -> String {
        var distance: [String: Meters] = [:]
        var firstSeen: [String: Int] = [:]
        // Consecutive segments mostly carry the same label: its entry is found once per run, not
        // hashed again for every segment (same additions in the same order).
        var last: (label: String, index: Dictionary<String, Meters>.Index)?
        for (i, segment) in path.segments.enumerated() {
            let label = (segment.name?.isEmpty == false ? segment.name : segment.ref) ?? ""
            guard !label.isEmpty else { continue }
            if let last, last.label == label {
                distance.values[last.index] += segment.distance
                continue
            }
            distance[label, default: 0] += segment.distance
            if firstSeen[label] == nil { firstSeen[label] = i }
            last = distance.index(forKey: label).map { (label, $0) }
        }
        let top = distance.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(2).map(\.key)
        return top.sorted { firstSeen[$0, default: 0] < firstSeen[$1, default: 0] }.joined(separator: ", ")
    }
}
