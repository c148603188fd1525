import Geodesy
import RouteModel
import Timekeeping

/// The viewport data source: frames for following, overview and free drive (Mapbox
/// `NavigationViewportDataSource`, simplified; numbers in `CameraOptions`).
extension CameraController {
    /// Maneuvers that do not flatten the pitch (Mapbox keeps 45° for these).
    static let pitchKeepingManeuvers: Set<ManeuverType> = [.continue, .merge, .onRamp, .offRamp, .fork]

    /// The following frame: in guidance, centred ahead of the vehicle along a smoothed bearing,
    /// pitch flattening near maneuvers, zoom from speed and distance to the maneuver; in free
    /// drive, north-up, flat and wider. Pitch, zoom and bearing changes below their thresholds
    /// keep the last shown value.
    mutating func followingFrame(for input: CameraInput) -> CameraFrame {
        let speed = max(0, input.speed ?? 0)
        guard let guidance = input.guidance else { return freeDriveFrame(for: input, radiusScale: 1) }
        let nearManeuver = !(guidance.isFinalStep || guidance.upcomingManeuverType.map(Self.pitchKeepingManeuvers.contains) ?? true)
        let c = nearManeuver ? min(1, max(0, guidance.distanceToManeuver / options.pitchNearManeuverDistance)) : 1
        let pitch = held(options.followingPitch * c, lastFrame?.pitch, threshold: options.pitchThreshold)
        var lookahead = min(options.maximumLookahead, options.minimumLookahead + speed * options.lookaheadSeconds)
        if guidance.upcomingManeuverType != nil {
            lookahead = max(options.minimumLookahead, min(lookahead, guidance.distanceToManeuver + options.framingAfterManeuver))
        }
        // The puck sits `anchor` of the usable height from the top: 3/4 far from maneuvers, centred at one.
        let anchor = 0.5 + 0.25 * c
        let stretch = 1 + 1.25 * sine(pitch.radians)
        let latitude = guidance.location.latitude
        let wanted = lookahead / (anchor * options.usableHeight * stretch)
        let zoom = held(
            clampZoom(WebMercator.zoom(metersPerPixel: wanted, latitude: latitude), maximum: options.zoomRange.upperBound),
            lastFrame?.zoom, threshold: options.zoomThreshold)
        let metersPerPixel = WebMercator.metersPerPixel(zoom: zoom, latitude: latitude)

        var target = guidance.routeBearing
        if let course = input.course, speed >= options.minimumSpeedForCourse {
            let turn = Bearing.turn(from: course, to: target)
            if abs(turn) > options.maximumBearingDeviation {
                target = Bearing.normalized(course + (turn > 0 ? 1 : -1) * options.maximumBearingDeviation)
            }
        }
        var bearing = smoothBearing(toward: target, time: input)
        if let shown = lastFrame?.bearing, Bearing.difference(shown, bearing) < options.bearingThreshold { bearing = shown }
        let offset = (anchor - 0.5) * options.usableHeight * metersPerPixel * stretch
        return CameraFrame(
            center: offset > 0 ? guidance.location.destination(distance: offset, bearing: bearing) : guidance.location,
            zoom: zoom, bearing: bearing, pitch: pitch, padding: options.padding)
    }

    /// The overview frame: north-up, flat, fitted to the rest of the route (or leg); in free drive a wider
    /// north-up frame around the vehicle.
    func overviewFrame(for input: CameraInput) -> CameraFrame {
        guard let guidance = input.guidance else { return freeDriveFrame(for: input, radiusScale: 4) }
        let remaining = options.overviewScope == .currentLeg ? guidance.remainingBounds : guidance.remainingRouteBounds
        let bounds = remaining.including(guidance.location)
        let zoom = clampZoom(
            WebMercator.zoomToFit(bounds, width: options.usableWidth, height: options.usableHeight,
                                  maximumZoom: options.overviewMaximumZoom),
            maximum: options.overviewMaximumZoom)
        return CameraFrame(center: WebMercator.center(of: bounds), zoom: zoom, bearing: 0, pitch: 0, padding: options.padding)
    }

