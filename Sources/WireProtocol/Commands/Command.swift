import JSON
/// A request's command with its validated fields.
public enum Command: Sendable, Hashable {
    /// Add channels to the client's subscription (`all` adds every channel).
    case subscribe([Channel])
    /// Remove channels from the client's subscription (`all` removes every channel).
    case unsubscribe([Channel])
    /// Report sources, devices, session, clients and counters.
    case status
    /// Plan routes.
    case route(RouteRequest)
    /// Make route `index` of the last `route` reply the primary (index 0).
    case selectRoute(index: Int)
    /// Free drive → active guidance.
    case start(StartRequest)
    /// Active guidance → free drive.
    case stop
    /// Ask the camera for a state.
    case camera(CameraRequestState)
    /// Change simulation at run time.
    case simulate(SimulateRequest)
    /// Switch spoken instructions and desktop notifications on or off (nil leaves one as it is).
    case driverAlerts(speech: Bool?, notifications: Bool?)

    /// The states a client may ask the camera for (transitions are reported, never requested).
    public enum CameraRequestState: String, Sendable, Hashable, CaseIterable {
        /// Follow the user.
        case following
        /// Show the whole remaining route.
        case overview
        /// Leave the map to the user.
        case idle
    }

    /// The command's `cmd` name.
    public var name: CommandName {
        switch self {
        case .subscribe: .subscribe
        case .unsubscribe: .unsubscribe
        case .status: .status
        case .route: .route
        case .selectRoute: .selectRoute
        case .start: .start
        case .stop: .stop
        case .camera: .camera
        case .simulate: .simulate
        case .driverAlerts: .driverAlerts
        }
    }

    /// Whether the command changes state every client shares and is therefore subject to the
    /// server's uid/gid allow-lists: `start` (including one naming a server-side `route_file`),
    /// `stop`, `simulate`, `route` and `select_route` (the planned routes `start route_index`
    /// drives), `camera` (the CAMERA stream everyone receives) and `driver_alerts`.
    public var changesState: Bool {
        switch self {
        case .start, .stop, .simulate, .route, .selectRoute, .camera, .driverAlerts: true
        case .subscribe, .unsubscribe, .status: false
        }
    }

    /// Reads the fields of command `name` from a request object.
    init(name: CommandName, reading r: FieldReader) throws(WireProtocolError) {
        switch name {
        case .subscribe: self = .subscribe(try Self.channels(r))
        case .unsubscribe: self = .unsubscribe(try Self.channels(r))
        case .status: self = .status
        case .route: self = .route(try RouteRequest(reading: r))
        case .selectRoute:
            let index = try r.require("index", r.int)
            guard index >= 0 else { throw r.fail("index", "must not be negative, got \(index)") }
            self = .selectRoute(index: index)
        case .start: self = .start(try StartRequest(reading: r))
        case .stop: self = .stop
        case .camera: self = .camera(try r.require("state") { (f: String) throws(WireProtocolError) in try r.choice(f, as: CameraRequestState.self) })
        case .simulate: self = .simulate(try SimulateRequest(reading: r))
        case .driverAlerts:
            let speech = try r.bool("speech"), notifications = try r.bool("notifications")
            guard speech != nil || notifications != nil else { throw r.fail("speech", "must be given (true or false), or \"notifications\"") }
            self = .driverAlerts(speech: speech, notifications: notifications)
        }
    }

    private static func channels(_ r: FieldReader) throws(WireProtocolError) -> [Channel] {
        let channels = try r.require("channels") { (f: String) throws(WireProtocolError) in try r.choices(f, as: Channel.self) }
        guard !channels.isEmpty else { throw r.fail("channels", "must name at least one channel") }
        return channels
    }

    /// The command's own fields (without `cmd` and `id`), as sent.
    var fields: [String: JSONValue] {
        switch self {
        case .subscribe(let channels), .unsubscribe(let channels): ["channels": .array(channels.map { .string($0.rawValue) })]
        case .status, .stop: [:]
        case .route(let request): request.fields
        case .selectRoute(let index): ["index": .integer(Int64(index))]
        case .start(let request): request.fields
        case .camera(let state): ["state": .string(state.rawValue)]
        case .simulate(let request): request.fields
        case .driverAlerts(let speech, let notifications):
            [("speech", speech), ("notifications", notifications)].reduce(into: [:]) { f, e in if let v = e.1 { f[e.0] = .bool(v) } }
        }
    }
}
