public import Geodesy
public import Positioning
public import Timekeeping

/// A plausible satellite sky for a position and time, for NMEA GSA/GSV and gpsd SKY output of
/// simulated drives.
///
/// Satellites fly idealised circular orbits laid out like the real constellations (GPS: 6 planes
/// at 55°, 26 560 km, half a sidereal day; GLONASS: 3 planes at 64.8°, 25 510 km; Galileo: 3 planes
/// at 56°, 29 600 km) over a rotating Earth, so the sky rises and sets smoothly and differs from
/// place to place. Signal strength grows with elevation; the highest satellites above the
/// solution mask are used (at most 12 per constellation, as NMEA GSA allows); the dilutions of
/// precision are computed from the used satellites' geometry. Deterministic: a pure function of
/// position and time. Not an ephemeris: the positions are not those of the real satellites.
public struct SkyModel: Sendable {
    /// Which constellations to show and how the receiver picks satellites.
    public struct Options: Sendable, Hashable {
        /// Constellations in view; supported: `.gps`, `.glonass`, `.galileo`.
        public var constellations: [GNSS]
        /// Satellites below this elevation are not in view, degrees.
        public var elevationMask: Degrees
        /// Satellites below this elevation are tracked but not used in the solution, degrees.
        public var solutionMask: Degrees
        /// Most satellites of one constellation used in the solution.
        public var maximumUsedPerConstellation: Int

        /// Options with GPS, GLONASS and Galileo, a 5° horizon and a 10° solution mask by default.
        public init(constellations: [GNSS] = [.gps, .glonass, .galileo], elevationMask: Degrees = 5,
                    solutionMask: Degrees = 10, maximumUsedPerConstellation: Int = 12) {
            self.constellations = constellations
            self.elevationMask = elevationMask
            self.solutionMask = solutionMask
            self.maximumUsedPerConstellation = maximumUsedPerConstellation
        }
    }

    /// The options in force.
    public let options: Options
    private let orbits: [SatelliteOrbit]

    /// A sky with the given options.
    public init(options: Options = Options()) {
        self.options = options
        orbits = options.constellations.flatMap(SatelliteOrbit.constellation)
    }

    /// The satellites in view from `coordinate` (at `altitude` metres) at `time`, with used flags,
    /// SNR and DOPs; sorted by constellation then PRN.
    public func sky(at coordinate: Coordinate, altitude: Meters = 0, time: Timestamp) -> SkyView {
        let observer = Observer(coordinate: coordinate, altitude: altitude)
        let t = time.secondsSince1970
        var visible: [Satellite] = []
        for orbit in orbits {
            let look = observer.look(at: orbit.position(at: t))
            guard look.elevation >= options.elevationMask else { continue }
            visible.append(Satellite(prn: orbit.prn, gnss: orbit.gnss, svid: orbit.svid, elevation: look.elevation,
                                     azimuth: look.azimuth, snr: signalToNoise(prn: orbit.prn, elevation: look.elevation, time: t)))
        }
        for gnss in options.constellations {
            let candidates = visible.indices
                .filter { visible[$0].gnss == gnss && (visible[$0].elevation ?? 0) >= options.solutionMask }
                .sorted { (visible[$0].elevation ?? 0) > (visible[$1].elevation ?? 0) }
            for i in candidates.prefix(max(0, options.maximumUsedPerConstellation)) { visible[i].used = true }
        }
        visible.sort { ($0.gnss.rawValue, $0.prn) < ($1.gnss.rawValue, $1.prn) }
        var sky = SkyView(satellites: visible)
        if let dop = DilutionOfPrecision(satellites: visible.filter(\.used)) {
            sky.hdop = dop.horizontal
            sky.vdop = dop.vertical
            sky.pdop = dop.position
            sky.tdop = dop.time
            sky.gdop = dop.geometric
            sky.xdop = dop.east
            sky.ydop = dop.north
        }
        return sky
    }

    /// Carrier-to-noise density, dB-Hz, rounded as receivers report it: about 30 at the horizon
    /// to 47 at the zenith, with a small deterministic flutter that changes every few seconds.
    private func signalToNoise(prn: Int, elevation: Degrees, time: Double) -> Double {
        var hash = UInt64(truncatingIfNeeded: prn) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: Int64((time / 4).rounded(.down)))
        hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        let flutter = Double(hash % 5) - 2
        return (30 + 17 * Elementary.sin(elevation.radians) + flutter).rounded()
    }
}

extension Fix {
    /// This fix with the DOP and satellite count of `sky` (as a receiver reports them together).
    public func with(_ sky: SkyView) -> Fix {
        var fix = self
        fix.hdop = sky.hdop
        fix.satellitesUsed = sky.usedCount
        return fix
    }
}
