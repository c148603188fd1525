import Geodesy
import Navigation
import RouteModel
import Testing
import Timekeeping

@Suite("CameraController")
struct CameraControllerTests {
    static let t0 = Timestamp(secondsSince1970: 1_800_000_000)
    static let equator = Coordinate(latitude: 0, longitude: 0)

    static func freeDrive(_ location: Coordinate = equator, speed: Double = 20, at seconds: Double = 0) -> CameraInput {
        CameraInput(time: t0.adding(seconds), location: location, course: 90, speed: speed)
    }

    static func guidance(distanceToManeuver: Double = 2000, maneuver: ManeuverType = .turn, routeBearing: Double = 90,
                         course: Double = 90, speed: Double = 30, at seconds: Double = 0, location: Coordinate = equator) -> CameraInput {
        let context = CameraGuidanceContext(
            location: location, routeBearing: routeBearing, distanceToManeuver: distanceToManeuver,
            upcomingManeuverType: maneuver, isFinalStep: false,
            remainingBounds: GeoBounds(south: 45.45, west: 9.17, north: 45.47, east: 9.21))
        return CameraInput(time: t0.adding(seconds), location: location, course: course, speed: speed, guidance: context)
    }

    /// The frame of the single CAMERA event in `events`.
    static func frame(_ events: [NavigationEvent]) -> CameraFrame? { events.cameras.first?.frame }

    @Test("idle is instant; following and overview go through reported, timed transitions; repeats are no-ops")
    func stateMachine() throws {
        var camera = CameraController(state: .idle)
        #expect(camera.update(with: Self.freeDrive()).isEmpty)

        let toFollowing = camera.request(.following)
        #expect(toFollowing.cameras.map(\.state) == [.transitionToFollowing])
        #expect(toFollowing.cameras.first?.frame != nil)
        #expect(camera.request(.following).isEmpty)
        #expect(camera.update(with: Self.freeDrive(at: 1)).cameras.map(\.state) == [.following])
        #expect(camera.request(.following).isEmpty)

        // Free-drive overview is 2 zoom levels wider: the zoom-out profile takes 0.8 s.
        #expect(camera.request(.overview).cameras.map(\.state) == [.transitionToOverview])
        #expect(camera.transitionEnd == Self.t0.adding(1.8))
        #expect(camera.update(with: Self.freeDrive(at: 1.5)).isEmpty)
        let overview = camera.update(with: Self.freeDrive(at: 2))
        #expect(overview.cameras.map(\.state) == [.overview])
        #expect(abs((Self.frame(overview)?.zoom ?? 0) - 12.934) < 0.001)

        let idle = camera.request(.idle)
        #expect(idle == [.camera(CameraEvent(state: .idle, frame: camera.lastFrame))])
        #expect(camera.update(with: Self.freeDrive(at: 3)).isEmpty)
        #expect(camera.request(.idle).isEmpty)
        #expect(CameraRequest(rawValue: "sideways") == nil)
        #expect(CameraState.transitionToOverview.rawValue == "transition_to_overview")
    }

    @Test("following: zoom from speed, 45° pitch, bearing along the route, centre ahead of the vehicle")
    func followingFrame() throws {
        var camera = CameraController()
        let frame = try #require(Self.frame(camera.update(with: Self.guidance())))
        // 30 m/s looks 150 + 30 × 30 = 1050 m ahead over 3/4 of 520 px, stretched by 1 + 1.25 sin 45°.
        #expect(abs(frame.zoom - 15.7411) < 0.001)
        #expect(frame.pitch == 45)
        #expect(frame.bearing == 90)
        #expect(abs(Self.equator.distance(to: frame.center) - 350) < 0.5)
        #expect(abs(Self.equator.bearing(to: frame.center) - 90) < 0.01)
        #expect(frame.padding == EdgeInsets(top: 40, left: 40, bottom: 40, right: 40))

        var slower = CameraController()
        let zoomAt10 = try #require(Self.frame(slower.update(with: Self.guidance(speed: 10)))).zoom
        #expect(zoomAt10 > frame.zoom)
    }

