import Foundation
import JSON
import Simulation
import Testing

/// The writer must print exactly what Foundation's `JSONEncoder` prints (with
/// `.withoutEscapingSlashes`) for the same values, so moving the wire off `JSONEncoder` changes
/// no byte; and what it prints must read back as the same value.
@Suite("JSONWriter: byte-identical to JSONEncoder, and read back by JSONDecoder")
struct JSONWriterTests {
    static func encoder(sorted: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = sorted ? [.sortedKeys, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
        return encoder
    }

    static func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("numbers: ties, tiny, huge, negative zero, integers near 2^53 and exponents match JSONEncoder")
    func numbers() throws {
        var generator = SeededGenerator(seed: 42)
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 1.5, 2.5, 0.125, 1e-7, 1e-5, 1e-4, 0.001, 123456789.123, 1e15, 1e15 + 0.5,
                                9_007_199_254_740_992, 9_007_199_254_740_994, 1e16, 1e21, 1e22, 1e308, -1e308, Double.leastNonzeroMagnitude,
                                Double.greatestFiniteMagnitude, Double.leastNormalMagnitude, 45.4642, 9.19, 0.30000000000000004]
        for _ in 0..<3_000 {
            let exponent = Double(Int.random(in: -12...18, using: &generator))
            let mantissa = Double.random(in: -10...10, using: &generator)
            values.append(mantissa * pow(10, exponent))
            // Values a hair from decimal rounding ties at 1–9 decimals.
            let decimals = Double(Int.random(in: 1...9, using: &generator))
            let tie = (Double(Int.random(in: 0...100_000, using: &generator)) + 0.5) / pow(10, decimals)
            values += [tie, tie.nextUp, tie.nextDown]
        }
        let actual = try Self.expectNumbersMatchJSONEncoder(values)
        let back = try JSONDecoder().decode([Double].self, from: Data(actual.utf8))
        #expect(back.map(\.bitPattern) == values.map { $0 == 0 ? 0 : $0.bitPattern } || back == values)
    }

