/// CAMERA: where a map view should look, as a navigation camera would frame it.
public struct CameraMessage: WireMessage {
    public static let messageClass = "CAMERA"

    /// The camera's state; the two transition states are reported, never requested.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// The user controls the map.
        case idle
        /// Following the user.
        case following
        /// Showing the whole remaining route.
        case overview
        /// Moving towards `following`.
        case transitionToFollowing = "transition_to_following"
        /// Moving towards `overview`.
        case transitionToOverview = "transition_to_overview"
    }

    /// Screen-edge insets, points.
    public struct Padding: Sendable, Hashable, Codable {
        /// Inset from each edge.
        public var top: Double, left: Double, bottom: Double, right: Double

        /// Insets from each edge.
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        enum CodingKeys: String, CodingKey {
            case top, left, bottom, right
        }
    }

    /// A camera frame.
    public struct Frame: Sendable, Hashable, Codable {
        /// Map centre, `[lon, lat]` (GeoJSON order).
        public var center: [Double]
        /// Web-mercator zoom level.
        public var zoom: Double
        /// Map rotation, degrees from true north.
        public var bearing: Double
        /// Tilt, degrees from looking straight down.
        public var pitch: Double
        /// Insets the frame leaves free.
        public var padding: Padding

        /// A frame.
        public init(center: [Double], zoom: Double, bearing: Double, pitch: Double, padding: Padding) {
            self.center = center
            self.zoom = zoom
            self.bearing = bearing
            self.pitch = pitch
            self.padding = padding
        }

        enum CodingKeys: String, CodingKey {
            case center, zoom, bearing, pitch, padding
        }
    }

    /// The state.
    public var state: State
    /// The frame (omitted in `idle`).
    public var frame: Frame?

    /// A CAMERA event.
    public init(state: State, frame: Frame? = nil) {
        self.state = state
        self.frame = frame
    }

    enum CodingKeys: String, CodingKey {
        case state, frame
    }
}

extension CameraMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("frame", frame)
        object.member("state", state)
    }
}

extension CameraMessage.Frame: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("bearing", bearing)
        object.member("center", center)
        object.member("padding", padding)
        object.member("pitch", pitch)
        object.member("zoom", zoom)
    }
}

extension CameraMessage.Padding: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("bottom", bottom)
        object.member("left", left)
        object.member("right", right)
        object.member("top", top)
    }
}