    @Test("pitch flattens linearly within 180 m of a turn but not before a continue; the puck centres at the maneuver")
    func pitchNearManeuvers() throws {
        var near = CameraController()
        let turning = try #require(Self.frame(near.update(with: Self.guidance(distanceToManeuver: 90))))
        #expect(turning.pitch == 22.5)
        #expect(turning.zoom == 16.35)
        var straight = CameraController()
        #expect(Self.frame(straight.update(with: Self.guidance(distanceToManeuver: 90, maneuver: .continue)))?.pitch == 45)
        var at = CameraController()
        let atManeuver = try #require(Self.frame(at.update(with: Self.guidance(distanceToManeuver: 0))))
        #expect(atManeuver.pitch == 0)
        #expect(atManeuver.center == Self.equator)
    }

    @Test("the bearing stays within 45° of the course")
    func bearingClamp() throws {
        var camera = CameraController()
        let frame = try #require(Self.frame(camera.update(with: Self.guidance(routeBearing: 90, course: 0, speed: 10))))
        #expect(frame.bearing == 45)
    }

    @Test("overview: north-up, flat, the remaining leg's box fitted inside the padding (512 px tiles)")
    func overviewFrame() throws {
        var camera = CameraController(state: .overview)
        let inside = Coordinate(latitude: 45.46, longitude: 9.2)
        let frame = try #require(Self.frame(camera.update(with: Self.guidance(location: inside))))
        #expect(abs(frame.zoom - 13.6276) < 0.001)
        #expect(frame.bearing == 0 && frame.pitch == 0)
        #expect(abs(frame.center.latitude - 45.4600009) < 1e-6)
        #expect(abs(frame.center.longitude - 9.19) < 1e-9)
        // Box fits: the widest dimension spans exactly the usable 720 px.
        let zoom = WebMercator.zoomToFit(GeoBounds(south: 45.45, west: 9.17, north: 45.47, east: 9.21), width: 720, height: 520,
                                         maximumZoom: 22)
        #expect(abs(zoom - frame.zoom) < 1e-9)
    }

    @Test("free drive: north-up, flat, centred on the vehicle, wider with speed")
    func freeDriveFrame() throws {
        var moving = CameraController()
        let frame = try #require(Self.frame(moving.update(with: Self.freeDrive(speed: 20))))
        #expect(abs(frame.zoom - 14.9343) < 0.001)
        #expect(frame.bearing == 0 && frame.pitch == 0)
        #expect(frame.center == Self.equator)
        var parked = CameraController()
        #expect(Self.frame(parked.update(with: Self.freeDrive(speed: 0)))?.zoom == 15.5)
    }

    @Test("changes below the thresholds are not re-emitted, but small moves accumulate and are not lost")
    func noShake() throws {
        var camera = CameraController()
        _ = camera.update(with: Self.freeDrive())
        // 2.5 m per pixel at this zoom: half-metre moves emit on every fifth update.
        var emitted: [Int] = []
        for k in 1...10 {
            let location = Self.equator.destination(distance: 0.5 * Double(k), bearing: 90)
            if !camera.update(with: Self.freeDrive(location, at: Double(k))).isEmpty { emitted.append(k) }
        }
        #expect(emitted == [5, 10])

        var options = CameraOptions()
        options.bearingSmoothingTime = 0
        var guided = CameraController(options: options)
        _ = guided.update(with: Self.guidance(routeBearing: 90))
        #expect(guided.update(with: Self.guidance(routeBearing: 92, at: 1)).isEmpty)
        let turned = guided.update(with: Self.guidance(routeBearing: 94, at: 2))
        #expect(Self.frame(turned)?.bearing == 94)
    }

    @Test("the bearing is low-pass filtered on fix time")
    func bearingSmoothing() throws {
        var camera = CameraController()
        _ = camera.update(with: Self.guidance(routeBearing: 90))
        let frame = try #require(Self.frame(camera.update(with: Self.guidance(routeBearing: 120, course: 120, at: 1))))
        // 1 − e^(−1 s / 1 s) = 63.2 % of the 30° turn.
        #expect(abs(frame.bearing - 108.96) < 0.01)
    }
}
