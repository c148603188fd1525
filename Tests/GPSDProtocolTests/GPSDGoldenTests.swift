import Foundation
import GPSDProtocol
import Testing
import TestSupport

/// The gpsd comparison: every recorded log in traces/nmea against gpsd 3.22's own output.
@Suite("gpsd 3.22 golden comparison")
struct GPSDGoldenTests {
    /// Measured agreement (share of TPV/SKY/GST fields equal, magvar/magtrack excluded) per log;
    /// each test asserts at least this, so a regression fails.
    static let minimumAgreement: [String: Double] = [
        "beidou-gb": 1.0, "bu353-glonass": 0.998, "bu353s4": 1.0, "firefly-II": 1.0, "garmin15x": 1.0,
        "gp-320fw-2019-04-07-coldboot": 1.0, "mt3339": 1.0, "neo-m8n": 1.0, "nl551e": 1.0,
        "nmea-fuzzy-cases": 1.0, "quectel-L70": 1.0, "sirfstarv-nmea": 1.0, "telit-pls83-w": 1.0,
        "tomtom-mkII": 1.0, "ublox-8": 1.0, "ublox-zed-f9p-nmea": 1.0,
    ]

    static let logs = ["beidou-gb", "bu353-glonass", "bu353s4", "firefly-II", "garmin15x", "gp-320fw-2019-04-07-coldboot",
                       "mt3339", "neo-m8n", "nl551e", "nmea-fuzzy-cases", "quectel-L70", "sirfstarv-nmea",
                       "telit-pls83-w", "tomtom-mkII", "ublox-8", "ublox-zed-f9p-nmea"]

    static func compare(_ log: String) throws -> GPSDAgreement {
        let input = try Data(contentsOf: Fixtures.trace("nmea/\(log).nmea"))
        let expected = try String(contentsOf: Fixtures.url("gpsd/\(log).expected.json", target: "NMEATests"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        return GPSDAgreement(expected: expected, actual: GPSDReportStream.reports(for: [UInt8](input)))
    }

    @Test("each log agrees with gpsd 3.22 field by field at least as well as measured", arguments: logs)
    func agreement(log: String) throws {
        let result = try Self.compare(log)
        print("AGREEMENT \(log) \(String(format: "%.4f", result.all.share)) \(result.all.equal)/\(result.all.total)")
        for m in result.mismatches.prefix(15) { print("  MISMATCH \(log) \(m)") }
        #expect(result.all.share >= Self.minimumAgreement[log, default: 1])
    }
}
