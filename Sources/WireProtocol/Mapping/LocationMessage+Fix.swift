import Geodesy
public import Positioning

extension LocationMessage {
    /// The LOCATION for `fix` from `source`: gpsd mode numbering, altitude above mean sea level,
    /// accuracies as the fix estimates them; what the fix does not say is omitted.
    public init(_ fix: Fix, source: SourceID) {
        self.init(
            source: source.rawValue, mode: fix.mode.rawValue, lat: fix.coordinate?.latitude, lon: fix.coordinate?.longitude,
            alt: fix.altitudeMSL, speed: fix.speed, course: fix.course, horizontalAccuracy: fix.horizontalAccuracy,
            verticalAccuracy: fix.verticalAccuracy, speedAccuracy: fix.speedAccuracy, courseAccuracy: fix.courseAccuracy,
            hdop: fix.hdop, satellitesUsed: fix.satellitesUsed, simulated: fix.isSimulated)
    }
}
