public import Gateway
import Foundation
import Geodesy
import LocationSources
import Navigation
import RouteModel
import NMEA
import Positioning
import Simulation
public import WireProtocol
public import JSON

/// Answers the event server's requests from the `Gateway`: `status` today; route planning,
/// guidance, camera and simulation commands as the gateway gains them.
public struct GatewayCommandHandler: CommandHandler {
    /// The gateway asked.
    public let gateway: Gateway
    /// Switches speech and notifications (`driver_alerts`) and answers their state as REPLY
    /// fields; nil when the daemon runs without them.
    public let driverAlerts: (@Sendable (_ speech: Bool?, _ notifications: Bool?) -> [String: JSONValue])?

    /// Directories `start route_file` may read from (`--route-dir`); none turns route files off.
    public let routeDirectories: [String]

    /// A handler over `gateway`, with `driverAlerts` for the `driver_alerts` command and the
    /// directories route files may come from.
    public init(gateway: Gateway, routeDirectories: [String] = [], driverAlerts: (@Sendable (Bool?, Bool?) -> [String: JSONValue])? = nil) {
        self.gateway = gateway
        self.routeDirectories = routeDirectories
        self.driverAlerts = driverAlerts
    }

    public func handle(_ command: Command, from client: ClientInfo) async -> CommandResult {
        switch command {
        case .status:
            return .success(Self.fields(for: await gateway.status()))
        case .route(let request):
            return await route(request)
        case .selectRoute(let index):
            do {
                return .success([:], written: ["routes": RouteLoading.routeObjects(try await gateway.selectRoute(index))])
            } catch {
                return .failure(.notFound, error.description)
            }
        case .start(let request):
            return await start(request)
        case .stop:
            await gateway.stopGuidance()
            return .success(["session": JSONValue(["mode": .string(SessionMode.freeDrive.rawValue)])])
        case .camera(let state):
            guard let request = CameraRequest(rawValue: state.rawValue) else { return .failure(.badRequest, "camera: unknown state \(state.rawValue)") }
            await gateway.requestCamera(request)
            return .success(["state": .string(state.rawValue)])
        case .simulate(let request):
            do {
                let state = try await gateway.setSimulation(mode: Self.mode(request.mode), speedMultiplier: request.speedMultiplier)
                return .success(["simulation": Self.object(state)])
            } catch {
                return .failure(.badRequest, error.description)
            }
        case .driverAlerts(let speech, let notifications):
            guard let driverAlerts else { return .failure(.badRequest, "driver_alerts: this daemon runs without speech and notifications") }
            return .success(driverAlerts(speech, notifications))
        default:
            return .failure(.badRequest, "'\(command.name.rawValue)' is not available on this server yet")
        }
    }

    /// `route`: plans routes on the map (from the current position when only a destination is
    /// given) and replies with OSRM / Mapbox route objects, best first.
    private func route(_ request: RouteRequest) async -> CommandResult {
        let waypoints = request.waypoints.map { Coordinate(latitude: $0[1], longitude: $0[0]) }
        let options = RouteOptions(
            profile: request.profile.rawValue, units: request.units == .imperial ? .imperial : .metric,
            language: request.language ?? "en", avoid: request.avoid.map(\.rawValue))
        do {
            let routes = try await gateway.planRoutes(waypoints, options: options, alternatives: request.alternatives)
            var fields: [String: JSONValue] = [:]
            if let departure = request.departureTime { fields["departure_time"] = .string(departure.description) }
            return .success(fields, written: ["routes": RouteLoading.routeObjects(routes, departure: request.departureTime)])
        } catch {
            switch error {
            case .noMap, .unknownLanguage: return .failure(.badRequest, error.description)
            case .noFix: return .failure(.noFix, error.description)
            default: return .failure(.noRoute, error.description)
            }
        }
    }

    /// `start`: reads the route (an index of the last `route` reply, inline JSON or a file) and
    /// switches to active guidance.
    private func start(_ request: StartRequest) async -> CommandResult {
        do {
            let id: String
            if case .index(let index) = request.route {
                id = try await gateway.startGuidance(index: index)
            } else {
                id = try await gateway.startGuidance(try RouteLoading.route(for: request.route, routeDirectories: routeDirectories))
            }
            var fields: [String: JSONValue] = [
                "route_id": .string(id), "session": JSONValue(["mode": .string(SessionMode.activeGuidance.rawValue), "route_id": .string(id)]),
            ]
            if request.simulate != nil || request.speedMultiplier != nil {
                let state = try await gateway.setSimulation(mode: Self.mode(request.simulate), speedMultiplier: request.speedMultiplier)
                fields["simulation"] = Self.object(state)
            }
            return .success(fields)
        } catch {
            return .failure(.badRequest, error.description)
        }
    }

    /// The gateway's simulation mode for a wire mode.
    static func mode(_ mode: SimulationMode?) -> SimulationModeController.Mode? {
        mode.flatMap { SimulationModeController.Mode(rawValue: $0.rawValue) }
    }

    /// `{mode, simulating, speed_multiplier}` of a simulation state.
    static func object(_ state: Gateway.SimulationState) -> JSONValue {
        JSONValue([
            "mode": .string(state.mode.rawValue), "simulating": .bool(state.isSimulating),
            "speed_multiplier": .number(state.speedMultiplier),
        ])
    }

    /// The REPLY fields of `status`: sources with device states, session mode and counters.
    static func fields(for status: GatewayStatus) -> [String: JSONValue] {
        var totals = NMEATotals()
        let sources: [JSONValue] = status.sources.map { source in
            let s = source.statistics
            totals.add(s)
            var object: [String: JSONValue] = [
                "id": .string(source.id.rawValue),
                "fixes": .integer(Int64(s.fixes)),
                "sentences": .integer(Int64(s.sentences)),
                "connections": .integer(Int64(s.connections)),
                "losses": .integer(Int64(s.losses)),
                "dropped_events": .integer(Int64(s.droppedEvents)),
            ]
            if let state = s.deviceState { object["state"] = .string(state.rawValue) }
            if let driver = s.driver { object["driver"] = .string(driver) }
            if let baud = s.baudRate { object["baud"] = .integer(Int64(baud)) }
            if let error = s.lastError { object["last_error"] = .string(error) }
            return JSONValue(object)
        }
        return [
            "sources": .array(sources),
            "session": JSONValue(
                ["mode": JSONValue.string(SessionMode(status.mode).rawValue)].merging(status.routeID.map { ["route_id": .string($0)] } ?? [:]) { a, _ in a }),
            "map": .bool(status.hasMap),
            "simulation": object(status.simulation),
            "counters": JSONValue([
                "sentences_ok": .integer(Int64(totals.sentences)),
                "bad_checksum": .integer(Int64(totals.badChecksum)),
                "discarded_bytes": .integer(Int64(totals.discardedBytes)),
                "fixes": .integer(Int64(status.fixes)),
            ]),
        ]
    }

    private struct NMEATotals {
        var sentences = 0, badChecksum = 0, discardedBytes = 0

        mutating func add(_ s: SourceStatistics) {
            sentences += s.sentences
            badChecksum += s.nmea.badChecksum
            discardedBytes += s.nmea.discardedBytes
        }
    }
}
