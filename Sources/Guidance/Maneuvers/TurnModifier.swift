import RoadGraph
import Geodesy
import RouteModel

/// Turn angles to OSRM maneuver modifiers.
enum TurnModifier {
    /// The modifier for a signed turn angle (positive to the right, degrees):
    /// straight within 20°, slight up to 60°, regular up to 135°, sharp below 170°, else a U-turn.
    static func modifier(forAngle angle: Degrees) -> ManeuverModifier {
        let a = abs(angle), right = angle > 0
        switch a {
        case ..<20: return .straight
        case ..<60: return right ? .slightRight : .slightLeft
        case ..<135: return right ? .right : .left
        case ..<170: return right ? .sharpRight : .sharpLeft
        default: return .uturn
        }
    }

    /// `slightLeft` or `slightRight` by the side of `angle` (`fallback` when straight ahead).
    static func slight(forAngle angle: Degrees, fallback: ManeuverModifier) -> ManeuverModifier {
        if abs(angle) < 3 { return fallback }
        return angle > 0 ? .slightRight : .slightLeft
    }
}
