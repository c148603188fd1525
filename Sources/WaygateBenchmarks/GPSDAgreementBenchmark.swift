import Foundation
import GPSDProtocol

/// Agreement with gpsd 3.22 on a directory of receiver logs (docs/gpsd-compatibility.md):
/// `waygate-bench gpsd [LOGDIR [EXPECTEDDIR]]` decodes every `NAME.log` or `NAME.nmea` of
/// LOGDIR that has a `NAME.expected.json` (gpsd's own output) in EXPECTEDDIR (default: LOGDIR)
/// and prints the TPV, SKY and all-class field agreement per log, the worst logs and the totals.
/// Without arguments: the bundled logs (traces/nmea against Tests/NMEATests/Fixtures/gpsd).
enum GPSDAgreementBenchmark {
    static func run() throws {
        let args = Array(CommandLine.arguments.dropFirst(2))
        let logDirectory = args.first ?? "traces/nmea"
        let expectedDirectory = args.count > 1 ? args[1] : (args.isEmpty ? "Tests/NMEATests/Fixtures/gpsd" : logDirectory)
        let suffix = ".expected.json"
        let names = try FileManager.default.contentsOfDirectory(atPath: expectedDirectory)
            .filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
        var rows: [(name: String, result: GPSDAgreement)] = []
        for name in names {
            guard let log = ["log", "nmea"].map({ "\(logDirectory)/\(name).\($0)" }).first(where: FileManager.default.fileExists)
            else { continue }
            let input = [UInt8](try Data(contentsOf: URL(fileURLWithPath: log)))
            let expected = try String(contentsOfFile: "\(expectedDirectory)/\(name)\(suffix)", encoding: .utf8)
                .split(separator: "\n").map(String.init)
            rows.append((name, GPSDAgreement(expected: expected, actual: GPSDReportStream.reports(for: input))))
        }
        guard !rows.isEmpty else {
            print("gpsd agreement: no NAME.log/NAME.nmea with NAME.expected.json in \(logDirectory) / \(expectedDirectory)")
            return
        }
        print("gpsd 3.22 agreement, \(rows.count) logs in \(logDirectory) (TPV fields, SKY fields; all = TPV+SKY+GST):")
        for row in rows {
            let t = row.result.tpv, s = row.result.sky, a = row.result.all
            let name = row.name.padding(toLength: max(row.name.count, 30), withPad: " ", startingAt: 0)
            print(String(format: "  %@ TPV %6.2f %% (%d/%d)  SKY %6.2f %% (%d/%d)  all %6.2f %% (%d/%d)",
                         name as NSString, 100 * t.share, t.equal, t.total, 100 * s.share, s.equal, s.total,
                         100 * a.share, a.equal, a.total))
        }
        let tpv = rows.map(\.result.tpv).reduce(GPSDAgreement.Tally(), +)
        let sky = rows.map(\.result.sky).reduce(GPSDAgreement.Tally(), +)
        let all = rows.map(\.result.all).reduce(GPSDAgreement.Tally(), +)
        let perLog = rows.map(\.result.tpv.share)
        let worst = rows.sorted { $0.result.tpv.share < $1.result.tpv.share }.prefix(3)
            .map { String(format: "%@ %.1f %%", $0.name as NSString, 100 * $0.result.tpv.share) }
        print(String(format: "  overall TPV %.2f %% (%d/%d), mean per log %.2f %%, SKY %.2f %% (%d/%d), all classes %.2f %% (%d/%d)",
                     100 * tpv.share, tpv.equal, tpv.total, 100 * perLog.reduce(0, +) / Double(perLog.count),
                     100 * sky.share, sky.equal, sky.total, 100 * all.share, all.equal, all.total))
        print("  worst: " + worst.joined(separator: ", "))
        if ProcessInfo.processInfo.environment["GPSD_MISMATCHES"] != nil {
            for row in rows { for m in row.result.mismatches.prefix(40) { print("  MISMATCH \(row.name) \(m)") } }
        }
    }
}
