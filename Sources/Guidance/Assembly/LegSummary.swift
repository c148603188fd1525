import RouteModel
import Geodesy
import RoadGraph

/// The OSRM leg summary: the names of the two roads the leg spends the most distance on, in
/// driving order, joined by ", ".
enum LegSummary {
    /// The summary of `path` ("" when every road is unnamed).
    static func summary(of path: RoadPath) -> String {
        // Each label's distance and first segment in one entry, found once per run of segments
        // carrying it (consecutive segments mostly do): same additions in the same order.
        var totals: [String: (distance: Meters, first: Int)] = [:]
        totals.reserveCapacity(64)
        var last: (label: String, index: Dictionary<String, (distance: Meters, first: Int)>.Index)?
        let segments = path.segments
        for i in segments.indices {
            let name = segments[i].name
            let label = (name?.isEmpty == false ? name : segments[i].ref) ?? ""
            guard !label.isEmpty else { continue }
            if let last, last.label == label {
                totals.values[last.index].distance += segments[i].distance
                continue
            }
            if let index = totals.index(forKey: label) {
                totals.values[index].distance += segments[i].distance
                last = (label, index)
            } else {
                totals[label] = (0 + segments[i].distance, i)
                last = totals.index(forKey: label).map { (label, $0) }
            }
        }
        let top = totals.sorted { ($0.value.distance, $1.key) > ($1.value.distance, $0.key) }.prefix(2)
        return top.sorted { $0.value.first < $1.value.first }.map(\.key).joined(separator: ", ")
    }
}
