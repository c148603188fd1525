import Geodesy

/// How fast the simulated vehicle takes a turn: it drives a circular arc whose radius follows
/// from the heading change measured over a window around each vertex, at a bounded lateral
/// acceleration (v = √(a·R)).
///
/// Measuring the heading change between the road directions about `window` metres before and
/// after a vertex (each averaged over half a window), rather than between its two segments, keeps
/// dense geometry (a curve drawn with many short segments, a roundabout, jittery traces) from
/// looking like a chain of sharp corners. The fitted arc has tangents `window` long, which is
/// exact for a corner and errs on the slow side for a tight circle (about 0.65 R for R = window).
public struct TurnSpeedModel: Sendable, Hashable, Codable {
    /// Largest sideways acceleration in a turn, m/s² (2.5 is a comfortable car turn).
    public var lateralAcceleration: Double
    /// Half-width of the window over which the heading change is measured, metres; also the
    /// tangent length of the arc fitted to a corner.
    public var window: Meters
    /// The slowest a turn is taken (U-turns), m/s.
    public var minimumSpeed: MetersPerSecond
    /// Speed cap on steps that drive round a roundabout or rotary, m/s.
    public var roundaboutSpeed: MetersPerSecond

    /// A model with the given parameters; the defaults give about 22 km/h through a 90° corner.
    public init(lateralAcceleration: Double = 2.5, window: Meters = 15, minimumSpeed: MetersPerSecond = 2,
                roundaboutSpeed: MetersPerSecond = 8) {
        self.lateralAcceleration = lateralAcceleration
        self.window = window
        self.minimumSpeed = minimumSpeed
        self.roundaboutSpeed = roundaboutSpeed
    }

    /// The turn speed for a heading change of `headingChange` degrees (0…180) over the window,
    /// m/s; infinite when there is no turn.
    public func speed(forHeadingChange headingChange: Degrees) -> MetersPerSecond {
        speed(forHeadingChange: headingChange, tangentLength: window)
    }

    /// Radius in metres of the arc with tangents `tangentLength` long turning by `headingChange` degrees.
    func radius(forHeadingChange headingChange: Degrees, tangentLength: Meters) -> Meters {
        let half = min(180, abs(headingChange)).radians / 2
        guard half > 1e-9 else { return .infinity }
        guard half < Double.pi / 2 - 1e-9 else { return 0 }
        return tangentLength / Elementary.tan(half)
    }

    func speed(forHeadingChange headingChange: Degrees, tangentLength: Meters) -> MetersPerSecond {
        let r = radius(forHeadingChange: headingChange, tangentLength: tangentLength)
        guard r.isFinite else { return .infinity }
        return max(minimumSpeed, (lateralAcceleration * r).squareRoot())
    }

    /// Speed caps for every turning vertex of `path`, each over the arc driven round it.
    func caps(along path: DrivePath) -> [SpeedCap] {
        let d = path.polyline.cumulativeDistances
        guard d.count > 2 else { return [] }
        var caps: [SpeedCap] = []
        for i in 1..<(d.count - 1) {
            let s = d[i]
            let tangent = min(window, s, path.length - s)
            // Road directions as mean headings over half a window, a window before and after the
            // vertex: sub-window wiggles of dense geometry average out, real turns do not.
            guard tangent > 0.5, let before = path.meanHeading(from: s - 1.5 * tangent, to: s - 0.5 * tangent),
                let after = path.meanHeading(from: s + 0.5 * tangent, to: s + 1.5 * tangent)
            else { continue }
            let change = abs(after - before)
            let r = radius(forHeadingChange: change, tangentLength: tangent)
            guard r.isFinite else { continue }
            let v = max(minimumSpeed, (lateralAcceleration * r).squareRoot())
            // The arc spans R·Δθ, centred on the vertex; at least a metre so a U-turn still has width.
            let half = max(0.5, min(tangent, r * min(180, change).radians / 2))
            caps.append(SpeedCap(lower: s - half, upper: s + half, speed: v))
        }
        return caps
    }
}
