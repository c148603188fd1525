import Foundation
import Gateway
import JSON
import RouteFormats
import RouteModel
import WireProtocol

/// Routes in and out of requests: reads the route a `start` request names (inline route JSON —
/// OSRM / Mapbox / Valhalla, a response or a single route object, GeoJSON — or a route file,
/// also GPX) and writes the route objects of `route` replies.
enum RouteLoading {
    /// Route objects as the wire carries them (Directions v5 JSON, polyline6 geometry), each with
    /// `departure_time` and `arrival_time` when a departure is given.
    static func routeObjects(_ routes: [Route], departure: WireTime? = nil) -> JSONValue {
        let writer = OSRMWriter(geometry: .polyline6, departureTime: departure?.timestamp)
        return .array(routes.map { writer.routeObject($0) })
    }

    static func route(for choice: StartRequest.RouteChoice) throws(GatewayError) -> Route {
        let bytes: [UInt8]
        switch choice {
        case .index(let index):
            throw .noSuchRoute(index: index, available: 0)
        case .route(let json):
            bytes = json.serialized
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else { throw .unusableRoute("cannot read route_file \(path)") }
            bytes = [UInt8](data)
        }
        do {
            return try RouteFile.readRoute(bytes)
        } catch {
            throw .unusableRoute(String(describing: error))
        }
    }
}
