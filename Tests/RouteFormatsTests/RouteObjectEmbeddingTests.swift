import Foundation
import JSON
import RouteFormats
import Testing

@Suite("Route objects inside Codable messages")
struct RouteObjectEmbeddingTests {
    @Test("a route object embeds in a Codable message and decodes back to the same route")
    func codableEmbedding() throws {
        struct Reply: Codable {
            var id: Int
            var routes: [JSONValue]
        }
        let route = try OSRMReader().readRoute(try fixtureBytes("mapbox/banners-voice.json"))
        let reply = Reply(id: 7, routes: [try JSONParser.parse(OSRMWriter().route(route), source: "route")])
        let data = try JSONEncoder().encode(reply)
        let decoded = try JSONDecoder().decode(Reply.self, from: data)
        #expect(try OSRMReader().route(from: decoded.routes[0]) == route)
    }
}
