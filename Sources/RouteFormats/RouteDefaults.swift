public import Geodesy

/// The assumptions used to make a route drivable when its file leaves something out.
///
/// A duration that a format does not give (GPX, GeoJSON, a Directions step without
/// `duration`) is the distance divided by the typical speed of the step's mode of travel:
/// 50 km/h driving, 15 km/h cycling, 5 km/h walking, 20 km/h by ferry.
public enum RouteDefaults {
    /// The typical speed, m/s, of a mode of travel (`driving`, `cycling`, `walking`, `ferry`);
    /// unknown modes count as driving.
    public static func speed(forMode mode: String) -> MetersPerSecond {
        switch mode {
        case "cycling": return 15 / 3.6
        case "walking", "pedestrian": return 5 / 3.6
        case "ferry": return 20 / 3.6
        default: return 50 / 3.6
        }
    }

    /// The mode of travel used for steps of a route whose profile is `profile` (`car`, `bike`, `foot`).
    public static func mode(forProfile profile: String) -> String {
        switch profile {
        case "bike", "bicycle", "cycling": return "cycling"
        case "foot", "walking", "pedestrian": return "walking"
        default: return "driving"
        }
    }

    /// The profile (`car`, `bike`, `foot`) whose steps travel in `mode`.
    public static func profile(forMode mode: String) -> String {
        switch mode {
        case "cycling": return "bike"
        case "walking", "pedestrian": return "foot"
        default: return "car"
        }
    }

    /// Length in metres of a line through `coordinates`.
    static func length(_ coordinates: [Coordinate]) -> Meters {
        zip(coordinates, coordinates.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }
}
