import Foundation
import Gateway
import Geodesy
import Navigation
import Positioning
import RouteModel
import SystemIO
import Timekeeping

/// Gateway events built by hand, as the follower and the sources emit them.
enum AlertEvents {
    static let time = Timestamp(secondsSince1970: 1_780_000_000)

    static func voice(_ text: String, step: Int, distance: Double = 200, language: String? = "en", leg: Int = 0) -> GatewayEvent {
        .navigation(.voice(VoiceEvent(
            routeID: "r1", legIndex: leg, stepIndex: step, distanceAlongStep: distance,
            instruction: VoiceInstruction(distanceAlongGeometry: distance, announcement: text, ssmlAnnouncement: "<speak>\(text)</speak>"),
            language: language)), time: time)
    }

    static func banner(_ primary: String, _ secondary: String? = nil, step: Int, leg: Int = 0) -> GatewayEvent {
        .navigation(.banner(BannerEvent(
            routeID: "r1", legIndex: leg, stepIndex: step, distanceAlongStep: 300,
            instruction: BannerInstruction(distanceAlongGeometry: 300, primary: BannerText(text: primary, type: .turn, modifier: .left),
                                           secondary: secondary.map { BannerText(text: $0) }))), time: time)
    }

    static func arrival(_ name: String, isFinal: Bool = true) -> GatewayEvent {
        .navigation(.arrived(ArrivalEvent(routeID: "r1", legIndex: 0, waypointIndex: 1, name: name, isFinal: isFinal, time: time)), time: time)
    }

    static func rerouteStarted() -> GatewayEvent {
        let request = RerouteRequest(id: 1, reason: .offRoute, origin: Coordinate(latitude: 60.17, longitude: 24.94),
                                     heading: 90, waypoints: [Waypoint(location: Coordinate(latitude: 60.18, longitude: 24.95))],
                                     options: RouteOptions(), time: time)
        return .navigation(.reroute(RerouteEvent(reason: .offRoute, state: .started(request), routeID: "r1")), time: time)
    }

    static func rerouteSucceeded() -> GatewayEvent {
        .navigation(.reroute(RerouteEvent(reason: .offRoute, state: .succeeded, routeID: "r2")), time: time)
    }

    static func guidanceStopped() -> GatewayEvent {
        .navigation(.session(SessionEvent(mode: .freeDrive, previous: .activeGuidance, routeID: "r1")), time: time)
    }

    static func device(_ state: DeviceState, source: SourceID = .serial("/dev/ttyACM0")) -> GatewayEvent {
        .source(.device(state, driver: "NMEA0183", baud: 9600), from: source, time: time)
    }
}

/// Collects warnings given to `DriverAlerts`.
final class WarningLog: Sendable {
    private let lines = Locked<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
}
