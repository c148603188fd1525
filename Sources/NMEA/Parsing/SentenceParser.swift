/// Turns framed sentences into typed `NMEASentence` values, dispatching on the three-letter
/// sentence type (the way gpsd's `nmea_parse` table does), for every talker.
public enum SentenceParser {
    /// Decodes one sentence (`$GPGGA,…*hh`, checksum already verified or absent).
    public static func parse(_ fields: NMEAFields) throws -> NMEASentence {
        let address = fields.raw(0)
        guard address.count >= 3, address.allSatisfy({ $0 >= 0x30 && $0 < 0x7F }) else {
            throw NMEAError.malformedAddress(fields.text)
        }
        if address.first == UInt8(ascii: "P") {
            return fields.address == "PSRFEPE" ? .psrfepe(try PSRFEPE(fields)) : .unrecognized(address: fields.address)
        }
        if address.count != 5 { return .unrecognized(address: fields.address) }
        let talker = String(decoding: address.prefix(2), as: UTF8.self)
        let t = address.suffix(3)
        let i = t.startIndex
        // The three-letter type packed into one integer: a switch, no hashing of Strings.
        switch UInt32(t[i]) << 16 | UInt32(t[i + 1]) << 8 | UInt32(t[i + 2]) {
        case code("GGA"): return .gga(try GGA(fields), talker: talker)
        case code("RMC"): return .rmc(try RMC(fields), talker: talker)
        case code("GSA"): return .gsa(try GSA(fields), talker: talker)
        case code("GSV"): return .gsv(try GSV(fields), talker: talker)
        case code("VTG"): return .vtg(try VTG(fields), talker: talker)
        case code("GLL"): return .gll(try GLL(fields), talker: talker)
        case code("GNS"): return .gns(try GNS(fields), talker: talker)
        case code("GST"): return .gst(try GST(fields), talker: talker)
        case code("GBS"): return .gbs(try GBS(fields), talker: talker)
        case code("ZDA"): return .zda(try ZDA(fields), talker: talker)
        case code("HDT"): return .hdt(try HDT(fields), talker: talker)
        case code("TXT"): return .txt(try TXT(fields), talker: talker)
        default: return .unrecognized(address: fields.address)
        }
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
