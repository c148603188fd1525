import Geodesy
import Navigation
import Positioning
import Timekeeping

/// Makes fixes along a path drawn on `Grid`, at constant speed, as a 1 Hz receiver would.
enum FixGenerator {
    static let start = Timestamp(secondsSince1970: 1_800_000_000)

    /// Fixes every `interval` seconds at `speed` m/s along `path` (grid metres) from `startTime`,
    /// the last one at the path's end followed by `dwell` more parked there; `offset(k)` displaces
    /// fix `k` (metres east, north).
    static func drive(
        _ path: [(Double, Double)], speed: Double, interval: Double = 1, startTime: Timestamp = start,
        accuracy: Double = 5, dwell: Int = 0, offset: (Int) -> (Double, Double) = { _ in (0, 0) }
    ) -> [Fix] {
        var cumulative: [Double] = [0]
        for i in 1..<path.count {
            let dx = path[i].0 - path[i - 1].0, dy = path[i].1 - path[i - 1].1
            cumulative.append(cumulative[i - 1] + (dx * dx + dy * dy).squareRoot())
        }
        let total = cumulative.last!
        var fixes: [Fix] = []
        var k = 0, parked = 0
        while true {
            let s = min(total, Double(k) * speed * interval)
            var i = 0
            while i < path.count - 2 && cumulative[i + 1] <= s { i += 1 }
            let length = cumulative[i + 1] - cumulative[i]
            let t = length > 0 ? (s - cumulative[i]) / length : 0
            let dx = path[i + 1].0 - path[i].0, dy = path[i + 1].1 - path[i].1
            let (ox, oy) = offset(k)
            let x = path[i].0 + t * dx + ox, y = path[i].1 + t * dy + oy
            fixes.append(fix(x, y, time: startTime.adding(Double(k) * interval), speed: s < total ? speed : 0,
                             course: Grid.point(path[i].0, path[i].1).bearing(to: Grid.point(path[i + 1].0, path[i + 1].1)), accuracy: accuracy))
            if s >= total {
                if parked == dwell { break }
                parked += 1
            }
            k += 1
        }
        return fixes
    }

    /// One 3D fix at grid point (x, y).
    static func fix(_ x: Double, _ y: Double, time: Timestamp, speed: Double, course: Double, accuracy: Double = 5) -> Fix {
        var fix = Fix(time: time, mode: .threeD, coordinate: Grid.point(x, y))
        fix.speed = speed
        fix.course = course
        fix.horizontalAccuracy = accuracy
        return fix
    }
}

/// Filters of an event list by kind.
extension Array where Element == NavigationEvent {
    var progresses: [RouteProgress] { compactMap { if case .progress(let p) = $0 { p } else { nil } } }
    var banners: [BannerEvent] { compactMap { if case .banner(let b) = $0 { b } else { nil } } }
    var voices: [VoiceEvent] { compactMap { if case .voice(let v) = $0 { v } else { nil } } }
    var offRoutes: [OffRouteEvent] { compactMap { if case .offRouteDetected(let o) = $0 { o } else { nil } } }
    var arrivals: [ArrivalEvent] { compactMap { if case .arrived(let a) = $0 { a } else { nil } } }
    var sessions: [SessionEvent] { compactMap { if case .session(let s) = $0 { s } else { nil } } }
    var reroutes: [RerouteEvent] { compactMap { if case .reroute(let r) = $0 { r } else { nil } } }
    var cameras: [CameraEvent] { compactMap { if case .camera(let c) = $0 { c } else { nil } } }
}

/// Runs every fix through a follower and collects the events per fix.
func follow(_ follower: inout RouteFollower, _ fixes: [Fix]) -> [[NavigationEvent]] {
    fixes.map { follower.update(with: $0) }
}
