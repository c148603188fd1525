public import Geodesy

/// Viewport and tuning of `CameraController`. Defaults start from Mapbox's numbers
/// (NAVIGATION.md §4, cited per field; docs/navigation.md has the full table).
public struct CameraOptions: Sendable, Hashable {
    /// Viewport width, px.
    public var viewportWidth: Double = 800
    /// Viewport height, px.
    public var viewportHeight: Double = 600
    /// Insets the frames are fitted inside, px.
    public var padding = EdgeInsets(top: 40, left: 40, bottom: 40, right: 40)
    /// Following pitch far from maneuvers, degrees (Mapbox 45°).
    public var followingPitch: Degrees = 45
    /// Pitch starts flattening this many metres before a maneuver (Mapbox `PitchNearManeuver` 180 m).
    public var pitchNearManeuverDistance: Meters = 180
    /// Following zoom range (Mapbox 10.5…16.35).
    public var zoomRange: ClosedRange<Double> = 10.5...16.35
    /// What the overview fits: the rest of the route (default) or of the current leg (Mapbox's default).
    public var overviewScope: OverviewScope = .remainingRoute
    /// Overview maximum zoom (Mapbox 16.35).
    public var overviewMaximumZoom: Double = 16.35
    /// Free-drive maximum zoom: wider than following.
    public var freeDriveMaximumZoom: Double = 15.5
    /// Following looks at least this far ahead, metres (Mapbox frames ≥ 150 m).
    public var minimumLookahead: Meters = 150
    /// …plus this many seconds of travel at the current speed…
    public var lookaheadSeconds: Seconds = 30
    /// …up to this far, metres.
    public var maximumLookahead: Meters = 3000
    /// Metres of road after a maneuver kept in view (Mapbox `GeometryFramingAfterManeuver` 100 m).
    public var framingAfterManeuver: Meters = 100
    /// Free drive shows at least this radius around the vehicle, metres…
    public var freeDriveMinimumRadius: Meters = 250
    /// …plus this many seconds of travel.
    public var freeDriveRadiusSeconds: Seconds = 20
    /// The camera bearing stays within this many degrees of the course (Mapbox bearing smoothing 45°).
    public var maximumBearingDeviation: Degrees = 45
    /// Time constant of the bearing low-pass filter, seconds (0 disables it).
    public var bearingSmoothingTime: Seconds = 1
    /// Below this speed, m/s, the course is not used for the bearing.
    public var minimumSpeedForCourse: MetersPerSecond = 3
    /// Frames moving the centre by less than this many pixels keep the old centre (iOS skips < 2 px).
    public var centerThreshold: Double = 1
    /// Bearing changes below this many degrees are not re-emitted (iOS 1°; 3° here against shake).
    public var bearingThreshold: Degrees = 3
    /// Pitch changes below this many degrees are not re-emitted (iOS 1°).
    public var pitchThreshold: Degrees = 1
    /// Zoom changes below this are not re-emitted.
    public var zoomThreshold: Double = 0.05
    /// Longest state transition, seconds (Android 3.5 s).
    public var maximumTransitionDuration: Seconds = 3.5

    /// The default options.
    public init() {}

    /// Usable viewport width inside the padding, px (at least 1).
    var usableWidth: Double { max(1, viewportWidth - padding.left - padding.right) }
    /// Usable viewport height inside the padding, px (at least 1).
    var usableHeight: Double { max(1, viewportHeight - padding.top - padding.bottom) }
}

/// What the overview frame shows (Android `OverviewMode`).
public enum OverviewScope: String, Sendable, Hashable {
    /// The rest of the route, all legs (Android `ENTIRE_ROUTE`).
    case remainingRoute = "remaining_route"
    /// The rest of the current leg (Mapbox's default `ACTIVE_LEG`).
    case currentLeg = "current_leg"
}
