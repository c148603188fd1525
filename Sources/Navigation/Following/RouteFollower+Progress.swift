public import Geodesy
import RouteModel
import Timekeeping

extension RouteFollower {
    /// Progress at the current position, from the track's offsets and the route's step durations.
    func makeProgress(distanceFromRoute: Meters, time: Timestamp?) -> RouteProgress {
        // The leg's and steps' fields are read in place: a copy of a `Step` would retain and
        // release each of its strings and arrays, on every fix.
        let legs = track.route.legs
        let steps = legs[legIndex].steps
        let position = min(traveled, track.length)

        let stepStart = track.stepBounds[legIndex][stepIndex], stepEnd = track.stepBounds[legIndex][stepIndex + 1]
        let stepLength = stepEnd - stepStart
        let stepTraveled = min(stepLength, max(0, position - stepStart))
        let stepFraction = stepLength > 0 ? stepTraveled / stepLength : 1
        let stepProgress = RouteStepProgress(
            stepIndex: stepIndex, distance: stepLength, distanceTraveled: stepTraveled,
            distanceRemaining: stepLength - stepTraveled, durationRemaining: (1 - stepFraction) * max(0, steps[stepIndex].duration),
            fractionTraveled: stepFraction)

        let legStart = track.legBounds[legIndex], legEnd = track.legEnd(legIndex)
        let legLength = legEnd - legStart
        let legTraveled = min(legLength, max(0, position - legStart))
        let legDuration = stepProgress.durationRemaining + track.laterStepDurations[legIndex][stepIndex]
        let isFinalLeg = legIndex == legs.count - 1
        let legProgress = RouteLegProgress(
            legIndex: legIndex, stepIndex: stepIndex, distance: legLength, distanceTraveled: legTraveled,
            distanceRemaining: legLength - legTraveled, durationRemaining: legDuration,
            fractionTraveled: legLength > 0 ? legTraveled / legLength : 1, isFinalLeg: isFinalLeg,
            userHasArrivedAtWaypoint: hasArrived && isFinalLeg, currentStepProgress: stepProgress)

        var upcoming: UpcomingManeuver?
        if stepIndex + 1 < steps.count {
            let maneuver = steps[stepIndex + 1].maneuver
            upcoming = UpcomingManeuver(
                type: maneuver.type, modifier: maneuver.modifier, name: steps[stepIndex + 1].name,
                instruction: maneuver.instruction, location: maneuver.location, distance: stepProgress.distanceRemaining)
        }
        var speedLimit = steps[stepIndex].speedLimit
        let vertices = track.legVertices[legIndex]
        if let limits = legs[legIndex].annotation?.maxSpeed, limits.count == vertices.count - 1 {
            // Leg annotations index the leg's deduplicated shape, as the track does.
            let segment = track.line.segmentIndex(atDistance: position) - vertices.lowerBound
            if limits.indices.contains(segment), let limit = limits[segment] { speedLimit = limit }
        }
        let coordinate = track.line.coordinate(atDistance: position) ?? track.line.coordinates[0]
        return RouteProgress(
            routeID: routeID, legIndex: legIndex, stepIndex: stepIndex, distanceTraveled: position,
            distanceRemaining: track.length - position, durationRemaining: legDuration + track.laterLegDurations[legIndex],
            fractionTraveled: track.length > 0 ? position / track.length : 1, currentLegProgress: legProgress,
            snapped: SnappedLocation(coordinate: coordinate, bearing: track.bearing(at: position), distanceFromRoute: distanceFromRoute),
            roadName: steps[stepIndex].name, upcomingManeuver: upcoming, speedLimit: speedLimit,
            remainingWaypoints: hasArrived ? 0 : legs.count - legIndex, isOffRoute: isOffRoute, time: time)
    }

    /// What the camera needs to frame guidance at the current position; nil before the first fix.
    ///
    /// `bearingLookahead` is how far along the route, metres, the direction of travel is taken from
    /// (Mapbox frames at least 150 m).
    public func cameraContext(bearingLookahead: Meters) -> CameraGuidanceContext? {
        guard let progress else { return nil }
        let position = min(traveled, track.length)
        let here = progress.snapped.coordinate
        let aheadPosition = min(track.legEnd(legIndex), position + bearingLookahead)
        let ahead = track.line.coordinate(atDistance: aheadPosition) ?? here
        let routeBearing = aheadPosition - position > 1 ? here.bearing(to: ahead) : progress.snapped.bearing
        let legBounds = track.remainingBounds(from: position, inLeg: legIndex)
        let routeBounds = track.remainingBounds[(legIndex + 1)...].reduce(legBounds) { $0.union($1[0]) }
        let isFinalStep = stepIndex + 2 >= track.route.legs[legIndex].steps.count && legIndex == track.route.legs.count - 1
        return CameraGuidanceContext(
            location: here, routeBearing: routeBearing, distanceToManeuver: progress.distanceToUpcomingManeuver,
            upcomingManeuverType: progress.upcomingManeuver?.type, isFinalStep: isFinalStep,
            remainingBounds: legBounds, remainingRouteBounds: routeBounds)
    }
}
