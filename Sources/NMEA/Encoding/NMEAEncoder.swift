import Foundation
import JSON
import Geodesy
public import Positioning
import Timekeeping

/// Writes fixes and sky views as NMEA 0183 sentences (GGA, RMC, GSA, GSV, VTG) with checksums,
/// for simulated receivers. Each sentence is returned without CR LF; talker defaults to `GP`.
public struct NMEAEncoder: Sendable {
    /// The two-letter talker id put in front of every sentence.
    public var talker: String

    /// An encoder writing with `talker`.
    public init(talker: String = "GP") { self.talker = talker }

    /// GGA for `fix` (quality 0 without a position).
    public func gga(_ fix: Fix) -> String {
        let quality = fix.hasPosition ? (fix.status == 2 ? 2 : 1) : 0
        let used = fix.satellitesUsed.map { FixedPoint.padded($0, width: 2) } ?? ""
        let head: [String] = [time(fix.time)] + latitude(fix) + longitude(fix) + [String(quality), used]
        let tail: [String] = [num(fix.hdop, 2), num(fix.altitudeMSL, 1), fix.altitudeMSL == nil ? "" : "M",
                              num(fix.geoidSeparation, 1), fix.geoidSeparation == nil ? "" : "M", "", ""]
        return sentence("GGA", head + tail)
    }

    /// RMC for `fix`: status A with a position, V without.
    public func rmc(_ fix: Fix) -> String {
        let date = fix.time.map { t -> String in
            let c = t.components
            return FixedPoint.padded(c.day, width: 2) + FixedPoint.padded(c.month, width: 2) + FixedPoint.padded(c.year % 100, width: 2)
        } ?? ""
        let variation = fix.magneticVariation.map { FixedPoint.format(abs($0), decimals: 1) } ?? ""
        let hemisphere = fix.magneticVariation.map { $0 < 0 ? "W" : "E" } ?? ""
        let head: [String] = [time(fix.time), fix.hasPosition ? "A" : "V"] + latitude(fix) + longitude(fix)
        let tail: [String] = [num(fix.speed.map { $0 / 0.514444444444444 }, 3), num(fix.course, 2), date,
                              variation, hemisphere, fix.hasPosition ? "A" : "N"]
        return sentence("RMC", head + tail)
    }

    /// VTG for `fix`.
    public func vtg(_ fix: Fix) -> String {
        sentence("VTG", [num(fix.course, 2), "T", num(fix.magneticCourse, 2), "M",
                         num(fix.speed.map { $0 / 0.514444444444444 }, 3), "N", num(fix.speed.map { $0 * 3.6 }, 3), "K",
                         fix.hasPosition ? "A" : "N"])
    }

    /// GSA for `fix` and the used satellites of `sky` (at most 12 ids).
    public func gsa(_ fix: Fix, sky: SkyView) -> String {
        var ids = sky.satellites.filter(\.used).prefix(12).map { FixedPoint.padded($0.prn, width: 2) }
        ids += Array(repeating: "", count: 12 - ids.count)
        let mode = fix.mode == .threeD ? "3" : fix.mode == .twoD ? "2" : "1"
        return sentence("GSA", ["A", mode] + ids + [num(sky.pdop, 2), num(sky.hdop ?? fix.hdop, 2), num(sky.vdop, 2)])
    }

    /// GSV sentences for `sky`, four satellites each (one empty GSV when none are in view).
    public func gsv(_ sky: SkyView) -> [String] {
        let sats = sky.satellites
        let count = max(1, (sats.count + 3) / 4)
        return (0..<count).map { i in
            var fields = [String(count), String(i + 1), FixedPoint.padded(sats.count, width: 2)]
            for s in sats.dropFirst(i * 4).prefix(4) {
                fields += [FixedPoint.padded(s.prn, width: 2), num(s.elevation, 0), num(s.azimuth, 0), num(s.snr, 0)]
            }
            return sentence("GSV", fields)
        }
    }

    /// One reporting cycle: RMC, VTG, GGA, GSA and the GSVs.
    public func cycle(_ fix: Fix, sky: SkyView) -> [String] {
        [rmc(fix), vtg(fix), gga(fix), gsa(fix, sky: sky)] + gsv(sky)
    }

    /// `$` + talker + type + fields + `*hh`.
    public func sentence(_ type: String, _ fields: [String]) -> String {
        let body = ([talker + type] + fields).joined(separator: ",")
        return "$" + body + "*" + NMEAChecksum.hex(NMEAChecksum.of(body.utf8))
    }

    private func num(_ value: Double?, _ decimals: Int) -> String {
        value.map { FixedPoint.format($0, decimals: decimals) } ?? ""
    }

    private func time(_ t: Timestamp?) -> String {
        guard let c = t?.components else { return "" }
        return FixedPoint.padded(c.hour, width: 2) + FixedPoint.padded(c.minute, width: 2) + FixedPoint.format(c.second, decimals: 3, width: 6)
    }

    private func latitude(_ fix: Fix) -> [String] {
        guard fix.hasPosition, let lat = fix.coordinate?.latitude else { return ["", ""] }
        let a = abs(lat), d = a.rounded(.towardZero)
        return [FixedPoint.padded(Int(d), width: 2) + FixedPoint.format((a - d) * 60, decimals: 7, width: 10), lat < 0 ? "S" : "N"]
    }

    private func longitude(_ fix: Fix) -> [String] {
        guard fix.hasPosition, let lon = fix.coordinate?.longitude else { return ["", ""] }
        let a = abs(lon), d = a.rounded(.towardZero)
        return [FixedPoint.padded(Int(d), width: 3) + FixedPoint.format((a - d) * 60, decimals: 7, width: 10), lon < 0 ? "W" : "E"]
    }
}
