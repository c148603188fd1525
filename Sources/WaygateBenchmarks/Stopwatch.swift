import Foundation

/// Wall-clock timing for benchmarks: the best of several runs, in seconds.
enum Stopwatch {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The fastest of `runs` timings of `body`.
    static func best(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            try body()
            best = min(best, now() - start)
        }
        return best
    }
}

/// The NMEA corpus: every bundled receiver log, concatenated `copies` times (headers dropped).
enum Corpus {
    static func nmea(copies: Int) throws -> [UInt8] {
        let dir = URL(fileURLWithPath: "traces/nmea")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".nmea") }.sorted()
        var one: [UInt8] = []
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent(file)))
            for line in bytes.split(separator: 0x0A) where line.first != UInt8(ascii: "#") {
                one += line
                one.append(0x0A)
            }
        }
        var all: [UInt8] = []
        all.reserveCapacity(one.count * copies)
        for _ in 0..<copies { all += one }
        return all
    }
}
