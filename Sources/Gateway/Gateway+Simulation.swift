import Geodesy
import Navigation
import Positioning
import RouteModel
public import Simulation
import Timekeeping

/// Simulation modes: the built-in simulator drives the active route (`always`, or `on_poor_gps`
/// while the real receiver gives no qualified fix), its fixes going through the same matching and
/// guidance as real ones; mode changes are published as DEVICE events of source `simulator`.
extension Gateway {
    /// The simulation state, for `status` and the `simulate` reply.
    public struct SimulationState: Sendable, Hashable {
        /// The mode.
        public var mode: SimulationModeController.Mode
        /// Whether the simulator drives now.
        public var isSimulating: Bool
        /// Simulated seconds per real second.
        public var speedMultiplier: Double
    }

    /// The current simulation state.
    public var simulationState: SimulationState {
        SimulationState(mode: simulation.controller.mode, isSimulating: simulation.controller.isSimulating,
                        speedMultiplier: simulation.speedMultiplier)
    }

    /// Changes the simulation mode and/or speed multiplier (> 0) at run time; returns the new state.
    @discardableResult
    public func setSimulation(mode: SimulationModeController.Mode?, speedMultiplier: Double?) throws(GatewayError) -> SimulationState {
        if let m = speedMultiplier {
            guard m > 0, m.isFinite else { throw .badSpeedMultiplier(m) }
            if m != simulation.speedMultiplier {
                simulation.speedMultiplier = m
                if simulation.drive != nil {
                    simulation.drive?.setSpeedMultiplier(m, at: timeSource.now())
                    // The loop sleeps until the next fix as the old multiplier had it: a new loop
                    // plans anew (a faster drive's fixes fall due sooner, and would be skipped).
                    simulation.loop?.cancel()
                    simulation.loop = nil
                }
            }
        }
        if let mode {
            publishSimulation(simulation.controller.setMode(mode, at: timeSource.now(), routeActive: session.follower != nil))
        }
        startSimulationLoopIfNeeded()
        return simulationState
    }

    /// Starts the loop that paces the simulator and the patience timer, unless the mode is `never`.
    func startSimulationLoopIfNeeded() {
        guard simulation.loop == nil, simulation.controller.mode != .never else { return }
        simulation.loop = Task { await self.runSimulationLoop() }
    }

    /// The clocked loop: sleeps until the simulator's next fix falls due (or the patience timer
    /// needs a look), then steps.
    private func runSimulationLoop() async {
        while !Task.isCancelled, simulation.controller.mode != .never || simulation.controller.isSimulating {
            let wake = simulationStep(at: timeSource.now())
            do { try await timeSource.sleep(until: wake) } catch { break }
        }
        // A cancelled loop has been replaced by whoever cancelled it.
        if !Task.isCancelled { simulation.loop = nil }
    }

    /// Checks the patience timer and reports the simulated fixes due at `now` under the pacing
    /// rule (`PacedDrive`: after a stall only the newest, the missed ones skipped); returns when to
    /// step next: when the next fix falls due, or a quarter of a second on, whichever is sooner.
    private func simulationStep(at now: Timestamp) -> Timestamp {
        let idle = now.adding(0.25)
        publishSimulation(simulation.controller.tick(at: now, routeActive: session.follower != nil))
        guard simulation.controller.isSimulating, let follower = session.follower else {
            simulation.drive = nil
            return idle
        }
        prepareSimulator(for: follower, at: now)
        guard var drive = simulation.drive else { return idle }
        let fixes = drive.dueReports(at: now)
        simulation.drive = drive
        for fix in fixes {
            simulation.controller.simulatedFix(distanceAlongRoute: drive.drive.distanceAlongRoute)
            handleSimulated(fix)
            guard simulation.drive != nil else { return idle }
        }
        return min(idle, simulation.drive?.wakeTime ?? idle)
    }

    /// Starts the simulator at `now` at the current progress along the active route, or moves it
    /// to a new route (reroute) keeping its position, speed and time grid.
    private func prepareSimulator(for follower: RouteFollower, at now: Timestamp) {
        if simulation.drive != nil, simulation.routeID == follower.routeID { return }
        simulation.routeID = follower.routeID
        if simulation.drive != nil {
            do {
                try simulation.drive?.drive.reroute(to: follower.route)
                return
            } catch {
                simulation.drive = nil
            }
        }
        var options = RouteSimulator.Options()
        options.startDistance = max(0, follower.progress?.distanceTraveled ?? 0)
        options.initialSpeed = min(options.maximumSpeed, max(0, lastFix?.speed ?? 0))
        simulation.drive = (try? RouteSimulator(route: follower.route, options: options, startTime: now))
            .map { PacedDrive($0, at: now, speedMultiplier: simulation.speedMultiplier) }
    }

    /// A simulated fix: published as a LOCATION of source `simulator` and followed like a real one.
    private func handleSimulated(_ fix: Fix) {
        inBatch { gateway in
            gateway.fixCount += 1
            gateway.noteClockJump(to: fix, from: .simulator)
            gateway.lastFix = fix
            let time = fix.time ?? gateway.timeSource.now()
            gateway.emit(.source(.fix(fix), from: .simulator, time: time))
            gateway.follow(fix, time: time)
        }
    }

    /// Judges a real fix: nil when the simulator drives, else the fix to use (held at the last
    /// simulated position when it lies just behind it).
    func judgeRealFix(_ fix: Fix) -> Fix? {
        let routeActive = session.follower != nil
        guard simulation.controller.mode != .never || simulation.controller.isSimulating else { return fix }
        let line = activeRouteLine()
        let distance = fix.coordinate.flatMap { line?.project($0)?.distanceAlong }
        let judged = simulation.controller.realFix(at: timeSource.now(), horizontalAccuracy: fix.horizontalAccuracy,
                                                   distanceAlongRoute: distance, routeActive: routeActive)
        publishSimulation(judged.events)
        switch judged.decision {
        case .useReal: return fix
        case .drop: return nil
        case .holdAt(let d):
            var held = fix
            if let coordinate = line?.coordinate(atDistance: d) { held.coordinate = coordinate }
            return held
        }
    }

    private func activeRouteLine() -> Polyline? {
        guard let follower = session.follower else { return nil }
        if let cached = simulation.routeLine, cached.id == follower.routeID { return cached.line }
        let line = Polyline(follower.route.geometry)
        simulation.routeLine = (follower.routeID, line)
        return line
    }

    /// Publishes controller events as one DEVICE event of source `simulator`: state `connected`
    /// while the simulator drives, `lost` otherwise; driver `simulation:MODE`.
    private func publishSimulation(_ events: [SimulationModeController.Event]) {
        guard !events.isEmpty else { return }
        if !simulation.controller.isSimulating { simulation.drive = nil }
        let state: DeviceState = simulation.controller.isSimulating ? .connected : .lost
        emit(.source(.device(state, driver: "simulation:\(simulation.controller.mode.rawValue)", baud: nil),
                     from: .simulator, time: timeSource.now()))
    }
}
