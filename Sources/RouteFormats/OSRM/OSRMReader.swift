public import JSON
import Geodesy
public import RouteModel

/// Reads Directions v5 JSON as OSRM, Mapbox and Valhalla (`format=osrm`) write it.
///
/// Accepts a whole response (`{"code":"Ok","routes":[…],"waypoints":[…]}`) or a single route
/// object (`{"legs":[…],…}`). Geometry may be polyline5, polyline6 or GeoJSON; the polyline
/// precision is detected from the first maneuver's location unless fixed by
/// `polylinePrecision`. Whatever a response leaves out (step distances, durations, geometry)
/// is computed so the route can be driven without a map (`RouteDefaults`); legs without
/// steps get a depart/arrive pair over their part of the shape. Valhalla's extra
/// fields (`admins`, `via_waypoints`, `geometry_index`, `is_urban`, …) are ignored, and an
/// unknown maneuver type is read as `turn`, as the OSRM API asks clients to do.
public struct OSRMReader: Sendable {
    /// 5 or 6 to force a polyline precision; nil to detect it.
    public var polylinePrecision: Int?

    /// A reader that detects the polyline precision unless told.
    public init(polylinePrecision: Int? = nil) {
        self.polylinePrecision = polylinePrecision
    }

    static let source = "route JSON"

    /// Reads a whole response. A single route object is accepted as a response of one route.
    /// Every route read can be driven: a response without routes, a route without legs or
    /// shape, or a leg without steps it could be given, is refused.
    /// - Throws: `RouteFormatError` naming the bad path, or `.errorResponse` for `code` ≠ `Ok`.
    public func readResponse(_ bytes: [UInt8]) throws -> DirectionsResponse {
        try response(from: try parseJSON(bytes, source: Self.source))
    }

    /// Reads the best route of a response, or a single route object.
    public func readRoute(_ bytes: [UInt8]) throws -> Route {
        let response = try readResponse(bytes)
        guard let route = response.routes.first else { throw RouteFormatError.empty(source: Self.source, what: "routes") }
        return route
    }

    /// A response from an already parsed JSON document (a response or a single route object).
    public func response(from json: JSONValue) throws -> DirectionsResponse {
        let root = JSONNode(value: json, source: Self.source)
        guard case .object = json else { throw RouteFormatError.wrongType(source: Self.source, path: "document", expected: "an object") }
        if root.optional("legs") != nil {
            let read = try self.route(root)
            let route = try Self.drivable(Self.completingEmptyLegs(read, waypoints: read.waypoints), prefix: "")
            return DirectionsResponse(routes: [route], waypoints: route.waypoints)
        }
        if root.optional("trip") != nil {
            throw RouteFormatError.unrecognizedFormat(reason: "Valhalla's native trip JSON; request it with format=osrm")
        }
        let code = try root.optionalString("code") ?? "Ok"
        guard code == "Ok" else { throw RouteFormatError.errorResponse(code: code, message: try root.optionalString("message")) }
        let waypoints = try root.optionalElements("waypoints").map(waypoint)
        var routes = try root.field("routes").elements().map { try route($0, waypoint: waypoints.first?.location) }
        for (i, node) in try root.field("routes").elements().enumerated() where node.optional("waypoints") == nil {
            if !waypoints.isEmpty { routes[i].waypoints = waypoints }
        }
        guard !routes.isEmpty else { throw RouteFormatError.empty(source: Self.source, what: "routes") }
        for i in routes.indices {
            routes[i] = try Self.drivable(Self.completingEmptyLegs(routes[i], waypoints: routes[i].waypoints), prefix: "routes[\(i)].")
        }
        return DirectionsResponse(code: code, routes: routes, waypoints: waypoints.isEmpty ? routes.first?.waypoints ?? [] : waypoints)
    }

    /// A route from a parsed route object.
    public func route(from json: JSONValue) throws -> Route {
        try route(JSONNode(value: json, source: Self.source))
    }

    private func waypoint(_ node: JSONNode) throws -> Waypoint {
        Waypoint(name: try node.optionalString("name") ?? "", location: try node.field("location").coordinate(),
                 distance: try node.optionalNumber("distance"))
    }

