import Foundation
import JSON
import Testing

@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    struct Sample: Codable, Equatable {
        enum Kind: String, Codable { case road, ferry }
        struct Point: Codable, Equatable {
            var lat: Double
            var lon: Double
        }
        var name: String
        var count: Int
        var small: UInt8
        var ratio: Double
        var single: Float
        var flag: Bool
        var kind: Kind
        var points: [Point]
        var matrix: [[Int64]]
        var note: String?
        var missing: Int?
        var labels: [String: Int]
    }

    static let text = #"""
        {"name":"Via Dante \u00e8 \ud83d\ude97","count":12,"small":255,"ratio":7,"single":0.5,"flag":true,"kind":"ferry",
         "points":[{"lat":45.4642,"lon":9.19},{"lon":-0.1,"lat":51.5}],"matrix":[[1,-2],[],[9007199254740993]],
         "note":null,"labels":{"b":2,"a":1},"extra":{"ignored":[1,2,3]}}
        """#

    @Test("decodes what Foundation's JSONDecoder decodes from the same bytes")
    func matchesFoundation() throws {
        let bytes = Array(Self.text.utf8)
        let ours = try JSONValueDecoder().decode(Sample.self, from: bytes)
        #expect(ours == (try JSONDecoder().decode(Sample.self, from: Data(bytes))))
        #expect(ours.matrix == [[1, -2], [], [9_007_199_254_740_993]])
        #expect(ours.ratio == 7 && ours.note == nil && ours.missing == nil && ours.labels == ["a": 1, "b": 2])
    }

    @Test("a number decodes as an integer type only when it fits exactly")
    func integers() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Int.self, from: .number(3)) == 3)
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: .number(3.5)) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt8.self, from: .integer(256)) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: .integer(-1)) }
        #expect(try decoder.decode(Double.self, from: .integer(-4)) == -4)
    }

    @Test("an integer above Int64.max parses, writes and decodes exactly up to UInt64.max")
    func unsignedIntegers() throws {
        let top = try JSONParser.parse(Array(#"[9223372036854775807,9223372036854775808,18446744073709551615,18446744073709551616]"#.utf8), source: "t")
        #expect(top == .array([.integer(Int64.max), .unsigned(9_223_372_036_854_775_808), .unsigned(UInt64.max), .number(18_446_744_073_709_551_616)]))
        var writer = JSONWriter(capacity: 64)
        writer.value(.array([.integer(Int64.max), .unsigned(1 << 63), .unsigned(UInt64.max)]))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[9223372036854775807,9223372036854775808,18446744073709551615]")
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode([UInt64].self, from: Array("[0,9223372036854775808,18446744073709551615]".utf8)) == [0, 1 << 63, UInt64.max])
        #expect(throws: DecodingError.self) { try decoder.decode(Int64.self, from: .unsigned(UInt64.max)) }
        #expect(JSONValue.unsigned(UInt64.max).doubleValue == Double(UInt64.max) && JSONValue.unsigned(UInt64.max).intValue == nil)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("18446744073709551615".utf8)) == .unsigned(UInt64.max))
        // `-0` stays a negative zero, as Foundation reads it into a Double.
        #expect(try decoder.decode(Double.self, from: Array("-0".utf8)).sign == .minus)
        #expect(try JSONParser.parse(Array("[0,-0]".utf8), source: "t") == .array([.integer(0), .number(-0.0)]))
    }

    @Test("wrong types and absent members are DecodingErrors naming the path")
    func errors() throws {
        let decoder = JSONValueDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(Sample.Point.self, from: Array(#"{"lat":1}"#.utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(String.self, from: .integer(1)) }
        do {
            _ = try decoder.decode([Sample.Point].self, from: Array(#"[{"lat":1,"lon":2},{"lat":"x","lon":2}]"#.utf8))
            Issue.record("decoded a string as a number")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "lat"])
        }
        #expect(throws: JSONSyntaxError(source: "probe", line: 1, column: 2, reason: "expected a member name in quotes")) {
            try decoder.decode(Int.self, from: Array("{1}".utf8), source: "probe")
        }
    }
}
