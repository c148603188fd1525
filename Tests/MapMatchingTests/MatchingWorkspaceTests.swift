import MapMatching
import Positioning
import Testing

@Suite("Live matchers sharing one MatchingWorkspace")
struct MatchingWorkspaceTests {
    @Test("three Helsinki drives matched fix by fix in turn with one workspace publish exactly what each matcher publishes alone")
    func sharedWorkspace() throws {
        let drives = try (0..<3).map { try HelsinkiDrive(trip: $0) }
        let fixes = drives.enumerated().map { i, drive in drive.fixes(sigma: 10, seed: UInt64(70 + i)) }
        let template = OnlineMatcher(graph: drives[0].graph)
        let alone: [[MatchedLocation?]] = fixes.map { trace in
            var matcher = template
            return trace.map { matcher.match($0) }
        }
        var workspace = MatchingWorkspace()
        var matchers = [OnlineMatcher](repeating: template, count: fixes.count)
        var shared = [[MatchedLocation?]](repeating: [], count: fixes.count)
        for step in 0..<(fixes.map(\.count).max() ?? 0) {
            for i in fixes.indices where step < fixes[i].count {
                shared[i].append(matchers[i].match(fixes[i][step], using: &workspace))
            }
        }
        #expect(shared == alone)
        // The drives were really matched onto roads (and searched between fixes).
        for trace in alone { #expect(trace.filter { $0?.road != nil }.count > trace.count * 9 / 10) }
    }
}
