public import Positioning

/// gpsd's SKY report: DOPs and the satellites in view.
public struct SKY: Sendable, Hashable, Codable {
    /// One satellite entry of a SKY report.
    public struct Entry: Sendable, Hashable, Codable {
        /// gpsd PRN.
        public var PRN: Int
        /// Elevation and azimuth (degrees), signal strength (dB-Hz).
        public var el: Double?, az: Double?, ss: Double?
        /// Whether the satellite is used in the solution.
        public var used: Bool
        /// Constellation, satellite id within it, signal id and health (gpsd numbering).
        public var gnssid: Int?, svid: Int?, sigid: Int?, health: Int?
    }

    /// The object's class, as gpsd spells it.
    public var `class` = "SKY"
    /// The device the report came from (gpsd's `device`); nil in `waygate decode` output.
    public var device: String?
    /// Dilutions of precision.
    public var xdop: Double?, ydop: Double?, vdop: Double?, tdop: Double?, hdop: Double?, gdop: Double?, pdop: Double?
    /// Satellites in view and used.
    public var nSat: Int?, uSat: Int?
    /// The satellites in view.
    public var satellites: [Entry]

    /// The SKY gpsd would print for `sky`.
    public init(_ sky: SkyView, device: String? = nil) {
        self.device = device
        xdop = sky.xdop; ydop = sky.ydop; vdop = sky.vdop; tdop = sky.tdop
        hdop = sky.hdop; gdop = sky.gdop; pdop = sky.pdop
        nSat = sky.satellites.count
        uSat = sky.usedCount
        satellites = sky.satellites.map {
            Entry(PRN: $0.prn, el: $0.elevation, az: $0.azimuth, ss: $0.snr, used: $0.used,
                  gnssid: $0.gnss.rawValue, svid: $0.svid, sigid: $0.signalID, health: $0.health)
        }
    }

    /// The sky view this report describes.
    public var skyView: SkyView {
        var sky = SkyView(satellites: satellites.map {
            Satellite(prn: $0.PRN, gnss: GNSS(rawValue: $0.gnssid ?? 0) ?? .gps, svid: $0.svid ?? $0.PRN, signalID: $0.sigid,
                      elevation: $0.el, azimuth: $0.az, snr: $0.ss, used: $0.used, health: $0.health)
        })
        sky.xdop = xdop; sky.ydop = ydop; sky.vdop = vdop; sky.tdop = tdop
        sky.hdop = hdop; sky.gdop = gdop; sky.pdop = pdop
        return sky
    }

    /// The report as gpsd 3.22 prints it.
    public var json: String {
        var w = GPSDJSON(class: "SKY")
        w.add("device", device)
        w.add("xdop", xdop, decimals: 2)
        w.add("ydop", ydop, decimals: 2)
        w.add("vdop", vdop, decimals: 2)
        w.add("tdop", tdop, decimals: 2)
        w.add("hdop", hdop, decimals: 2)
        w.add("gdop", gdop, decimals: 2)
        w.add("pdop", pdop, decimals: 2)
        w.add("nSat", nSat)
        w.add("uSat", uSat)
        let entries = satellites.map { s -> String in
            var e = GPSDJSON(class: "")
            e.add("PRN", s.PRN)
            e.add("el", s.el, decimals: 1)
            e.add("az", s.az, decimals: 1)
            e.add("ss", s.ss, decimals: 1)
            e.add("used", s.used)
            e.add("gnssid", s.gnssid)
            e.add("svid", s.svid)
            if let sig = s.sigid, sig != 0 { e.add("sigid", sig) }
            e.add("health", s.health)
            return "{" + e.object.dropFirst("{\"class\":\"\",".count)
        }
        w.addRaw("satellites", "[" + entries.joined(separator: ",") + "]")
        return w.object
    }
}
