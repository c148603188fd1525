/// Turns framed sentences into typed `NMEASentence` values, dispatching on the three-letter
/// sentence type (the way gpsd's `nmea_parse` table does), for every talker.
public enum SentenceParser {
    /// Decodes one sentence (`$GPGGA,…*hh`, checksum already verified or absent); impossible
    /// values are dropped (see `parseCounting(_:)`).
    public static func parse(_ fields: NMEAFields) throws -> NMEASentence {
        try parseCounting(fields).sentence
    }

    /// Decodes one sentence and says which impossible values it dropped: a field outside its
    /// `PlausibleRange`, or present but not a finite number, is read as empty.
    public static func parseCounting(_ fields: NMEAFields) throws -> (sentence: NMEASentence, rejected: ValueRejections) {
        var rejected = ValueRejections.none
        let sentence = try parse(fields, rejected: &rejected)
        return (sentence, rejected)
    }

    /// `parseCounting(_:)` with what was dropped put in `rejected` (left as it is when nothing was,
    /// or when the sentence throws): the decoder's path, which makes no optional tuple of a
    /// sentence to destroy.
    static func parse(_ fields: NMEAFields, rejected: inout ValueRejections) throws -> NMEASentence {
        // The address read through its bounds in the sentence (a slice of it would retain the bytes).
        let address = fields.bounds(0)
        guard address.count >= 3, address.allSatisfy({ fields.bytes[$0] >= 0x30 && fields.bytes[$0] < 0x7F }) else {
            throw NMEAError.malformedAddress(fields.text)
        }
        // gpsd's table names its proprietary sentences in full; any other five-letter address is
        // dispatched on its last three letters whatever its first two, so Quectel's `PQGSA` and
        // `PQGSV` are a GSA and a GSV from talker `PQ`.
        if fields.bytes[address.lowerBound] == UInt8(ascii: "P") {
            switch fields.address {
            case "PSRFEPE": return checked(try PSRFEPE(fields), fields, &rejected) { .psrfepe($0) }
            case "PGRME": return checked(try PGRME(fields), fields, &rejected) { .pgrme($0) }
            case "PGRMF": return checked(try PGRMF(fields), fields, &rejected) { .pgrmf($0) }
            case "PGRMZ": return .pgrmz(try PGRMZ(fields))
            case "PGRMM": return .pgrmm(try PGRMM(fields))
            case "PMGNST": return .pmgnst(try PMGNST(fields))
            // SkyTraq's PSTI carries its type in field 1; gpsd reads 030 and 032 only with exactly
            // 15 fields after the address, as it counts them (one fewer without a checksum), and
            // ignores any other count.
            case "PSTI" where fields.gpsdFieldCount == 16:
                switch fields.string(1) {
                case "030": return checked(try PSTI030(fields), fields, &rejected) { .psti030($0) }
                case "032": return .psti032(try PSTI032(fields))
                default: break
                }
            default: break
            }
        }
        if address.count != 5 { return .unrecognized(address: fields.address) }
        let i = address.lowerBound
        // Two bytes: a small string, stored inline (no allocation).
        let talker = String(unsafeUninitializedCapacity: 2) { text in
            text[0] = fields.bytes[i]
            text[1] = fields.bytes[i + 1]
            return 2
        }
        // The three-letter type packed into one integer: a switch, no hashing of Strings.
        switch UInt32(fields.bytes[i + 2]) << 16 | UInt32(fields.bytes[i + 3]) << 8 | UInt32(fields.bytes[i + 4]) {
        case code("GGA"): return checked(try GGA(fields), fields, &rejected) { .gga($0, talker: talker) }
        case code("RMC"): return checked(try RMC(fields), fields, &rejected) { .rmc($0, talker: talker) }
        case code("GSA"): return checked(try GSA(fields), fields, &rejected) { .gsa($0, talker: talker) }
        case code("GSV"): return .gsv(GSV(fields), talker: talker)
        case code("VTG"): return checked(try VTG(fields), fields, &rejected) { .vtg($0, talker: talker) }
        case code("GLL"): return checked(try GLL(fields), fields, &rejected) { .gll($0, talker: talker) }
        case code("GNS"): return checked(try GNS(fields), fields, &rejected) { .gns($0, talker: talker) }
        case code("GST"): return checked(try GST(fields), fields, &rejected) { .gst($0, talker: talker) }
        case code("GBS"): return checked(try GBS(fields), fields, &rejected) { .gbs($0, talker: talker) }
        case code("ZDA"): return .zda(try ZDA(fields), talker: talker)
        case code("HDT"): return checked(try HDT(fields), fields, &rejected) { .hdt($0, talker: talker) }
        case code("TXT"): return .txt(try TXT(fields), talker: talker)
        case code("DBT"): return .dbt(try DBT(fields), talker: talker)
        case code("HDG"): return .hdg(try HDG(fields), talker: talker)
        case code("MWD"): return .mwd(try MWD(fields), talker: talker)
        case code("MWV"): return .mwv(try MWV(fields), talker: talker)
        case code("DTM"): return .dtm(try DTM(fields), talker: talker)
        default: return .unrecognized(address: fields.address)
        }
    }

    /// `sentence` with its impossible values dropped, wrapped by `make`; what was dropped in `rejected`.
    @inline(__always)
    private static func checked<S: ImpossibleValueDropping>(_ sentence: S, _ fields: NMEAFields, _ rejected: inout ValueRejections,
                                                             _ make: (S) -> NMEASentence) -> NMEASentence {
        var s = sentence
        rejected = s.dropImpossibleValues(fields)
        return make(s)
    }

    /// A three-letter sentence type as the integer `parse` switches on.
    private static func code(_ type: StaticString) -> UInt32 {
        type.withUTF8Buffer { UInt32($0[0]) << 16 | UInt32($0[1]) << 8 | UInt32($0[2]) }
    }

    /// Decodes one sentence from its text.
    public static func parse(_ text: String) throws -> NMEASentence {
        try parse(NMEAFields(Array(text.utf8)))
    }
}
