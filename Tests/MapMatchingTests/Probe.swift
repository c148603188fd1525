import Geodesy
import MapMatching
import RoadGraph
import Testing

@Test("probe") func probeMismatch() throws {
    let drive = try HelsinkiDrive(trip: 0)
    let fixes = drive.fixes(sigma: 5, seed: 5)
    let offline = try TraceMatcher(graph: drive.graph).match(fixes)
    for (i, (s, m)) in zip(drive.samples, offline.points).enumerated() {
        guard let m else { print("PROBE", i, "unmatched"); continue }
        if m.wayID != s.wayID {
            let d = drive.route.project(m.coordinate)?.distanceFromLine ?? -1
            print("PROBE", i, "true", s.wayID, drive.graph.name(of: s.edge) ?? "-", s.edge, "matched", m.wayID, m.name ?? "-", m.edge, "fr", m.fraction, "d", d, "twin", drive.graph.twin(of: s.edge) == m.edge)
        }
    }
}