    @Test("decimals of up to 9 places (what the wire's rounding leaves), their neighbours and the range's edges match JSONEncoder")
    func shortDecimals() throws {
        var generator = SeededGenerator(seed: 10)
        var values: [Double] = [0.001, 0.001.nextDown, 0.001.nextUp, -0.001, 0.0015, 999_999.999_999_999, 1e6.nextDown, 1e6 - 0.5,
                                0.000_999_999, 0.123_456_789, 0.1 + 0.2, 45.464_211_234, -9.190_001_5, 2.675, 1.005, 100.1]
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 1...9, using: &generator)
            let digits = Int.random(in: 1...15, using: &generator)
            let whole = Double(Int64.random(in: 1...(Int64(pow(10, Double(digits))) - 1), using: &generator))
            let value = (Bool.random(using: &generator) ? -1 : 1) * whole / pow(10, Double(decimals))
            values += [value, value.nextUp, value.nextDown]
        }
        _ = try Self.expectNumbersMatchJSONEncoder(values)
    }

    /// Writes `values` as an array with `number(_:)`, expects JSONEncoder's bytes, and returns them.
    static func expectNumbersMatchJSONEncoder(_ values: [Double]) throws -> String {
        let expected = String(decoding: try encoder(sorted: false).encode(values), as: UTF8.self)
        let actual = written { w in
            w.beginArray()
            for v in values { w.number(v) }
            w.endArray()
        }
        #expect(actual == expected)
        return actual
    }

    @Test("integers of every width, extremes included")
    func integers() throws {
        let values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, 1 << 53, -(1 << 53) - 1]
        let expected = String(decoding: try Self.encoder(sorted: false).encode(values), as: UTF8.self)
        #expect(Self.written { w in w.beginArray(); for v in values { w.int(v) }; w.endArray() } == expected)
        #expect(Self.written { w in w.int(UInt64.max) } == "18446744073709551615")
    }

    @Test("strings: escapes, control characters, unicode, slashes and emoji match JSONEncoder")
    func strings() throws {
        var generator = SeededGenerator(seed: 7)
        var values = ["", "plain", "a/b", "quote \" back \\ slash", "\n\r\t\u{8}\u{C}", "\u{0}\u{1}\u{1B}\u{1F}\u{7F}", "è é 東京 🚗 \u{2028}\u{2029}",
                      "Via Dante → Piazza", "\u{FEFF}bom"]
        let alphabet: [Unicode.Scalar] = ["a", "Z", "\"", "\\", "/", "\n", "\u{1}", "\u{1F}", " ", "é", "\u{FFFD}", "😀", "\u{7F}", "\t"]
        for _ in 0..<500 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...20, using: &generator) { s.append(alphabet.randomElement(using: &generator)!) }
            values.append(String(s))
        }
        let expected = String(decoding: try Self.encoder(sorted: false).encode(values), as: UTF8.self)
        #expect(Self.written { w in w.beginArray(); for v in values { w.string(v) }; w.endArray() } == expected)
        let back = try JSONDecoder().decode([String].self, from: Data(expected.utf8))
        #expect(back == values)
    }

    @Test("nested values: sortedValue matches JSONEncoder's sorted keys; value keeps member order; deep nesting")
    func nesting() throws {
        let value: JSONValue = .object([
            JSONMember("z", .array([.integer(1), .number(2.5), .null, .bool(false), .object([])])),
            JSONMember("B", .string("upper")), JSONMember("_u", .bool(true)), JSONMember("a_b", .integer(-3)), JSONMember("ab", .array([])),
            JSONMember("a", .object([JSONMember("y", .number(0.1)), JSONMember("x", .string("é/\""))])),
        ])
        let expected = String(decoding: try Self.encoder(sorted: true).encode(value), as: UTF8.self)
        #expect(Self.written { $0.sortedValue(value) } == expected)
        #expect(String(decoding: value.serialized, as: UTF8.self)
            == #"{"z":[1,2.5,null,false,{}],"B":"upper","_u":true,"a_b":-3,"ab":[],"a":{"y":0.1,"x":"é/\""}}"#)
        var deep = JSONValue.integer(0)
        for i in 0..<400 { deep = i.isMultiple(of: 2) ? .array([deep]) : .object([JSONMember("k", deep)]) }
        let text = deep.serialized
        #expect(try JSONValue(parsing: text) == deep)
        #expect(String(decoding: text, as: UTF8.self) == String(decoding: try Self.encoder(sorted: true).encode(deep), as: UTF8.self))
    }

    @Test("members leave nil out; non-finite numbers are null; reset reuses the buffer")
    func members() {
        var w = JSONWriter()
        w.beginObject()
        w.member("a", 1 as Int?)
        w.member("b", nil as Double?)
        w.member("c", Double.nan as Double?)
        w.member("d", "x" as String?)
        w.member("e", true as Bool?)
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"a":1,"c":null,"d":"x","e":true}"#)
        w.reset()
        w.number(.infinity)
        #expect(String(decoding: w.bytes, as: UTF8.self) == "null")
    }

    @Test("string and number members, written as one piece when short and plain, match JSONEncoder; long and escaped ones too")
    func stringAndNumberMembers() throws {
        let long = String(repeating: "Mannerheimintie ", count: 5)  // 80 bytes: past the one-piece limit
        let strings = ["", "primary", "say \"hi\"", "東京 🚗", String(repeating: "é", count: 31), long]
        let numbers = [0.0, -0.0, 24.93545, -1e-7, 1e21, .greatestFiniteMagnitude, .nan]
        func encoded(_ value: some Encodable) throws -> String {
            let array = String(decoding: try Self.encoder(sorted: false).encode([value]), as: UTF8.self)
            return String(array.dropFirst().dropLast())
        }
        var w = JSONWriter()
        w.beginObject()
        w.member("a", strings[0] as String?)
        w.member("b", strings[1] as String?)
        w.member("c", strings[2] as String?)
        w.member("d", strings[3] as String?)
        w.member("e", strings[4] as String?)
        w.member("f", strings[5] as String?)
        w.member("g", numbers[0] as Double?)
        w.member("h", numbers[1] as Double?)
        w.member("i", numbers[2] as Double?)
        w.member("j", numbers[3] as Double?)
        w.member("k", numbers[4] as Double?)
        w.member("l", numbers[5] as Double?)
        w.member("m", numbers[6] as Double?)
        w.endObject()
        let keys = "abcdefghijklm".map(String.init)
        let values = try strings.map(encoded) + numbers.dropLast().map(encoded) + ["null"]
        let expected = "{" + zip(keys, values).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
        #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
    }

    /// Found by the `json` fuzz target (an OSRM reply with integral numbers written `3.0`): the
    /// round trip is not value-equal by design, but what is written reads back to the same bytes.
    @Test("integral numbers written with a fraction or exponent: written as integers, and that writing is a fixed point")
    func integralNumbersRoundTrip() throws {
        let value = try JSONParser.parse(Array(#"{"a":3.0,"b":1e2,"c":-0.0,"d":2.5}"#.utf8), source: "test")
        #expect(value["a"] == .number(3))
        let written = value.serialized
        #expect(String(decoding: written, as: UTF8.self) == #"{"a":3,"b":100,"c":0,"d":2.5}"#)
        let again = try JSONParser.parse(written, source: "test")
        #expect(again["a"] == .integer(3))
        #expect(again.serialized == written)
    }

    @Test("the writer's memory: grows from the smallest capacity, a copy keeps its bytes when either goes on writing, reset and rawValue reuse it")
    func memory() {
        var w = JSONWriter(capacity: 0)
        w.beginArray()
        for i in 0..<2_000 { w.int(i) }
        w.endArray()
        let expected = "[" + (0..<2_000).map(String.init).joined(separator: ",") + "]"
        #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
        #expect(w.count == expected.utf8.count)

        var copy = w
        copy.reset()
        copy.string("copy")
        w.endLine()
        #expect(String(decoding: copy.bytes, as: UTF8.self) == #""copy""#)
        #expect(w.withBytes { String(decoding: $0, as: UTF8.self) } == expected + "\n")

        var times = JSONWriter(capacity: 8)
        times.beginArray()
        for k in 0..<3 { times.rawValue { $0.append(contentsOf: Array("\"t\(k)\"".utf8)) } }
        times.rawValue(maximumCount: 4) { out in
            for (i, byte) in "true".utf8.enumerated() { out[i] = byte }
            return 4
        }
        times.endArray()
        #expect(String(decoding: times.bytes, as: UTF8.self) == #"["t0","t1","t2",true]"#)
        #expect(!times.isEmpty)
        times.reset()
        #expect(times.isEmpty && times.bytes.isEmpty)
    }
}
