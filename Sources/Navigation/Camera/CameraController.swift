import Geodesy
public import Timekeeping

/// The navigation camera: a state machine over `CameraState` (Mapbox `NavigationCamera`) that
/// turns position updates into frames for any display.
///
/// `idle`, `following` and `overview` are requested; `transition_to_following` and
/// `transition_to_overview` are reported, last a computed time (fix time), and end in the
/// requested state. `idle` is entered instantly. While following or in overview every update
/// yields a frame unless no property moved past its threshold (no shake); in `idle` and during a
/// transition updates yield nothing.
public struct CameraController: Sendable {
    /// Viewport and tuning.
    public var options: CameraOptions
    /// The current state.
    public private(set) var state: CameraState
    /// The last frame reported (the baseline for the change thresholds).
    public private(set) var lastFrame: CameraFrame?
    /// When the running transition ends (fix time); nil: at the next update.
    public private(set) var transitionEnd: Timestamp?

    private var lastInput: CameraInput?
    var smoothedBearing: Double?
    var smoothingTime: Timestamp?

    /// A camera starting in `state` (no transition) with `options`.
    public init(state: CameraRequest = .following, options: CameraOptions = CameraOptions()) {
        self.options = options
        self.state = CameraState(rawValue: state.rawValue) ?? .idle
    }

    /// Asks for a state. Idle is instant; following or overview start a transition (reported with
    /// its target frame) unless the camera is already in or heading to that state (no event).
    public mutating func request(_ request: CameraRequest) -> [NavigationEvent] {
        let transition: CameraState
        switch request {
        case .idle:
            guard state != .idle else { return [] }
            state = .idle
            transitionEnd = nil
            return [.camera(CameraEvent(state: .idle, frame: lastFrame))]
        case .following:
            guard state != .following, state != .transitionToFollowing else { return [] }
            transition = .transitionToFollowing
        case .overview:
            guard state != .overview, state != .transitionToOverview else { return [] }
            transition = .transitionToOverview
        }
        state = transition
        let target = lastInput.map { frame(for: $0) }
        transitionEnd = lastInput?.time?.adding(transitionDuration(from: lastFrame, to: target))
        return [.camera(CameraEvent(state: transition, frame: target))]
    }

    /// Feeds a position update; returns a CAMERA event when the state or the frame changed.
    /// An invalid location is ignored; a non-finite course or speed counts as unknown.
    public mutating func update(with raw: CameraInput) -> [NavigationEvent] {
        guard raw.location.isValid else { return [] }
        var input = raw
        if let course = input.course, !course.isFinite { input.course = nil }
        if let speed = input.speed, !(speed.isFinite && speed >= 0) { input.speed = nil }
        lastInput = input
        guard state != .idle else { return [] }
        let candidate = frame(for: input)
        switch state {
        case .transitionToFollowing, .transitionToOverview:
            // A time far before the transition's end is a clock that jumped back: end it now.
            if let end = transitionEnd, let time = input.time, time < end, end.seconds(since: time) <= 10 { return [] }
            state = state == .transitionToFollowing ? .following : .overview
            transitionEnd = nil
            lastFrame = candidate
            return [.camera(CameraEvent(state: state, frame: candidate))]
        case .following, .overview:
            guard let last = lastFrame else {
                lastFrame = candidate
                return [.camera(CameraEvent(state: state, frame: candidate))]
            }
            guard let changed = thresholded(candidate, since: last) else { return [] }
            lastFrame = changed
            return [.camera(CameraEvent(state: state, frame: changed))]
        case .idle:
            return []
        }
    }

    /// The frame the current (or target) state shows for `input`; advances the bearing filter.
    private mutating func frame(for input: CameraInput) -> CameraFrame {
        defer { smoothingTime = input.time }
        switch state {
        case .overview, .transitionToOverview: return overviewFrame(for: input)
        case .following, .transitionToFollowing, .idle: return followingFrame(for: input)
        }
    }
}
