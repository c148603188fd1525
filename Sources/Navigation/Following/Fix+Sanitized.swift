import Geodesy
import Positioning

extension Fix {
    /// This fix with unusable optional readings removed: a non-finite or negative speed or
    /// accuracy and a non-finite course become nil; the course is wrapped into [0, 360). Receivers
    /// and replays do send such values; navigation treats them as "not reported".
    var sanitizedForNavigation: Fix {
        var fix = self
        if let speed, !(speed.isFinite && speed >= 0) { fix.speed = nil }
        if let horizontalAccuracy, !(horizontalAccuracy.isFinite && horizontalAccuracy >= 0) { fix.horizontalAccuracy = nil }
        fix.course = course.flatMap { $0.isFinite ? Bearing.normalized($0) : nil }
        return fix
    }
}
