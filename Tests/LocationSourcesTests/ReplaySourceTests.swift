import Foundation
import LocationSources
import NMEA
import Positioning
import Synchronization
import SystemIO
import Testing
import TestSupport
import Timekeeping

#if canImport(Glibc)
import Glibc
#endif

@Suite("ReplaySource")
struct ReplaySourceTests {
    static let trace = "bu353s4.nmea"

    static func expectedFixes() throws -> [Fix] {
        SerialNMEASourceTests.expectedFixes(try traceLines(trace))
    }

    /// Plays `source` on `clock`, advancing the clock by `step` whenever the replay waits;
    /// returns each fix with the clock's seconds since start when it arrived.
    static func play(_ source: ReplaySource, on clock: ManualTimeSource, step: Double) async -> [(at: Double, fix: Fix)] {
        let start = clock.now()
        let received = Locked<[(at: Double, fix: Fix)]>([])
        let finished = Atomic<Bool>(false)
        let consumer = Task {
            for await event in source.events().flattened() {
                if case .fix(let fix) = event { received.withLock { $0.append((clock.now().seconds(since: start), fix)) } }
            }
            finished.store(true, ordering: .releasing)
        }
        for _ in 0..<2_000_000 where !finished.load(ordering: .acquiring) {
            if clock.sleeperCount > 0 { clock.advance(by: step) } else { await Task.yield() }
        }
        await consumer.value
        return received.withLock { $0 }
    }

    @Test("as fast as possible: every fix of the log, connected first and lost at the end, no clock needed")
    func asFastAsPossible() async throws {
        let clock = ManualTimeSource()
        let source = try ReplaySource(contentsOf: Fixtures.trace("nmea/\(Self.trace)").path, pace: .asFastAsPossible, timeSource: clock)
        var events: [SourceEvent] = []
        for await event in source.events().flattened() { events.append(event) }
        #expect(events.first == .device(.connected, driver: "replay", baud: nil))
        #expect(events.last == .device(.lost, driver: "replay", baud: nil))
        #expect(events.fixes == (try Self.expectedFixes()))
        #expect(events.sentences == (try traceLines(Self.trace)))
        #expect(clock.now() == ManualTimeSource().now())
        let stats = source.statistics
        #expect(stats.fixes == events.fixes.count)
        #expect(stats.sentences == events.sentences.count)
        #expect(stats.deviceState == .lost)
        #expect(source.id == .replay(Fixtures.trace("nmea/\(Self.trace)").path))
    }

    @Test("recorded pace: each fix arrives once the clock reaches its recorded offset, within one epoch")
    func recordedPace() async throws {
        let clock = ManualTimeSource()
        let source = try ReplaySource(contentsOf: Fixtures.trace("nmea/\(Self.trace)").path, pace: .realTime, timeSource: clock)
        let played = await Self.play(source, on: clock, step: 0.25)
        let expected = try Self.expectedFixes()
        #expect(played.map(\.fix) == expected)
        let first = try #require(expected.compactMap(\.time).first)
        for (at, fix) in played {
            guard let time = fix.time else { continue }
            let recorded = time.seconds(since: first)
            #expect(at >= recorded)
            #expect(at <= recorded + 1.25)
        }
        let span = try #require(expected.last?.time).seconds(since: first)
        #expect(span == 24)
        #expect(try #require(played.last).at >= span)
    }

    @Test("×10 gives the same fixes in a tenth of the recorded time")
    func tenTimesFaster() async throws {
        let clock = ManualTimeSource()
        let source = try ReplaySource(contentsOf: Fixtures.trace("nmea/\(Self.trace)").path, pace: .recorded(speed: 10), timeSource: clock)
        let played = await Self.play(source, on: clock, step: 0.025)
        let expected = try Self.expectedFixes()
        #expect(played.map(\.fix) == expected)
        let first = try #require(expected.compactMap(\.time).first)
        for (at, fix) in played {
            guard let time = fix.time else { continue }
            let recorded = time.seconds(since: first)
            #expect(at >= recorded / 10)
            #expect(at <= (recorded + 1) / 10 + 0.025)
        }
    }

    @Test("an accelerated clock at ×10 paces the same as speed 10 on the plain clock")
    func acceleratedTimeSource() async throws {
        let clock = ManualTimeSource()
        let fast = AcceleratedTimeSource(base: clock, multiplier: 10)
        let source = try ReplaySource(contentsOf: Fixtures.trace("nmea/\(Self.trace)").path, pace: .realTime, timeSource: fast)
        let played = await Self.play(source, on: clock, step: 0.025)
        let expected = try Self.expectedFixes()
        #expect(played.map(\.fix) == expected)
        let span = try #require(expected.last?.time).seconds(since: try #require(expected.compactMap(\.time).first))
        #expect(try #require(played.last).at >= span / 10)
        #expect(try #require(played.last).at <= (span + 1) / 10 + 0.025)
    }

