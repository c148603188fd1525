import Foundation
import Testing
import Timekeeping

/// Issue 11 item 2: no value, however large or non-finite, crashes a `Timestamp` or an
/// accelerated clock; multipliers from outside are refused with one line.
@Suite("Timestamp and clock limits")
struct TimestampLimitsTests {
    @Test("huge and non-finite seconds are clamped into years 0–9999 and print without crashing")
    func clamped() {
        #expect(Timestamp(secondsSince1970: 1e308).iso8601 == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp(secondsSince1970: .infinity).secondsSince1970 == Timestamp.representableRange.upperBound)
        #expect(Timestamp(secondsSince1970: -1e308).iso8601 == "0000-01-01T00:00:00.000Z")
        #expect(Timestamp(secondsSince1970: .nan).iso8601 == "1970-01-01T00:00:00.000Z")
        let t = Timestamp(secondsSince1970: 1_800_000_000)
        #expect(t.adding(1e308).iso8601 == "9999-12-31T23:59:59.999Z")
        #expect(t.adding(.nan) == t)
        #expect(t.adding(-.infinity).secondsSince1970 == Timestamp.representableRange.lowerBound)
        #expect(t.iso8601(fractionDigits: 9) == "2027-01-15T08:00:00.000000000Z")
        // Nine digits near year 9999 are past Double's precision, but print without overflowing Int.
        #expect(Timestamp(secondsSince1970: 253_402_300_000.5).iso8601(fractionDigits: 9).hasPrefix("9999-12-31T23:46:40.4999"))
        #expect(Timestamp(secondsSince1970: 253_402_300_000.5).iso8601 == "9999-12-31T23:46:40.500Z")
        #expect(t.iso8601(fractionDigits: 40) == t.iso8601(fractionDigits: 9))
        #expect(t.iso8601(fractionDigits: -3) == "2027-01-15T08:00:00Z")
        // A value stored directly outside the range is clamped where it is converted.
        var raw = t
        raw.secondsSince1970 = 1e300
        #expect(raw.components.year == 9999)
        #expect(raw.iso8601 == "9999-12-31T23:59:59.999Z")
    }

    @Test("values from outside: validSecondsSince1970 and Decodable refuse what cannot be a time")
    func validated() throws {
        #expect(Timestamp(validSecondsSince1970: 1e308) == nil)
        #expect(Timestamp(validSecondsSince1970: .nan) == nil)
        #expect(Timestamp(validSecondsSince1970: -.infinity) == nil)
        #expect(Timestamp(validSecondsSince1970: 1_800_000_000)?.secondsSince1970 == 1_800_000_000)
        let decoder = JSONDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(Timestamp.self, from: Data(#"{"secondsSince1970":1e308}"#.utf8)) }
        let round = try decoder.decode(Timestamp.self, from: JSONEncoder().encode(Timestamp(secondsSince1970: 12.5)))
        #expect(round.secondsSince1970 == 12.5)
    }

    @Test("calendar dates a month does not have are refused, leap days accepted")
    func impossibleDates() {
        #expect(Timestamp(year: 2099, month: 2, day: 31) == nil)
        #expect(Timestamp(year: 2023, month: 2, day: 29) == nil)
        #expect(Timestamp(year: 2100, month: 2, day: 29) == nil)
        #expect(Timestamp(year: 2025, month: 4, day: 31) == nil)
        #expect(Timestamp(year: 2024, month: 2, day: 29)?.iso8601 == "2024-02-29T00:00:00.000Z")
        #expect(Timestamp(year: 2000, month: 2, day: 29)?.iso8601 == "2000-02-29T00:00:00.000Z")
        #expect(Timestamp(year: Int.max, month: 1, day: 1) == nil)
        #expect(Timestamp(year: -5, month: 1, day: 1) == nil)
    }

    @Test("an accelerated clock refuses multipliers outside 0.001…100000 and non-finite ones")
    func multipliers() throws {
        let base = ManualTimeSource(start: Timestamp(secondsSince1970: 0))
        for bad in [1e308, 1e-300, 0, -2, .nan, .infinity, 100_001, 0.000_9] {
            #expect(throws: AcceleratedTimeSource.InvalidMultiplier.self) {
                _ = try AcceleratedTimeSource(base: base, validating: bad)
            }
        }
        #expect(AcceleratedTimeSource.InvalidMultiplier(multiplier: 1e308).description
            == "speed multiplier 1e+308 is outside 0.001…100000")
        let fastest = try AcceleratedTimeSource(base: base, validating: 100_000, start: Timestamp(secondsSince1970: 0))
        base.advance(by: 2)
        #expect(fastest.now() == Timestamp(secondsSince1970: 200_000))
        // The unchecked initialiser clamps instead of crashing.
        let clamped = AcceleratedTimeSource(base: base, multiplier: 1e308, start: Timestamp(secondsSince1970: 0))
        #expect(clamped.multiplier == 100_000)
        #expect(AcceleratedTimeSource(base: base, multiplier: .nan).multiplier == 1)
        #expect(AcceleratedTimeSource(base: base, multiplier: 1e-300).multiplier == 0.001)
    }
}
