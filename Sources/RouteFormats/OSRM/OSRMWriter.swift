import Geodesy
public import JSON
public import RouteModel
public import Timekeeping

/// Writes routes as Directions v5 / OSRM JSON that OSRM, Mapbox and Valhalla clients read:
/// a response `{"code":"Ok","routes":[…],"waypoints":[…]}` or a single route object.
/// Members come in a fixed order; optional members are omitted, never `null`. Besides the
/// standard members, a route carries its `waypoints` (as Mapbox does with
/// `waypoints_per_route=true`), `voiceLocale` (Mapbox) and Waygate's own
/// `waygate_options` (`profile`, `units`, `avoid`), which other clients ignore. When the
/// request named a departure time, every route also carries `departure_time` and
/// `arrival_time` (ISO 8601 UTC, whole seconds).
public struct OSRMWriter: Sendable {
    /// How shapes are written (polyline6 by default, as Mapbox does).
    public var geometry: GeometryFormat
    /// The planned departure echoed in every route object, nil to write neither time.
    public var departureTime: Timestamp?

    /// A writer using `geometry` for every shape, echoing `departureTime` when given.
    public init(geometry: GeometryFormat = .polyline6, departureTime: Timestamp? = nil) {
        self.geometry = geometry
        self.departureTime = departureTime
    }

    /// A whole response; `waypoints` default to the first route's.
    public func response(_ routes: [Route], waypoints: [Waypoint]? = nil) -> [UInt8] {
        responseObject(routes, waypoints: waypoints).serialized
    }

    /// One route object.
    public func route(_ route: Route) -> [UInt8] {
        routeObject(route).serialized
    }

    /// A whole response as a JSON value (for embedding in other messages).
    public func responseObject(_ routes: [Route], waypoints: [Waypoint]? = nil) -> JSONValue {
        .object([
            JSONMember("code", .string("Ok")),
            JSONMember("routes", .array(routes.map(routeObject))),
            JSONMember("waypoints", .array((waypoints ?? routes.first?.waypoints ?? []).map(waypointObject))),
        ])
    }

    /// One route as a JSON value (for embedding in other messages).
    public func routeObject(_ route: Route) -> JSONValue {
        var members = [
            JSONMember("distance", .number(route.distance)),
            JSONMember("duration", .number(route.duration)),
            JSONMember("weight", .number(route.weight)),
            JSONMember("weight_name", .string(route.weightName)),
            JSONMember("geometry", shape(route.geometry)),
            JSONMember("legs", .array(route.legs.map(legObject))),
            JSONMember("waypoints", .array(route.waypoints.map(waypointObject))),
            JSONMember("voiceLocale", .string(route.options.language)),
            JSONMember("waygate_options", optionsObject(route.options)),
        ]
        if let times = RouteTimes(departure: departureTime, duration: route.duration) {
            members += [JSONMember("departure_time", .string(times.departure)), JSONMember("arrival_time", .string(times.arrival))]
        }
        return .object(members)
    }

    /// Waygate's extension member carrying what `voiceLocale` cannot: profile, units, avoided classes.
    private func optionsObject(_ options: RouteOptions) -> JSONValue {
        .object([
            JSONMember("profile", .string(options.profile)), JSONMember("units", .string(options.units.rawValue)),
            JSONMember("avoid", .array(options.avoid.map { .string($0) })),
        ])
    }

    private func waypointObject(_ waypoint: Waypoint) -> JSONValue {
        var members = [JSONMember("name", .string(waypoint.name)), JSONMember("location", position(waypoint.location))]
        if let d = waypoint.distance { members.append(JSONMember("distance", .number(d))) }
        return .object(members)
    }

    private func legObject(_ leg: RouteLeg) -> JSONValue {
        var members = [
            JSONMember("distance", .number(leg.distance)), JSONMember("duration", .number(leg.duration)),
            JSONMember("weight", .number(leg.duration)), JSONMember("summary", .string(leg.summary)),
            JSONMember("steps", .array(leg.steps.map(stepObject))),
        ]
        if let annotation = leg.annotation { members.append(JSONMember("annotation", annotationObject(annotation))) }
        return .object(members)
    }

    private func stepObject(_ step: RouteStep) -> JSONValue {
        var members = [
            JSONMember("distance", .number(step.distance)), JSONMember("duration", .number(step.duration)),
            JSONMember("weight", .number(step.duration)), JSONMember("geometry", shape(step.geometry)),
            JSONMember("name", .string(step.name)),
        ]
        let optionalStrings = [("ref", step.ref), ("destinations", step.destinations), ("exits", step.exits), ("rotary_name", step.rotaryName)]
        for (key, value) in optionalStrings {
            if let value { members.append(JSONMember(key, .string(value))) }
        }
        members += [
            JSONMember("mode", .string(step.mode)), JSONMember("driving_side", .string(step.drivingSide)),
            JSONMember("maneuver", maneuverObject(step.maneuver)),
            JSONMember("intersections", .array(step.intersections.map(intersectionObject))),
            JSONMember("voiceInstructions", .array(step.voiceInstructions.map(voiceObject))),
            JSONMember("bannerInstructions", .array(step.bannerInstructions.map(bannerObject))),
        ]
        return .object(members)
    }

    private func maneuverObject(_ m: Maneuver) -> JSONValue {
        var members = [JSONMember("type", .string(m.type.rawValue))]
        if let modifier = m.modifier { members.append(JSONMember("modifier", .string(modifier.rawValue))) }
        members += [
            JSONMember("location", position(m.location)), JSONMember("bearing_before", .number(m.bearingBefore)),
            JSONMember("bearing_after", .number(m.bearingAfter)),
        ]
        if let exit = m.exit { members.append(JSONMember("exit", .number(Double(exit)))) }
        members.append(JSONMember("instruction", .string(m.instruction)))
        return .object(members)
    }

    private func intersectionObject(_ i: Intersection) -> JSONValue {
        var members = [
            JSONMember("location", position(i.location)), JSONMember("bearings", .array(i.bearings.map { .number($0) })),
            JSONMember("entry", .array(i.entry.map { .bool($0) })),
        ]
        if let inIndex = i.inIndex { members.append(JSONMember("in", .number(Double(inIndex)))) }
        if let outIndex = i.outIndex { members.append(JSONMember("out", .number(Double(outIndex)))) }
        if !i.classes.isEmpty { members.append(JSONMember("classes", .array(i.classes.map { .string($0) }))) }
        return .object(members)
    }

    private func annotationObject(_ a: LegAnnotation) -> JSONValue {
        var members: [JSONMember] = []
        for (key, values) in [("distance", a.distance), ("duration", a.duration), ("speed", a.speed)] where !values.isEmpty {
            members.append(JSONMember(key, .array(values.map { .number($0) })))
        }
        if !a.maxSpeed.isEmpty {
            members.append(JSONMember("maxspeed", .array(a.maxSpeed.map(speedLimitObject))))
        }
        return .object(members)
    }

    private func speedLimitObject(_ limit: SpeedLimit?) -> JSONValue {
        guard let limit else { return .object([JSONMember("unknown", .bool(true))]) }
        if limit.isUnlimited { return .object([JSONMember("none", .bool(true))]) }
        return .object([JSONMember("speed", .number(limit.value)), JSONMember("unit", .string(limit.unit))])
    }
}