    private func route(_ node: JSONNode, waypoint: Coordinate? = nil) throws -> Route {
        let ownWaypoints = try node.optionalElements("waypoints").map(self.waypoint)
        let decoder = GeometryDecoder(route: node, fixedPrecision: polylinePrecision, waypoint: waypoint ?? ownWaypoints.first?.location)
        let legs = try node.field("legs").elements().map { try leg($0, decoder) }
        var geometry = try node.optional("geometry").map(decoder.decode) ?? []
        if geometry.isEmpty { geometry = Self.joined(legs.flatMap { $0.steps.map(\.geometry) }) }
        let distance = try node.optionalNumber("distance") ?? legs.reduce(0) { $0 + $1.distance }
        let duration = try node.optionalNumber("duration") ?? legs.reduce(0) { $0 + $1.duration }
        var options = RouteOptions(profile: RouteDefaults.profile(forMode: legs.first?.steps.first?.mode ?? "driving"))
        if let locale = try node.optionalString("voiceLocale") { options.language = String(locale.prefix { $0 != "-" && $0 != "_" }) }
        if let routeOptions = node.optional("routeOptions") {
            if let language = try routeOptions.optionalString("language") { options.language = language }
            if let units = try routeOptions.optionalString("voice_units"), let u = UnitSystem(rawValue: units) { options.units = u }
        }
        if let own = node.optional("waygate_options") {
            if let profile = try own.optionalString("profile") { options.profile = profile }
            if let units = try own.optionalString("units"), let u = UnitSystem(rawValue: units) { options.units = u }
            options.avoid = try own.optionalElements("avoid").map { try $0.string() }
        }
        let waypoints = !ownWaypoints.isEmpty ? ownWaypoints : legs.isEmpty ? [] : Self.endpoints(of: legs)
        return Route(
            distance: distance, duration: duration, weight: try node.optionalNumber("weight"),
            weightName: try node.optionalString("weight_name") ?? "duration", geometry: geometry, legs: legs,
            waypoints: waypoints, options: options)
    }

    /// Waypoints at the leg ends, used when a route object comes without a response around it.
    private static func endpoints(of legs: [RouteLeg]) -> [Waypoint] {
        var result: [Waypoint] = []
        for (i, leg) in legs.enumerated() {
            if i == 0, let first = leg.steps.first { result.append(Waypoint(name: first.name, location: first.maneuver.location)) }
            if let last = leg.steps.last { result.append(Waypoint(name: last.name, location: last.maneuver.location)) }
        }
        return result
    }

    /// Concatenates step shapes, dropping the repeated point where one step ends and the next begins.
    static func joined(_ parts: [[Coordinate]]) -> [Coordinate] {
        var line: [Coordinate] = []
        for part in parts {
            for c in part where line.last != c { line.append(c) }
        }
        return line
    }

    private func leg(_ node: JSONNode, _ decoder: GeometryDecoder) throws -> RouteLeg {
        let stepNodes = try node.field("steps").elements()
        var steps = try stepNodes.map { try step($0, decoder) }
        // A step without geometry runs from its maneuver to the next one.
        for i in steps.indices where steps[i].geometry.isEmpty {
            let end = i + 1 < steps.count ? steps[i + 1].maneuver.location : steps[i].maneuver.location
            steps[i].geometry = [steps[i].maneuver.location, end]
        }
        for (i, n) in stepNodes.enumerated() {
            if n.optional("distance") == nil { steps[i].distance = RouteDefaults.length(steps[i].geometry) }
            if n.optional("duration") == nil { steps[i].duration = steps[i].distance / RouteDefaults.speed(forMode: steps[i].mode) }
        }
        return RouteLeg(
            distance: try node.optionalNumber("distance") ?? steps.reduce(0) { $0 + $1.distance },
            duration: try node.optionalNumber("duration") ?? steps.reduce(0) { $0 + $1.duration },
            summary: try node.optionalString("summary") ?? "", steps: steps,
            annotation: try node.optional("annotation").map(annotation))
    }

    private func step(_ node: JSONNode, _ decoder: GeometryDecoder) throws -> RouteStep {
        RouteStep(
            distance: try node.optionalNumber("distance") ?? 0, duration: try node.optionalNumber("duration") ?? 0,
            geometry: try node.optional("geometry").map(decoder.decode) ?? [], name: try node.optionalString("name") ?? "",
            ref: try node.optionalString("ref"), destinations: try node.optionalString("destinations"),
            exits: try node.optionalString("exits"), rotaryName: try node.optionalString("rotary_name"),
            mode: try node.optionalString("mode") ?? "driving", drivingSide: try node.optionalString("driving_side") ?? "right",
            maneuver: try maneuver(try node.field("maneuver")),
            intersections: try node.optionalElements("intersections").map(intersection),
            voiceInstructions: try node.optionalElements("voiceInstructions").map(voiceInstruction),
            bannerInstructions: try node.optionalElements("bannerInstructions").map(bannerInstruction))
    }

    private func maneuver(_ node: JSONNode) throws -> Maneuver {
        Maneuver(
            type: ManeuverType(rawValue: try node.string("type")) ?? .turn,
            modifier: try node.optionalString("modifier").flatMap(ManeuverModifier.init(rawValue:)),
            location: try node.field("location").coordinate(), bearingBefore: try node.optionalNumber("bearing_before") ?? 0,
            bearingAfter: try node.optionalNumber("bearing_after") ?? 0, exit: try node.optionalInteger("exit"),
            instruction: try node.optionalString("instruction") ?? "")
    }

    private func intersection(_ node: JSONNode) throws -> Intersection {
        Intersection(
            location: try node.field("location").coordinate(), bearings: try node.optionalElements("bearings").map { try $0.number() },
            entry: try node.optionalElements("entry").map { try $0.bool() }, inIndex: try node.optionalInteger("in"),
            outIndex: try node.optionalInteger("out"), classes: try node.optionalElements("classes").map { try $0.string() })
    }
}
