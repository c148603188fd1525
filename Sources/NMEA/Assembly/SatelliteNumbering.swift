public import Positioning

/// Maps NMEA satellite ids to gpsd's PRN, constellation and svid (gpsd 3.2x `nmeaid_to_prn`).
public enum SatelliteNumbering {
    /// What a talker says about the ids it sends, as `identify` reads it: which constellation its
    /// ids 1–32 belong to. Worked out once per sentence, so the talker is not compared as text for
    /// each satellite.
    public enum TalkerSystem: Sendable {
        case gps, galileo, beidou, glonass, qzss

        /// The system of `talker` (`GA` Galileo, `GB`/`BD`/`PQ` BeiDou, `GL` GLONASS, `QZ`/`GQ`
        /// QZSS, any other GPS).
        init(_ talker: Talker) {
            func t(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Talker { .letters(UInt8(ascii: a), UInt8(ascii: b)) }
            switch talker {
            case t("G", "A"): self = .galileo
            case t("G", "B"), t("B", "D"), t("P", "Q"): self = .beidou
            case t("G", "L"): self = .glonass
            case t("Q", "Z"), t("G", "Q"): self = .qzss
            default: self = .gps
            }
        }
    }

    /// The NMEA 4.10 system gpsd 3.22 reads a talker's ids in, from its second letter (`A`
    /// Galileo, `B`/`D` BeiDou, `L` GLONASS, `Q`/`Z` QZSS — so Quectel's `PQ` is QZSS here); nil
    /// for others (`GP`, `GN`). gpsd uses it for every GSA and for a GSV group's first sentence.
    static func nmeaSystem(_ talker: Talker) -> TalkerSystem? {
        switch talker.last {
        case UInt8(ascii: "A"): .galileo
        case UInt8(ascii: "B"), UInt8(ascii: "D"): .beidou
        case UInt8(ascii: "L"): .glonass
        case UInt8(ascii: "Q"), UInt8(ascii: "Z"): .qzss
        default: nil
        }
    }

    /// The gpsd 3.22 PRN, constellation and svid of id `id` read in the NMEA system the talker gave
    /// (`nmeaSystem`): every id is read in that system, the ones outside its NMEA range shifted by
    /// gpsd's vendor offsets (Galileo 101+ as Quectel's 1+, BeiDou 100+ as 201+, QZSS 100+ as 193+,
    /// GLONASS 64+ as 65+; the svid kept in a byte). Probed with gpsfake
    /// (docs/gpsd-compatibility.md); nil for ids gpsd drops or gives svid 0.
    public static func identify(nmeaSystem system: TalkerSystem, id: Int) -> (prn: Int, gnss: GNSS, svid: Int)? {
        guard id >= 1 else { return nil }
        let svid: Int
        switch system {
        case .gps: return identify(system: .gps, id: id)
        case .glonass: svid = id < 64 ? id : id - 64
        case .galileo: svid = id < 100 ? id : id > 100 ? (id - 100) & 0xFF : 0
        case .beidou: svid = id < 100 ? id : (id - 200) & 0xFF
        case .qzss: svid = id < 100 ? id : (id - 192) & 0xFF
        }
        guard svid > 0 else { return nil }
        switch system {
        case .gps: return nil
        case .glonass: return (64 + svid, .glonass, svid)
        case .galileo: return (300 + svid, .galileo, svid)
        case .beidou: return (400 + svid, .beidou, svid)
        case .qzss: return (192 + svid, .qzss, svid)
        }
    }

    /// The gpsd PRN, constellation and svid of NMEA id `id` heard from a talker of `system` where
    /// gpsd knows no NMEA system (a GSV group's later sentences, GP and GN): 1–32 by the talker,
    /// above by the absolute ranges (33–64 SBAS whatever the talker); nil for ids gpsd drops.
    public static func identify(system: TalkerSystem, id: Int) -> (prn: Int, gnss: GNSS, svid: Int)? {
        guard id >= 1 else { return nil }
        if id <= 32 {
            switch system {
            case .galileo: return (300 + id, .galileo, id)
            case .beidou: return (400 + id, .beidou, id)
            case .glonass: return (64 + id, .glonass, id)
            case .qzss: return (192 + id, .qzss, id)
            case .gps: return (id, .gps, id)
            }
        }
        switch id {
        case 33...64: return (id, .sbas, id + 87)
        case 65...96: return (id, .glonass, id - 64)
        case 120...158: return (id, .sbas, id)
        case 173...182: return (id, .imes, id - 172)
        case 193...197: return (id, .qzss, id - 192)
        case 201...237: return (id + 200, .beidou, id - 200)
        case 301...356: return (id, .galileo, id - 300)
        case 401...437: return (id, .beidou, id - 400)
        default: return nil
        }
    }
}
