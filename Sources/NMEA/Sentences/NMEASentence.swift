/// A decoded NMEA sentence: one case per supported type, with its talker (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, `GQ`, `QZ`, …).
public enum NMEASentence: Sendable, Hashable {
    /// A GGA sentence and its talker.
    case gga(GGA, talker: String)
    /// A RMC sentence and its talker.
    case rmc(RMC, talker: String)
    /// A GSA sentence and its talker.
    case gsa(GSA, talker: String)
    /// A GSV sentence and its talker.
    case gsv(GSV, talker: String)
    /// A VTG sentence and its talker.
    case vtg(VTG, talker: String)
    /// A GLL sentence and its talker.
    case gll(GLL, talker: String)
    /// A GNS sentence and its talker.
    case gns(GNS, talker: String)
    /// A GST sentence and its talker.
    case gst(GST, talker: String)
    /// A GBS sentence and its talker.
    case gbs(GBS, talker: String)
    /// A ZDA sentence and its talker.
    case zda(ZDA, talker: String)
    /// A HDT sentence and its talker.
    case hdt(HDT, talker: String)
    /// A DBT (depth below transducer) sentence and its talker.
    case dbt(DBT, talker: String)
    /// A HDG (magnetic heading) sentence and its talker.
    case hdg(HDG, talker: String)
    /// A MWD (true wind) sentence and its talker.
    case mwd(MWD, talker: String)
    /// A MWV (wind speed and angle) sentence and its talker.
    case mwv(MWV, talker: String)
    /// A DTM (datum reference) sentence and its talker.
    case dtm(DTM, talker: String)
    /// A TXT sentence and its talker.
    case txt(TXT, talker: String)
    /// A SiRF PSRFEPE error-estimate sentence.
    case psrfepe(PSRFEPE)
    /// A Garmin PGRME error-estimate sentence.
    case pgrme(PGRME)
    /// A Garmin PGRMF fix-data sentence.
    case pgrmf(PGRMF)
    /// A Garmin PGRMZ altitude sentence.
    case pgrmz(PGRMZ)
    /// A Garmin PGRMM map datum sentence.
    case pgrmm(PGRMM)
    /// A Magellan PMGNST status sentence.
    case pmgnst(PMGNST)
    /// A SkyTraq PSTI,030 position and velocity sentence.
    case psti030(PSTI030)
    /// A SkyTraq PSTI,032 RTK baseline sentence (its time only).
    case psti032(PSTI032)
    /// A well-formed sentence of a type Waygate does not decode (proprietary `P…` ones included).
    case unrecognized(address: String)
}