    @Test("recorded jumps longer than the maximum gap are not waited for; midnight wraps are")
    func gapsAndMidnight() async throws {
        let lines = [
            "GPGGA,235959.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000",
            "GPGGA,000000.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000",
            "GPGGA,010000.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000",
            "GPGGA,010001.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000",
        ].map(nmeaSentence)
        let clock = ManualTimeSource()
        let source = try ReplaySource(bytes: Array(lines.joined().utf8), id: .replay("gaps"), timeSource: clock)
        let played = await Self.play(source, on: clock, step: 0.5)
        #expect(played.count == 4)
        #expect(try #require(played.last).at == 2)
    }

    @Test("a missing log and a bad speed are refused with one-line errors naming them")
    func badInput() {
        #expect(throws: LocationSourcesError.unreadableLog(path: "/nonexistent/x.nmea", reason: "no such file")) {
            try ReplaySource(contentsOf: "/nonexistent/x.nmea", timeSource: ManualTimeSource())
        }
        #expect(throws: LocationSourcesError.invalidSpeed(0)) {
            try ReplaySource(bytes: [], id: .replay("x"), pace: .recorded(speed: 0), timeSource: ManualTimeSource())
        }
        #expect(LocationSourcesError.invalidSpeed(-2).description == "replay speed must be a positive number, got -2.0")
    }

    @Test("a device and a directory are refused naming the path; a 3 GiB sparse log is opened without reading a byte")
    func unsuitableFiles() throws {
        let dir = try TemporaryDirectory(prefix: "replay-files")
        defer { dir.remove() }
        #expect(throws: LocationSourcesError.unreadableLog(path: "/dev/zero", reason: "is a device, not a file")) {
            try ReplaySource(contentsOf: "/dev/zero", timeSource: ManualTimeSource())
        }
        #expect(LocationSourcesError.unreadableLog(path: "/dev/zero", reason: "is a device, not a file").description
            == "cannot read NMEA log /dev/zero: is a device, not a file")
        #expect(throws: LocationSourcesError.unreadableLog(path: dir.path, reason: "is a directory")) {
            try ReplaySource(contentsOf: dir.path, timeSource: ManualTimeSource())
        }
        let sparse = dir.file("huge.nmea")
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
        #expect(truncate(sparse, 3 << 30) == 0)
        let huge = try ReplaySource(contentsOf: sparse, timeSource: ManualTimeSource())
        #expect(huge.statistics.bytesRead == 0)
        #expect(huge.statistics.deviceState == nil)
    }

    @Test("a FIFO with a writer replays the whole log, as the file itself does")
    func fifo() async throws {
        let dir = try TemporaryDirectory(prefix: "replay-fifo")
        defer { dir.remove() }
        #expect(mkfifo(dir.file("log"), 0o600) == 0)
        let trace = Fixtures.trace("nmea/\(Self.trace)").path
        let writer = try ChildProcess("/bin/sh", ["-c", #"cat "$0" > "$1""#, trace, dir.file("log")])
        defer { writer.stop() }
        let source = try ReplaySource(contentsOf: dir.file("log"), pace: .asFastAsPossible, timeSource: ManualTimeSource())
        let events = await Self.collect(source)
        #expect(events.fixes == (try Self.expectedFixes()))
        #expect(events.sentences == (try traceLines(Self.trace)))
        #expect(await Self.collect(source) == events)  // the piped log is kept, so a second session replays it
    }

    /// Every event of one session of `source`.
    static func collect(_ source: ReplaySource) async -> [SourceEvent] {
        var events: [SourceEvent] = []
        for await event in source.events().flattened() { events.append(event) }
        return events
    }

    /// A log of 40 copies of the trace, ending in a sentence without its line end, written
    /// to `path`: more than two chunks, with a line split at the first chunk's end.
    static func writeLongLog(_ path: String) throws -> [UInt8] {
        let trace = try [UInt8](Data(contentsOf: Fixtures.trace("nmea/\(Self.trace)")))
        let last = Array(nmeaSentence("GPGGA,010001.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000").dropLast(2).utf8)
        let log = Array(repeating: trace, count: 40).joined() + last
        #expect(log.count > 2 * ReplaySource.chunkBytes)
        #expect(log[ReplaySource.chunkBytes - 1] != 0x0A && log[ReplaySource.chunkBytes] != 0x0A)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(log)))
        return log
    }

    @Test("a file read in chunks, a line split between two, gives exactly the events, counters and bytes of the same log in memory")
    func chunkedFileMatchesMemory() async throws {
        let dir = try TemporaryDirectory(prefix: "replay-chunks")
        defer { dir.remove() }
        let log = try Self.writeLongLog(dir.file("long.nmea"))
        let file = try ReplaySource(contentsOf: dir.file("long.nmea"), pace: .asFastAsPossible, timeSource: ManualTimeSource())
        let memory = try ReplaySource(bytes: log, id: .replay("memory"), pace: .asFastAsPossible, timeSource: ManualTimeSource())
        let events = await Self.collect(file)
        #expect(events == (await Self.collect(memory)))
        var decoder = NMEAStreamDecoder()
        #expect(events.fixes == (decoder.push(log) + decoder.finish()).fixes)  // the whole log decoded in one piece
        #expect(events.sentences.count == 40 * (try traceLines(Self.trace)).count)  // the unterminated last line is dropped
        #expect(events.last == .device(.lost, driver: "replay", baud: nil))
        var expected = memory.statistics
        expected.driver = "replay"
        #expect(file.statistics == expected)
        #expect(file.statistics.bytesRead == log.count)
        #expect(file.statistics.lastError == nil)
    }

    @Test("a second session of a file replays it from its start, counted twice")
    func fileReplayedTwice() async throws {
        let dir = try TemporaryDirectory(prefix: "replay-twice")
        defer { dir.remove() }
        let log = try Self.writeLongLog(dir.file("long.nmea"))
        let source = try ReplaySource(contentsOf: dir.file("long.nmea"), pace: .asFastAsPossible, timeSource: ManualTimeSource())
        let first = await Self.collect(source)
        let second = await Self.collect(source)
        #expect(second == first)
        #expect(first.sentences.count == 40 * (try traceLines(Self.trace)).count)
        #expect(source.statistics.connections == 2)
        #expect(source.statistics.losses == 2)
        #expect(source.statistics.bytesRead == 2 * log.count)
    }

    @Test("a file truncated mid-replay ends the session with DEVICE lost and a one-line error naming it")
    func truncatedMidReplay() async throws {
        let dir = try TemporaryDirectory(prefix: "replay-truncated")
        defer { dir.remove() }
        let path = dir.file("long.nmea")
        _ = try Self.writeLongLog(path)
        let source = try ReplaySource(contentsOf: path, pace: .asFastAsPossible, timeSource: ManualTimeSource())
        var batches = source.events().makeAsyncIterator()
        var events = try #require(await batches.next())  // from the first chunk: nothing is read ahead
        #expect(source.statistics.bytesRead < ReplaySource.chunkBytes)
        #expect(truncate(path, 100) == 0)
        while let batch = await batches.next() { events += batch }
        #expect(events.last == .device(.lost, driver: "replay", baud: nil))
        #expect(events.fixes.count > 0)
        #expect(events.fixes.count < 40 * (try Self.expectedFixes()).count)
        let stats = source.statistics
        #expect(stats.lastError == "cannot read NMEA log \(path): pread past the end of the file at byte \(ReplaySource.chunkBytes): Input/output error")
        #expect(stats.bytesRead == ReplaySource.chunkBytes)
        #expect(stats.deviceState == .lost)
        #expect(stats.losses == 1)
    }

    @Test("a file deleted mid-replay plays to its end from the open file, and again in a second session")
    func deletedMidReplay() async throws {
        let dir = try TemporaryDirectory(prefix: "replay-deleted")
        defer { dir.remove() }
        let path = dir.file("long.nmea")
        let log = try Self.writeLongLog(path)
        let source = try ReplaySource(contentsOf: path, pace: .asFastAsPossible, timeSource: ManualTimeSource())
        let memory = try ReplaySource(bytes: log, id: .replay("memory"), pace: .asFastAsPossible, timeSource: ManualTimeSource())
        var batches = source.events().makeAsyncIterator()
        var events = try #require(await batches.next())
        #expect(unlink(path) == 0)
        while let batch = await batches.next() { events += batch }
        let expected = await Self.collect(memory)
        #expect(events == expected)
        #expect(await Self.collect(source) == expected)
        #expect(source.statistics.lastError == nil)
    }
}
