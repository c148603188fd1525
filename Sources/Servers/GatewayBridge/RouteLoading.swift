import Foundation
import Gateway
import JSON
import RouteFormats
import RouteModel
import SystemIO
import WireProtocol

/// Routes in and out of requests: reads the route a `start` request names (inline route JSON —
/// OSRM / Mapbox / Valhalla, a response or a single route object, GeoJSON — or a route file,
/// also GPX) and writes the route objects of `route` replies.
enum RouteLoading {
    /// The array of route objects as the wire carries them, written (Directions v5 JSON,
    /// polyline6 geometry, members sorted), each with `departure_time` and `arrival_time` when a
    /// departure is given.
    static func routeObjects(_ routes: [Route], departure: WireTime? = nil) -> [UInt8] {
        let writer = OSRMWriter(geometry: .polyline6, departureTime: departure?.timestamp)
        var json = JSONWriter(capacity: 64 << 10)
        json.beginArray()
        for route in routes { writer.writeRouteObject(route, order: .sorted, to: &json) }
        json.endArray()
        return json.bytes
    }

    /// Reads the route a `start` request names; a `route_file` only when its real path (links
    /// resolved) lies in one of `routeDirectories` and it is a regular file of at most
    /// `RouteFile.maximumFileBytes` (`FileContents.read`). Errors name the path, never the contents.
    static func route(for choice: StartRequest.RouteChoice, routeDirectories: [String]) throws(GatewayError) -> Route {
        let bytes: [UInt8]
        switch choice {
        case .index(let index):
            throw .noSuchRoute(index: index, available: 0)
        case .route(let json):
            bytes = json.serialized
        case .file(let path):
            bytes = try readRouteFile(path, allowedIn: routeDirectories)
        }
        do {
            return try RouteFile.readRoute(bytes)
        } catch {
            throw .unusableRoute(String(describing: error))
        }
    }

    private static func readRouteFile(_ path: String, allowedIn directories: [String]) throws(GatewayError) -> [UInt8] {
        guard !directories.isEmpty else {
            throw .unusableRoute("route_file is off on this daemon (start it with --route-dir DIR to allow route files from DIR)")
        }
        guard let real = realPath(path) else { throw .unusableRoute("cannot read route_file \(path)") }
        let roots = directories.compactMap(realPath)
        guard roots.contains(where: { real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
            throw .unusableRoute("route_file \(path) is outside the route directories (\(directories.joined(separator: ", ")))")
        }
        do {
            return try FileContents.read(real, maximumBytes: RouteFile.maximumFileBytes)
        } catch {
            throw .unusableRoute("cannot read route_file \(path): \(error)")
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
