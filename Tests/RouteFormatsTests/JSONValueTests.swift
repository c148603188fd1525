import Foundation
import RouteFormats
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("parse and serialise keep member order, escapes, unicode and integer formatting")
    func parseSerialize() throws {
        let text = #"{"b":1,"a":[true,false,null,-0.5,1e3,"\u00e8\ud83d\ude97\n\"q\""],"c":{}}"#
        let value = try JSONValue(parsing: Array(text.utf8))
        #expect(value["b"] == .number(1))
        #expect(String(decoding: value.serialized, as: UTF8.self) == #"{"b":1,"a":[true,false,null,-0.5,1000,"è🚗\n\"q\""],"c":{}}"#)
    }

    @Test("a route object embeds in a Codable message and decodes back to the same route")
    func codableEmbedding() throws {
        struct Reply: Codable {
            var id: Int
            var routes: [JSONValue]
        }
        let route = try OSRMReader().readRoute(try fixtureBytes("mapbox/banners-voice.json"))
        let reply = Reply(id: 7, routes: [OSRMWriter().routeObject(route)])
        let data = try JSONEncoder().encode(reply)
        let decoded = try JSONDecoder().decode(Reply.self, from: data)
        #expect(try OSRMReader().route(from: decoded.routes[0]) == route)
    }

    @Test("deep nesting is refused, not a stack overflow")
    func depth() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 10_000)
        #expect(throws: RouteFormatError.invalidSyntax(source: "JSON", line: 1, column: 513, reason: "nesting deeper than 512 levels")) {
            try JSONValue(parsing: deep)
        }
    }
}
