import RoadGraph
import Geodesy
import RouteModel

/// Turn angles to OSRM maneuver modifiers.
enum TurnModifier {
    /// The modifier for a signed turn angle (positive to the right, degrees), with OSRM's
    /// bounds: straight within 20°, slight up to 40°, regular up to 120°, sharp below
    /// `uturnAngle`, else a U-turn.
    static func modifier(forAngle angle: Degrees) -> ManeuverModifier {
        let a = abs(angle), right = angle > 0
        switch a {
        case ...20: return .straight
        case ...40: return right ? .slightRight : .slightLeft
        case ...120: return right ? .right : .left
        case ..<uturnAngle: return right ? .sharpRight : .sharpLeft
        default: return .uturn
        }
    }

    /// Degrees off straight ahead from which a turn goes back the way it came (OSRM keeps
    /// "sharp" up to an exact reversal; a few degrees allow for drawn geometry).
    static let uturnAngle: Degrees = 175

    /// `slightLeft` or `slightRight` by the side of `angle` (`fallback` when straight ahead).
    static func slight(forAngle angle: Degrees, fallback: ManeuverModifier) -> ManeuverModifier {
        if abs(angle) < 3 { return fallback }
        return angle > 0 ? .slightRight : .slightLeft
    }
}
