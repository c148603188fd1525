import Foundation
import GPSDProtocol
import JSON
import NMEA

/// NMEA decoding throughput (MB/s, sentences/s), Waygate vs gpsd 3.22's own decoder
/// (`gpsdecode -j`, the same library gpsd runs) on the same bytes.
enum NMEABenchmark {
    static func run() throws {
        let corpus = try Corpus.nmea(copies: 40)
        let megabytes = Double(corpus.count) / 1_000_000
        let (decodeTime, gpsdJSONTime, sentences, fixes, reports) = decodeTimes(corpus)
        // The decoder's gpsd-shaped reports, handed on and not written: decoding without output.
        var assembled = 0
        let reportTime = Stopwatch.best {
            var decoder = NMEAStreamDecoder()
            assembled = 0
            forEachChunk(of: corpus) { decoder.pushReports($0) { _ in assembled += 1 } }
            _ = decoder.finish()
        }
        print(String(format: "nmea decode (NMEAStreamDecoder): %.1f MB in %.3f s = %.1f MB/s, %.0f sentences/s, %d fixes",
                     megabytes, decodeTime, megabytes / decodeTime, Double(sentences) / decodeTime, fixes))
        print(String(format: "nmea → reports, no output (NMEAStreamDecoder.pushReports): %.3f s = %.1f MB/s, %d reports",
                     reportTime, megabytes / reportTime, assembled))
        print(String(format: "nmea → gpsd JSON (GPSDReportStream): %.3f s = %.1f MB/s, %d reports",
                     gpsdJSONTime, megabytes / gpsdJSONTime, reports))
        let path = NSTemporaryDirectory() + "waygate-bench-corpus.nmea"
        try Data(corpus).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let gpsd = try? gpsdecodeTime(input: path) else {
            print("gpsdecode not found: install gpsd-clients for the comparison")
            return
        }
        print(String(format: "gpsdecode -j (gpsd 3.22): %.3f s wall = %.1f MB/s, %d reports; Waygate decode is %.1f× gpsd (reports alone %.1f×), JSON output %.1f× gpsd",
                     gpsd.seconds, megabytes / gpsd.seconds, gpsd.reports, gpsd.seconds / decodeTime, gpsd.seconds / reportTime,
                     gpsd.seconds / gpsdJSONTime))
        // Like with like: gpsdecode's own CPU time (user + system, without its start-up's wait or
        // the pipe's) against Waygate's in-process time, which is CPU time on one thread.
        print(String(format: "gpsdecode -j CPU (user + system): %.3f s; by CPU Waygate decode is %.1f× gpsd (reports alone %.1f×), JSON output %.1f× gpsd",
                     gpsd.cpuSeconds, gpsd.cpuSeconds / decodeTime, gpsd.cpuSeconds / reportTime, gpsd.cpuSeconds / gpsdJSONTime))
    }

    /// Seconds (best of 5) to decode `bytes` into source events (`NMEAStreamDecoder`, as a source
    /// does) and into gpsd's JSON reports (`GPSDReportStream`, as `waygate decode --format gpsd`
    /// does, one reused output buffer per chunk), in 64 KiB chunks; with the sentence, fix and
    /// report counts.
    static func decodeTimes(_ bytes: [UInt8]) -> (decode: Double, gpsdJSON: Double, sentences: Int, fixes: Int, reports: Int) {
        var sentences = 0, fixes = 0, reports = 0
        let decode = Stopwatch.best {
            var decoder = NMEAStreamDecoder()
            forEachChunk(of: bytes) { _ = decoder.push($0) }
            _ = decoder.finish()
            sentences = decoder.statistics.sentences
            fixes = decoder.statistics.fixes
        }
        let gpsdJSON = Stopwatch.best {
            var stream = GPSDReportStream()
            var json = JSONWriter(capacity: 256 * 1024)
            reports = 0
            forEachChunk(of: bytes) {
                json.reset()
                stream.push($0, into: &json)
                reports += json.withBytes { $0.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
            }
            json.reset()
            stream.finish(into: &json)
        }
        return (decode, gpsdJSON, sentences, fixes, reports)
    }

    /// Calls `body` with `bytes` in 64 KiB chunks, as a source reads a receiver and as `waygate
    /// decode` reads a file (one push of everything would time the growth of one huge array).
    static func forEachChunk(of bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = min(start + 64 * 1024, bytes.endIndex)
            body(bytes[start..<end])
            start = end
        }
    }

    /// Runs `gpsdecode -j < input > /dev/null` three times; the best wall time, the least CPU
    /// time (user + system, from the reaped child's resource usage) and its line count.
    static func gpsdecodeTime(input: String) throws -> (seconds: Double, cpuSeconds: Double, reports: Int) {
        var lines = 0
        var cpu = Double.infinity
        let seconds = try Stopwatch.best(runs: 3) {
            let before = childrenCPUSeconds()
            defer { cpu = min(cpu, childrenCPUSeconds() - before) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/gpsdecode")
            process.arguments = ["-j"]
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            lines = data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        return (seconds, cpu, lines)
    }

    /// User + system seconds of every reaped child process so far.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