    /// A north-up, flat frame centred on the vehicle showing a radius that grows with speed.
    func freeDriveFrame(for input: CameraInput, radiusScale: Double) -> CameraFrame {
        let speed = max(0, input.speed ?? 0)
        let radius = radiusScale * (options.freeDriveMinimumRadius + speed * options.freeDriveRadiusSeconds)
        let metersPerPixel = 2 * radius / min(options.usableWidth, options.usableHeight)
        let zoom = clampZoom(WebMercator.zoom(metersPerPixel: metersPerPixel, latitude: input.location.latitude),
                             maximum: options.freeDriveMaximumZoom)
        return CameraFrame(center: input.location, zoom: zoom, bearing: 0, pitch: 0, padding: options.padding)
    }

    /// `value`, or `last` when it moved less than `threshold` from it: pitch, zoom and bearing are
    /// held before the centre is derived from them, so the centre stays consistent with what is shown.
    func held(_ value: Double, _ last: Double?, threshold: Double) -> Double {
        guard let last, abs(value - last) < threshold else { return value }
        return last
    }

    /// `zoom` limited to the lower end of the zoom range and `maximum`.
    func clampZoom(_ zoom: Double, maximum: Double) -> Double {
        min(maximum, max(options.zoomRange.lowerBound, zoom))
    }

    /// Moves the smoothed bearing towards `target` with an exponential filter on fix time.
    private mutating func smoothBearing(toward target: Degrees, time input: CameraInput) -> Degrees {
        guard let previous = smoothedBearing, options.bearingSmoothingTime > 0 else {
            smoothedBearing = target
            return target
        }
        var alpha = 1.0
        if let time = input.time, let before = smoothingTime {
            alpha = 1 - exponential(-max(0, time.seconds(since: before)) / options.bearingSmoothingTime)
        }
        let bearing = Bearing.normalized(previous + alpha * Bearing.turn(from: previous, to: target))
        smoothedBearing = bearing
        return bearing
    }

    /// `candidate` with every property that moved less than its threshold kept from `last`; nil
    /// when nothing moved enough (so frames do not shake).
    func thresholded(_ candidate: CameraFrame, since last: CameraFrame) -> CameraFrame? {
        var frame = last
        var changed = false
        let metersPerPixel = WebMercator.metersPerPixel(zoom: candidate.zoom, latitude: candidate.center.latitude)
        if last.center.distance(to: candidate.center) / metersPerPixel >= options.centerThreshold {
            frame.center = candidate.center
            changed = true
        }
        if abs(candidate.zoom - last.zoom) >= options.zoomThreshold {
            frame.zoom = candidate.zoom
            changed = true
        }
        if Bearing.difference(candidate.bearing, last.bearing) >= options.bearingThreshold {
            frame.bearing = candidate.bearing
            changed = true
        }
        if abs(candidate.pitch - last.pitch) >= options.pitchThreshold {
            frame.pitch = candidate.pitch
            changed = true
        }
        if candidate.padding != last.padding {
            frame.padding = candidate.padding
            changed = true
        }
        return changed ? frame : nil
    }

    /// Seconds a state transition from `from` to `to` takes (iOS profiles, NAVIGATION.md §4.5,
    /// simplified): zooming in, the centre at 1500 m/s (0.6–1.6 s) then zoom at 3 levels/s
    /// (0.6–1.6 s) half-overlapped; zooming out, zoom at 0.6 levels/s (0.2–0.8 s) with the centre
    /// at 1000 m/s (0.6–1.4 s); capped by `maximumTransitionDuration` (Android 3.5 s).
    func transitionDuration(from: CameraFrame?, to: CameraFrame?) -> Seconds {
        guard let from, let to else { return 0 }
        let distance = from.center.distance(to: to.center), zoomChange = abs(to.zoom - from.zoom)
        func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(hi, max(lo, x)) }
        let duration: Seconds
        if to.zoom > from.zoom {
            let center = clamp(distance / 1500, 0.6, 1.6)
            duration = center / 2 + clamp(zoomChange / 3, 0.6, 1.6)
        } else {
            duration = max(clamp(zoomChange / 0.6, 0.2, 0.8), clamp(distance / 1000, 0.6, 1.4))
        }
        return min(options.maximumTransitionDuration, duration)
    }
}
