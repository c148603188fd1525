import Geodesy
public import Navigation
import RouteModel
public import WireProtocol

extension EventPayload {
    /// The wire payload of a navigation event; nil for events that have no class of their own
    /// (off-route detection shows as `off_route` in PROGRESS).
    public init?(_ event: NavigationEvent) {
        switch event {
        case .progress(let p): self = .progress(ProgressMessage(p))
        case .banner(let b):
            self = .banner(
                BannerMessage(
                    stepIndex: b.stepIndex, distanceAlongStep: b.distanceAlongStep.rounded(to: 1), primary: .init(b.instruction.primary),
                    secondary: b.instruction.secondary.map(BannerMessage.Text.init), sub: b.instruction.sub.map(BannerMessage.Text.init)))
        case .voice(let v):
            self = .voice(
                VoiceMessage(stepIndex: v.stepIndex, distanceAlongStep: v.distanceAlongStep.rounded(to: 1),
                             announcement: v.instruction.announcement, ssml: v.instruction.ssmlAnnouncement, language: v.language))
        case .offRouteDetected: return nil
        case .reroute(let r):
            let state: RerouteMessage.State
            switch r.state {
            case .started: state = .started
            case .succeeded: state = .succeeded
            case .failed: state = .failed
            }
            self = .reroute(RerouteMessage(reason: r.reason == .fasterRoute ? .fasterRoute : .offRoute, state: state, routeID: r.routeID))
        case .arrived(let a):
            self = .arrival(ArrivalMessage(legIndex: a.legIndex, waypointIndex: a.waypointIndex, name: a.name.isEmpty ? nil : a.name, final: a.isFinal))
        case .session(let s):
            self = .session(SessionMessage(mode: SessionMode(s.mode), previous: SessionMode(s.previous), routeID: s.routeID))
        case .camera(let c):
            self = .camera(CameraMessage(state: CameraMessage.State(rawValue: c.state.rawValue) ?? .idle, frame: c.frame.map(CameraMessage.Frame.init)))
        }
    }
}

extension ProgressMessage {
    /// The PROGRESS for route progress.
    init(_ p: RouteProgress) {
        let step = p.currentStepProgress
        self.init(
            routeID: p.routeID, legIndex: p.legIndex, stepIndex: p.stepIndex, distanceTraveled: p.distanceTraveled.rounded(to: 1),
            distanceRemaining: p.distanceRemaining.rounded(to: 1), durationRemaining: p.durationRemaining.rounded(to: 1),
            fractionTraveled: p.fractionTraveled.rounded(to: 4),
            leg: Leg(distanceRemaining: p.currentLegProgress.distanceRemaining.rounded(to: 1),
                     durationRemaining: p.currentLegProgress.durationRemaining.rounded(to: 1)),
            step: Step(distanceTraveled: step.distanceTraveled.rounded(to: 1), distanceRemaining: step.distanceRemaining.rounded(to: 1),
                       durationRemaining: step.durationRemaining.rounded(to: 1)),
            snapped: Snapped(lat: p.snapped.coordinate.latitude.rounded(to: 9), lon: p.snapped.coordinate.longitude.rounded(to: 9),
                             bearing: p.snapped.bearing.rounded(to: 1)),
            roadName: p.roadName.isEmpty ? nil : p.roadName,
            upcoming: p.upcomingManeuver.map {
                Upcoming(type: $0.type.rawValue, modifier: $0.modifier?.rawValue, name: $0.name.isEmpty ? nil : $0.name, distance: $0.distance.rounded(to: 1))
            },
            offRoute: p.isOffRoute)
    }
}

extension BannerMessage.Text {
    /// A banner line from a route's banner text.
    init(_ text: BannerText) {
        self.init(text: text.text, type: text.type?.rawValue, modifier: text.modifier?.rawValue, degrees: text.degrees)
    }
}

extension SessionMode {
    /// The wire session mode of a navigation mode.
    init(_ mode: NavigationMode) {
        self = mode == .activeGuidance ? .activeGuidance : .freeDrive
    }
}

extension CameraMessage.Frame {
    /// A wire camera frame (`center` as [lon, lat]).
    init(_ frame: CameraFrame) {
        self.init(
            center: [frame.center.longitude.rounded(to: 7), frame.center.latitude.rounded(to: 7)], zoom: frame.zoom.rounded(to: 2),
            bearing: frame.bearing.rounded(to: 1), pitch: frame.pitch.rounded(to: 1),
            padding: .init(top: frame.padding.top, left: frame.padding.left, bottom: frame.padding.bottom, right: frame.padding.right))
    }
}
