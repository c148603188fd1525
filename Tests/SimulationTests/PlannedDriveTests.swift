import Foundation
import Geodesy
import Positioning
import Simulation
import Testing
import Timekeeping

@Suite("PlannedDrive: OSRM-planned yardstick drives")
struct PlannedDriveTests {
    /// Three points 100 m apart northwards near Milan; segment durations 10 s and 30 s.
    static let route = [0.0, 100, 200].map { LocalProjection(origin: Coordinate(latitude: 45.46, longitude: 9.19)).unproject(PlanarPoint(x: 0, y: $0)) }

    @Test("1 Hz fixes along the route at the per-segment speeds scaled to the ETA, positions and times only")
    func timing() throws {
        // Durations 10 s + 30 s scaled to an ETA of 20 s: 5 s for the first 100 m, 15 s for the second.
        let drive = try #require(PlannedDrive.drive(
            name: "t", route: Self.route, segmentDurations: [10, 30], duration: 20, sigma: 0, seed: 1,
            start: Timestamp(secondsSince1970: 1_000)))
        #expect(drive.samples.count == 21)
        let origin = LocalProjection(origin: Self.route[0])
        let north = drive.samples.map { origin.project($0.coordinate).y }
        #expect(abs(north[5] - 100) < 0.05)
        #expect(abs(north[2] - 40) < 0.05)
        #expect(abs(north[20] - 200) < 0.05)
        #expect(abs(north[11] - 140) < 0.05)
        let fixes = drive.fixes(withAccuracy: false)
        #expect(fixes[3].time == Timestamp(secondsSince1970: 1_003))
        #expect(fixes.allSatisfy { $0.speed == nil && $0.course == nil && $0.horizontalAccuracy == nil })
        #expect(drive.fixes(withAccuracy: true).allSatisfy { $0.horizontalAccuracy == 0 })
    }

    @Test("noise is independent Gaussian east and north with the given sigma, the same for the same seed")
    func noise() throws {
        let long = (0...400).map { LocalProjection(origin: Coordinate(latitude: 45.46, longitude: 9.19)).unproject(PlanarPoint(x: 0, y: Double($0) * 10)) }
        let drive = try #require(PlannedDrive.drive(
            name: "n", route: long, segmentDurations: Array(repeating: 1, count: 400), duration: 400, sigma: 10, seed: 7))
        let origin = LocalProjection(origin: long[0])
        let errors = drive.samples.enumerated().map { i, s in
            let p = origin.project(s.coordinate)
            return (east: p.x, north: p.y - Double(i) * 10)
        }
        func rms(_ v: [Double]) -> Double { (v.map { $0 * $0 }.reduce(0, +) / Double(v.count)).squareRoot() }
        #expect(abs(rms(errors.map(\.east)) - 10) < 1.2)
        #expect(abs(rms(errors.map(\.north)) - 10) < 1.2)
        #expect(PlannedDrive.drive(name: "n", route: long, segmentDurations: Array(repeating: 1, count: 400), duration: 400, sigma: 10, seed: 7) == drive)
    }

    @Test("a drive survives its JSON line; bad lines name the file, line and member")
    func jsonLines() throws {
        let drive = try #require(PlannedDrive.drive(name: "milan-00", route: Self.route, segmentDurations: [10, 30], duration: 20, sigma: 5, seed: 5005))
        let text = drive.jsonLine + "\n\n" + drive.jsonLine + "\n"
        let read = try PlannedDrive.read(jsonLines: Array(text.utf8), source: "drives.jsonl")
        #expect(read == [drive, drive])
        let broken = drive.jsonLine.replacingOccurrences(of: "\"sigma\":5", with: "\"sigma\":\"x\"")
        #expect(throws: PlannedDriveError(source: "drives.jsonl:2", member: "sigma")) {
            try PlannedDrive.read(jsonLines: Array((drive.jsonLine + "\n" + broken).utf8), source: "drives.jsonl")
        }
        #expect(PlannedDrive.drive(name: "x", route: Self.route, segmentDurations: [1], duration: 20, sigma: 5, seed: 1) == nil)
    }
}
