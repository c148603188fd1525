public import Geodesy
import NMEA
public import Positioning
public import RouteModel
public import Simulation
public import Timekeeping

/// One simulated receiver: a `RouteSimulator` plus a satellite sky and an NMEA encoder, turning
/// each simulated fix into what a real receiver would report for it.
///
/// A value type with no clock of its own: `next()` reports the next fix whatever the time, so
/// batch output (`waygate simulate` as fast as possible) and the paced `SimulatedSource` (a
/// `PacedDrive` of it) produce exactly the same events.
public struct SimulatedDrive: StepwiseDrive {
    /// The simulator being driven.
    public private(set) var simulator: RouteSimulator
    private let skyModel: SkyModel
    private let encoder: NMEAEncoder
    /// Last reported coordinate and altitude (metres), where the sky is computed during dropouts.
    private var lastPosition: (coordinate: Coordinate, altitude: Meters)?
    /// Where the sentences' bytes are copied (the blocks a decoder's sentences share).
    private var texts = SentenceText.Writer()

    /// A drive of `simulator`, reporting a sky from `skyModel` and sentences with `talker`.
    public init(simulator: RouteSimulator, skyModel: SkyModel = SkyModel(), talker: String = "GP") {
        self.simulator = simulator
        self.skyModel = skyModel
        encoder = NMEAEncoder(talker: talker)
    }

    /// When the next fix is due.
    public var nextFixTime: Timestamp { simulator.nextFixTime }

    /// Seconds between fixes (the simulator's).
    public var fixInterval: Seconds { simulator.fixInterval }

    /// Whether the vehicle is parked at the end of its route.
    public var isFinished: Bool { simulator.isFinished }

    /// The next fix's events, in a receiver's order: every NMEA sentence of the cycle (RMC, VTG,
    /// GGA, GSA, GSVs), then the fix (with the sky's DOP and satellite count), then the sky.
    public mutating func next() -> [SourceEvent] {
        let raw = simulator.next()
        if let coordinate = raw.coordinate { lastPosition = (coordinate, raw.altitudeMSL ?? 0) }
        let position = lastPosition ?? (simulator.fix(at: simulator.startTime).coordinate ?? Coordinate(latitude: 0, longitude: 0), 0)
        let time = raw.time ?? simulator.startTime
        let sky = skyModel.sky(at: position.coordinate, altitude: position.altitude, time: time)
        let fix = raw.hasPosition ? raw.with(sky) : raw
        var events: [SourceEvent] = []
        for var line in encoder.cycle(fix, sky: sky) { events.append(.sentence(line.withUTF8 { texts.text($0) })) }
        return events + [.fix(fix), .sky(sky)]
    }

    /// Skips the next fix without computing its sky or encoding it (`PacedDrive` dropping fixes a
    /// stalled consumer missed); noise and position move on exactly as if it had been reported.
    public mutating func skip() {
        let raw = simulator.next()
        if let coordinate = raw.coordinate { lastPosition = (coordinate, raw.altitudeMSL ?? 0) }
    }

    /// Switches to `route` mid-drive, keeping the vehicle's position and speed (see `RouteSimulator.reroute`).
    public mutating func reroute(to route: Route) throws(SimulationError) {
        try simulator.reroute(to: route)
    }
}
