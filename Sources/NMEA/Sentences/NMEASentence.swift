/// A decoded NMEA sentence: one case per supported type, with its talker (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, `GQ`, `QZ`, …).
public enum NMEASentence: Sendable, Hashable {
    case gga(GGA, talker: String)
    case rmc(RMC, talker: String)
    case gsa(GSA, talker: String)
    case gsv(GSV, talker: String)
    case vtg(VTG, talker: String)
    case gll(GLL, talker: String)
    case gns(GNS, talker: String)
    case gst(GST, talker: String)
    case gbs(GBS, talker: String)
    case zda(ZDA, talker: String)
    case hdt(HDT, talker: String)
    case txt(TXT, talker: String)
    /// A well-formed sentence of a type Waygate does not decode (proprietary `P…` ones included).
    case unrecognized(address: String)
}
