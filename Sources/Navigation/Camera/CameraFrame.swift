public import Geodesy

/// What a map view should show: the wire's CAMERA `frame` (Mapbox `CameraOptions`).
public struct CameraFrame: Sendable, Hashable {
    /// Centre of the padded viewport, WGS84.
    public var center: Coordinate
    /// Web Mercator zoom level for 512-pixel tiles.
    public var zoom: Double
    /// Map rotation, degrees clockwise from north (0 = north-up).
    public var bearing: Degrees
    /// Tilt, degrees from looking straight down.
    public var pitch: Degrees
    /// Viewport insets, pixels, the frame was computed for.
    public var padding: EdgeInsets

    /// A frame from its parts.
    public init(center: Coordinate, zoom: Double, bearing: Degrees, pitch: Degrees, padding: EdgeInsets) {
        self.center = center
        self.zoom = zoom
        self.bearing = bearing
        self.pitch = pitch
        self.padding = padding
    }
}

/// Insets from the viewport's edges, pixels.
public struct EdgeInsets: Sendable, Hashable {
    /// Top inset, px.
    public var top: Double
    /// Left inset, px.
    public var left: Double
    /// Bottom inset, px.
    public var bottom: Double
    /// Right inset, px.
    public var right: Double

    /// Insets from their four values, px.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// The camera's state (Mapbox `NavigationCameraState`); raw values are the wire spellings.
public enum CameraState: String, Sendable, Hashable, CaseIterable {
    /// Not driven by navigation (the user moves the map).
    case idle
    /// Animating towards following; reported, never requested.
    case transitionToFollowing = "transition_to_following"
    /// Following the vehicle.
    case following
    /// Animating towards overview; reported, never requested.
    case transitionToOverview = "transition_to_overview"
    /// Showing the rest of the route.
    case overview
}

/// A state a client may ask the camera for; raw values are the wire spellings.
public enum CameraRequest: String, Sendable, Hashable, CaseIterable {
    /// Stop driving the camera, instantly.
    case idle
    /// Follow the vehicle.
    case following
    /// Show the rest of the route.
    case overview
}
