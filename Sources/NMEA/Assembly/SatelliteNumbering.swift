public import Positioning

/// Maps NMEA satellite ids to gpsd's PRN, constellation and svid (gpsd 3.2x `nmeaid_to_prn`).
public enum SatelliteNumbering {
    /// The gpsd PRN, constellation and svid of NMEA id `id` heard from `talker`; nil for ids gpsd drops.
    public static func identify(talker: String, id: Int) -> (prn: Int, gnss: GNSS, svid: Int)? {
        guard id >= 1 else { return nil }
        if id <= 32 {
            switch talker {
            case "GA": return (300 + id, .galileo, id)
            case "GB", "BD", "PQ": return (400 + id, .beidou, id)
            case "GL": return (64 + id, .glonass, id)
            case "QZ", "GQ": return (192 + id, .qzss, id)
            default: return (id, .gps, id)
            }
        }
        switch id {
        case 33...63 where talker == "GB" || talker == "BD" || talker == "PQ": return (400 + id, .beidou, id)  // BeiDou 1–63
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
