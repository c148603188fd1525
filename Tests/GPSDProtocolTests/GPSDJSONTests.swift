import Foundation
import JSON
import NMEA
import Testing

@Suite("gpsd number formatting")
struct GPSDJSONTests {
    @Test("the fast fixed-point printer agrees with %.Nf on a sweep of values and precisions")
    func fixedMatchesPrintf() {
        var state: UInt64 = 7
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let magnitude = Double(state >> 11) / Double(1 << 53)
            let value = (magnitude - 0.5) * [1, 10, 400, 1e5][Int(state % 4)]
            for decimals in [0, 1, 2, 3, 4, 6, 9] {
                #expect(FixedPoint.format(value, decimals: decimals) == String(format: "%.\(decimals)f", value))
            }
        }
        for (value, width) in [(5.25, 6), (59.999, 6), (-3.5, 8), (1234.5678, 3)] {
            #expect(FixedPoint.format(value, decimals: 3, width: width) == String(format: "%0\(width).3f", value))
        }
        for (value, decimals) in [(0.125, 2), (-0.0001, 3), (-0.0, 3), (2.5, 0), (1e17, 2), (175.314896667, 9)] {
            #expect(FixedPoint.format(value, decimals: decimals) == String(format: "%.\(decimals)f", value))
        }
    }
}
