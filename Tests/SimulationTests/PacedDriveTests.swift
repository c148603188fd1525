import Geodesy
import Positioning
import Simulation
import Testing
import Timekeeping

/// The one pacing rule (`PacedDrive`) on a `RouteSimulator`, with clock readings passed in.
@Suite("PacedDrive")
struct PacedDriveTests {
    typealias S = TestShapes

    /// A 2 km road north, driven from rest with fix 0 at `t0`.
    static func simulator(noise: NoiseModel.Options = NoiseModel.Options()) throws -> RouteSimulator {
        var options = RouteSimulator.Options()
        options.noise = noise
        return try RouteSimulator(polyline: S.walk([(0, 2_000)]), options: options, startTime: S.t0)
    }

    /// Fix `index` of the same drive reported one by one.
    static func batchFix(_ index: Int, noise: NoiseModel.Options = NoiseModel.Options()) throws -> Fix {
        var batch = try simulator(noise: noise)
        for _ in 0..<index { batch.skip() }
        return batch.next()
    }

    static func seconds(_ fixes: [Fix]) -> [Double] { fixes.compactMap { $0.time?.seconds(since: S.t0) } }

    @Test("fix 0 is due at once, the next one not before its wake time, then one per interval")
    func dueOnTheGrid() throws {
        var paced = PacedDrive(try Self.simulator(), at: S.t0)
        #expect(Self.seconds(paced.dueReports(at: S.t0)) == [0])
        #expect(paced.wakeTime == S.t0.adding(1))
        #expect(paced.dueReports(at: S.t0.adding(0.999)).isEmpty)
        #expect(Self.seconds(paced.dueReports(at: S.t0.adding(1))) == [1])
        #expect(Self.seconds(paced.dueReports(at: S.t0.adding(2.5))) == [2])
        #expect(paced.wakeTime == S.t0.adding(3))
    }

    @Test("after a stall of 10 intervals only the newest fix is reported, where the vehicle has driven to")
    func stallReportsNewest() throws {
        var paced = PacedDrive(try Self.simulator(), at: S.t0)
        #expect(paced.maximumCatchUp == 1)
        _ = paced.dueReports(at: S.t0)
        let late = paced.dueReports(at: S.t0.adding(10))
        #expect(Self.seconds(late) == [10])
        #expect(late == [try Self.batchFix(10)])
        #expect(paced.wakeTime == S.t0.adding(11))
        #expect(Self.seconds(paced.dueReports(at: S.t0.adding(11))) == [11])
    }

    @Test("maximumCatchUp 3: a stall of 10 intervals reports the newest three, oldest first")
    func catchUpLimit() throws {
        var paced = PacedDrive(try Self.simulator(), at: S.t0, maximumCatchUp: 3)
        _ = paced.dueReports(at: S.t0)
        #expect(Self.seconds(paced.dueReports(at: S.t0.adding(10.4))) == [8, 9, 10])
        #expect(PacedDrive(try Self.simulator(), at: S.t0, maximumCatchUp: 0).maximumCatchUp == 1)
    }

    @Test("skipped fixes draw their noise: with a seed, the fix after a stall is the batch drive's")
    func skipKeepsTheSeededSequence() throws {
        let noise = NoiseModel.Options(sigma: 5, seed: 42)
        var paced = PacedDrive(try Self.simulator(noise: noise), at: S.t0)
        _ = paced.dueReports(at: S.t0)
        let late = paced.dueReports(at: S.t0.adding(7))
        #expect(late == [try Self.batchFix(7, noise: noise)])
        #expect(late.first?.coordinate != (try Self.batchFix(7)).coordinate)
    }

    @Test("a speed-multiplier change mid-drive keeps the grid: ×1, ×4 from 1.5 s, ×0.5 from 2 s")
    func multiplierChangeKeepsTheGrid() throws {
        var paced = PacedDrive(try Self.simulator(), at: S.t0)
        var fixes = paced.dueReports(at: S.t0) + paced.dueReports(at: S.t0.adding(1))
        paced.setSpeedMultiplier(4, at: S.t0.adding(1.5))
        #expect(paced.speedMultiplier == 4)
        // Simulated time is t0 + 1.5 at that moment; fix 2 is half a simulated second away.
        #expect(paced.wakeTime == S.t0.adding(1.625))
        fixes += paced.dueReports(at: S.t0.adding(1.625))
        #expect(paced.wakeTime == S.t0.adding(1.875))
        fixes += paced.dueReports(at: S.t0.adding(1.875))
        // At clock 2.0 simulated time is 3.5; at ×0.5 fix 4 is a clock second away.
        paced.setSpeedMultiplier(0.5, at: S.t0.adding(2))
        #expect(paced.wakeTime == S.t0.adding(3))
        #expect(paced.dueReports(at: S.t0.adding(2.9)).isEmpty)
        fixes += paced.dueReports(at: S.t0.adding(3))
        #expect(Self.seconds(fixes) == [0, 1, 2, 3, 4])
        #expect(fixes == (try (0...4).map { try Self.batchFix($0) }))
    }

    @Test("a multiplier outside AcceleratedTimeSource.multiplierRange is clamped into it, NaN read as 1")
    func multiplierClamped() throws {
        var paced = PacedDrive(try Self.simulator(), at: S.t0, speedMultiplier: 1e9)
        #expect(paced.speedMultiplier == 100_000)
        paced.setSpeedMultiplier(.nan, at: S.t0)
        #expect(paced.speedMultiplier == 1)
    }

    @Test("a reroute of the paced drive keeps its position, speed and grid")
    func reroute() throws {
        var paced = PacedDrive(try Self.simulator(), at: S.t0)
        var before: [Fix] = []
        for k in 0...12 { before += paced.dueReports(at: S.t0.adding(Double(k))) }
        let here = try #require(before.last?.coordinate)
        let speed = try #require(before.last?.speed)
        #expect(speed > 20)
        try paced.drive.reroute(toPolyline: S.walk([(90, 1_000)], from: here))
        #expect(paced.wakeTime == S.t0.adding(13))
        let after = try #require(paced.dueReports(at: S.t0.adding(13)).first)
        #expect(after.time == S.t0.adding(13))
        #expect(abs((after.speed ?? 0) - speed) <= 4)
        #expect(try #require(after.coordinate).distance(to: here) <= speed + 4)
        #expect(Bearing.difference(after.course ?? 0, 90) < 1)
    }
}
