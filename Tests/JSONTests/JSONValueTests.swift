import Foundation
import JSON
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("parse and serialise keep member order, escapes, unicode and integer formatting")
    func parseSerialize() throws {
        let text = #"{"b":1,"a":[true,false,null,-0.5,1e3,"\u00e8\ud83d\ude97\n\"q\""],"c":{}}"#
        let value = try JSONValue(parsing: Array(text.utf8))
        #expect(value["b"] == .integer(1))
        #expect(String(decoding: value.serialized, as: UTF8.self) == #"{"b":1,"a":[true,false,null,-0.5,1000,"è🚗\n\"q\""],"c":{}}"#)
    }

    @Test("deep nesting is refused, not a stack overflow")
    func depth() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 10_000)
        #expect(throws: JSONSyntaxError(source: "JSON", line: 1, column: 513, reason: "nesting deeper than 512 levels")) {
            try JSONValue(parsing: deep)
        }
    }
}
