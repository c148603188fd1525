import Foundation
import Geodesy
import Servers
import WireProtocol

/// What a request gets: a whole response, or an event stream.
enum RouteOutcome {
    /// A complete response; `allow` is the `Allow` header of a 405.
    case response(HTTPResponse, allow: String?)
    /// `text/event-stream` of these channels.
    case events(ChannelSet)
}

extension HTTPCore {
    /// The endpoints and the methods each one takes.
    static let endpoints: [String: String] = [
        "/": "GET", "/index.html": "GET", "/live-map.js": "GET", "/live-map.css": "GET", "/roads": "GET",
        "/route": "GET", "/map": "GET", "/events": "GET", "/command": "POST",
    ]

    /// Answers one request.
    func route(method: String, path: String, query: (String) -> String?, request: PendingRequest) -> RouteOutcome {
        let isLeaflet = path.hasPrefix("/leaflet/")
        guard let allowed = isLeaflet ? "GET" : Self.endpoints[path] else {
            return .response(.error(404, code: "not_found", "no endpoint \(path)"), allow: nil)
        }
        let accepted = allowed == "GET" ? ["GET", "HEAD"] : [allowed]
        guard accepted.contains(method) else {
            return .response(.error(405, code: "bad_request", "\(method) is not allowed on \(path) (use \(allowed))"), allow: allowed)
        }
        if isLeaflet { return .response(leaflet.response(for: path.dropFirst("/leaflet/".count)), allow: nil) }
        switch path {
        case "/", "/index.html":
            return .response(HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(LivePage.html.utf8)), allow: nil)
        case "/live-map.js":
            return .response(HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8", body: Array(LivePage.script.utf8)), allow: nil)
        case "/live-map.css":
            return .response(HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", body: Array(LivePage.style.utf8)), allow: nil)
        case "/roads": return .response(roadsResponse(query), allow: nil)
        case "/route": return .response(routeResponse(), allow: nil)
        case "/map": return .response(mapResponse(), allow: nil)
        case "/events":
            if isRefusingStreams { return .response(HTTPResponse(status: 204, contentType: "text/event-stream", body: []), allow: nil) }
            do throws(QueryError) {
                return .events(try Self.channels(query("channels")))
            } catch {
                return .response(.error(400, code: "bad_request", error.message), allow: nil)
            }
        default: return .response(commandResponse(request), allow: nil)
        }
    }

    private func roadsResponse(_ query: (String) -> String?) -> HTTPResponse {
        guard let roads else { return .error(404, code: "not_found", "no map is loaded (start the daemon with --map)") }
        do throws(QueryError) {
            let request = try RoadQuery(bbox: query("bbox"), zoom: query("zoom"))
            return .json(roads.geoJSON(for: request))
        } catch {
            return .error(400, code: "bad_request", error.message)
        }
    }

    /// `{"bounds":[west,south,east,north]}` of the loaded map, for the page's first view.
    private func mapResponse() -> HTTPResponse {
        guard let extent = roads?.extent else { return .error(404, code: "not_found", "no map is loaded (start the daemon with --map)") }
        return .json(Array("{\"bounds\":[\(extent.west),\(extent.south),\(extent.east),\(extent.north)]}\n".utf8))
    }

    private func routeResponse() -> HTTPResponse {
        guard let activeRoute else { return .error(404, code: "not_found", "no active route") }
        switch waitForAsync(timeout: limits.commandTimeout, activeRoute) {
        case .some(.some(let route)): return .json(route)
        case .some(.none): return .error(404, code: "not_found", "no active route")
        case .none: return .error(504, code: "internal", "the active route did not arrive within \(Int(limits.commandTimeout)) s")
        }
    }

    private func commandResponse(_ request: PendingRequest) -> HTTPResponse {
        if request.bodyTooLarge {
            return .error(413, code: "bad_request", "request body exceeds the \(limits.maxBodyBytes)-byte limit")
        }
        var line = request.body[...]
        while let last = line.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
        guard !line.isEmpty else { return .error(400, code: "bad_request", "empty request body: send one JSON request") }
        let bytes = Array(line)
        let runner = self.runner
        guard let reply = waitForAsync(timeout: limits.commandTimeout, { await runner.run(line: bytes, credentials: nil) }) else {
            return .error(504, code: "internal", "the command did not finish within \(Int(limits.commandTimeout)) s")
        }
        return .json(reply, status: CommandReply.status(of: reply))
    }

    /// The channels of `channels=a,b,…` (every channel when absent or naming none, as `channels=`
    /// or `channels=,,`; `all` stands for every channel).
    static func channels(_ value: String?) throws(QueryError) -> ChannelSet {
        let names = value?.split(separator: ",") ?? []
        guard !names.isEmpty else { return .every }
        var result: ChannelSet = []
        for name in names {
            guard let channel = Channel(wireName: String(name)) else {
                throw QueryError(
                    "unknown channel \"\(name)\" (known: \(Channel.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            result.insert(channel)
        }
        return result
    }
}
