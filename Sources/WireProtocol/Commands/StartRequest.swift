public import JSON
/// The fields of a `start` command: switch to active guidance on a route.
public struct StartRequest: Sendable, Hashable {
    /// Which route to follow: exactly one of the three forms.
    public enum RouteChoice: Sendable, Hashable {
        /// An index into the last `route` reply (`route_index`).
        case index(Int)
        /// A Route JSON object (Mapbox/OSRM route), carried opaquely (`route`).
        case route(JSONValue)
        /// A route file on the server's filesystem (`route_file`).
        case file(String)
    }

    /// The route to follow.
    public var route: RouteChoice
    /// Simulation mode for this drive, when given.
    public var simulate: SimulationMode?
    /// Simulation speed multiplier (> 0), when given.
    public var speedMultiplier: Double?

    /// A start request.
    public init(route: RouteChoice, simulate: SimulationMode? = nil, speedMultiplier: Double? = nil) {
        self.route = route
        self.simulate = simulate
        self.speedMultiplier = speedMultiplier
    }

    init(reading r: FieldReader) throws(WireProtocolError) {
        var choices: [RouteChoice] = []
        if let index = try r.int("route_index") {
            guard index >= 0 else { throw r.fail("route_index", "must not be negative, got \(index)") }
            choices.append(.index(index))
        }
        if let route = try r.object("route") { choices.append(.route(JSONValue(route))) }
        if let file = try r.string("route_file") { choices.append(.file(file)) }
        guard choices.count == 1, let route = choices.first else {
            throw r.fail("route_index", "or \"route\" or \"route_file\": give exactly one, got \(choices.count)")
        }
        self.init(route: route, simulate: try r.choice("simulate", as: SimulationMode.self),
                  speedMultiplier: try positiveMultiplier(r))
    }

    var fields: [String: JSONValue] {
        var f: [String: JSONValue] = [:]
        switch route {
        case .index(let index): f["route_index"] = .integer(Int64(index))
        case .route(let json): f["route"] = json
        case .file(let path): f["route_file"] = .string(path)
        }
        if let simulate { f["simulate"] = .string(simulate.rawValue) }
        if let speedMultiplier { f["speed_multiplier"] = .number(speedMultiplier) }
        return f
    }
}

/// Reads `speed_multiplier`, which must be a positive number when present.
func positiveMultiplier(_ r: FieldReader) throws(WireProtocolError) -> Double? {
    guard let value = try r.double("speed_multiplier") else { return nil }
    guard value > 0, value.isFinite else { throw r.fail("speed_multiplier", "must be a positive number, got \(value)") }
    guard SimulateRequest.speedMultiplierRange.contains(value) else {
        throw r.fail("speed_multiplier", "must be between 0.001 and 100000 (times real time), got \(value)")
    }
    return value
}
