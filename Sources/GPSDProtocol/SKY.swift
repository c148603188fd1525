public import JSON
public import Positioning

/// gpsd's SKY report: DOPs and the satellites in view.
public struct SKY: Sendable, Hashable, Codable, GPSDObject {
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
        self.init(sky, device: device, entries: true)
    }

    /// The SKY for `sky`, its `satellites` made only when `entries` says so (the report stream
    /// writes them straight from the sky view, see `write(to:satellites:)`); `nSat` and `uSat`
    /// count all the sky view's satellites either way, the entries are those gpsd lists.
    init(_ sky: SkyView, device: String?, entries: Bool) {
        self.device = device
        xdop = sky.xdop; ydop = sky.ydop; vdop = sky.vdop; tdop = sky.tdop
        hdop = sky.hdop; gdop = sky.gdop; pdop = sky.pdop
        nSat = sky.satellites.count
        uSat = sky.usedCount
        satellites = entries ? sky.gpsdListed.map(Entry.init) : []
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

    /// Appends the report as gpsd 3.22 prints it.
    public func write(to json: inout JSONWriter) { write(to: &json, satellites: satellites) }

    /// Appends the report with `entries` as its satellites (the report stream's are made one by
    /// one from its sky view, without an array of them).
    func write(to json: inout JSONWriter, satellites entries: some Sequence<Entry>) {
        json.beginGPSDObject(class: "SKY")
        json.gpsdMember("device", device)
        json.gpsdMember("xdop", xdop, decimals: 2)
        json.gpsdMember("ydop", ydop, decimals: 2)
        json.gpsdMember("vdop", vdop, decimals: 2)
        json.gpsdMember("tdop", tdop, decimals: 2)
        json.gpsdMember("hdop", hdop, decimals: 2)
        json.gpsdMember("gdop", gdop, decimals: 2)
        json.gpsdMember("pdop", pdop, decimals: 2)
        json.member("nSat", nSat)
        json.member("uSat", uSat)
        json.key("satellites")
        json.beginArray()
        for s in entries {
            // One reservation per satellite: 9 members of at most 24 bytes plus 3 numbers of at
            // most 4 + 330 (see `JSONWriter.InPlace`).
            json.inPlace(reserving: 1_280) { entry in
                entry.beginObject()
                entry.member("PRN", s.PRN)
                entry.gpsdMember("el", s.el, decimals: 1)
                entry.gpsdMember("az", s.az, decimals: 1)
                entry.gpsdMember("ss", s.ss, decimals: 1)
                entry.member("used", s.used)
                entry.member("gnssid", s.gnssid)
                entry.member("svid", s.svid)
                if let sig = s.sigid, sig != 0 { entry.member("sigid", sig) }
                entry.member("health", s.health)
                entry.endObject()
            }
        }
        json.endArray()
        json.endObject()
    }
}

extension SKY.Entry {
    /// The entry gpsd prints for `s` (in an extension: the memberwise initialiser stays): gpsd
    /// 3.22 prints an elevation only within ±90° and an azimuth only within ±359°.
    init(_ s: Satellite) {
        self.init(PRN: s.prn, el: s.elevation.flatMap { abs($0) <= 90 ? $0 : nil },
                  az: s.azimuth.flatMap { abs($0) <= 359 ? $0 : nil }, ss: s.snr, used: s.used,
                  gnssid: s.gnss.rawValue, svid: s.svid, sigid: s.signalID, health: s.health)
    }
}
