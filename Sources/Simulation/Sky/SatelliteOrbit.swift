import Geodesy
import Positioning

/// An idealised circular orbit, positioned in an Earth-fixed frame (metres, x towards 0° E on
/// the equator, z towards the north pole).
struct SatelliteOrbit: Sendable, Hashable {
    var gnss: GNSS
    var svid: Int
    /// gpsd's PRN numbering: GPS 1–32, GLONASS 65–96, Galileo 301–336.
    var prn: Int
    var radius: Meters
    var period: Seconds
    var inclination: Double  // radians
    var ascendingNode: Double  // radians, inertial
    var phase: Double  // argument of latitude at t = 0, radians

    static let siderealDay: Seconds = 86_164.0905

    /// The orbits of `gnss`, laid out plane by plane with evenly spaced, staggered slots.
    static func constellation(_ gnss: GNSS) -> [SatelliteOrbit] {
        let layout: (planes: [Int], radius: Meters, period: Seconds, inclination: Degrees, nodeOffset: Degrees, prnBase: Int)
        switch gnss {
        case .gps: layout = ([5, 5, 5, 5, 6, 5], 26_559_700, siderealDay / 2, 55, 17, 0)
        case .glonass: layout = ([8, 8, 8], 25_508_200, siderealDay * 8 / 17, 64.8, 41, 64)
        case .galileo: layout = ([8, 8, 8], 29_599_800, siderealDay * 10 / 17, 56, 73, 300)
        default: return []
        }
        var orbits: [SatelliteOrbit] = []
        let planeCount = layout.planes.count
        for (plane, slots) in layout.planes.enumerated() {
            for slot in 0..<slots {
                let svid = orbits.count + 1
                let node = layout.nodeOffset + 360 * Double(plane) / Double(planeCount)
                let phase = 360 * Double(slot) / Double(slots) + 360 * Double(plane) / Double(planeCount * slots) + 11 * Double(plane)
                orbits.append(SatelliteOrbit(gnss: gnss, svid: svid, prn: layout.prnBase + svid, radius: layout.radius,
                                             period: layout.period, inclination: layout.inclination.radians,
                                             ascendingNode: node.radians, phase: phase.radians))
            }
        }
        return orbits
    }

    /// Earth-fixed position at `time` seconds since 1970, metres.
    func position(at time: Double) -> (x: Double, y: Double, z: Double) {
        let u = phase + 2 * Double.pi * time.truncatingRemainder(dividingBy: period) / period
        let earthAngle = 2 * Double.pi * time.truncatingRemainder(dividingBy: Self.siderealDay) / Self.siderealDay
        let node = Elementary.sinCos(ascendingNode - earthAngle)
        let arg = Elementary.sinCos(u), inc = Elementary.sinCos(inclination)
        return (radius * (arg.cos * node.cos - arg.sin * inc.cos * node.sin),
                radius * (arg.cos * node.sin + arg.sin * inc.cos * node.cos),
                radius * arg.sin * inc.sin)
    }
}

/// A receiver on a spherical Earth, for elevation/azimuth look angles.
struct Observer {
    let position: (x: Double, y: Double, z: Double)
    let sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double

    init(coordinate: Coordinate, altitude: Meters) {
        let lat = Elementary.sinCos(coordinate.latitude.radians), lon = Elementary.sinCos(coordinate.longitude.radians)
        sinLat = lat.sin
        cosLat = lat.cos
        sinLon = lon.sin
        cosLon = lon.cos
        let r = earthRadius + altitude
        position = (r * cosLat * cosLon, r * cosLat * sinLon, r * sinLat)
    }

    /// Elevation above the horizon and azimuth from true north of a point, degrees.
    func look(at p: (x: Double, y: Double, z: Double)) -> (elevation: Degrees, azimuth: Degrees) {
        let dx = p.x - position.x, dy = p.y - position.y, dz = p.z - position.z
        let east = -sinLon * dx + cosLon * dy
        let north = -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz
        let up = cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz
        let horizontal = (east * east + north * north).squareRoot()
        return (Elementary.atan2(up, horizontal).degrees, Bearing.normalized(Elementary.atan2(east, north).degrees))
    }
}
