/// Turns framed sentences into typed `NMEASentence` values through a dispatch table keyed by
/// the three-letter sentence type (the way gpsd's `nmea_parse` does), for every talker.
public enum SentenceParser {
    private typealias Row = @Sendable (NMEAFields, String) throws -> (NMEASentence, ValueRejections)

    private static let table: [String: Row] = [
        "GGA": { var s = try GGA($0); let r = s.dropImpossibleValues($0); return (.gga(s, talker: $1), r) },
        "RMC": { var s = try RMC($0); let r = s.dropImpossibleValues($0); return (.rmc(s, talker: $1), r) },
        "GSA": { var s = try GSA($0); let r = s.dropImpossibleValues($0); return (.gsa(s, talker: $1), r) },
        "GSV": { (.gsv(try GSV($0), talker: $1), .none) },
        "VTG": { var s = try VTG($0); let r = s.dropImpossibleValues($0); return (.vtg(s, talker: $1), r) },
        "GLL": { var s = try GLL($0); let r = s.dropImpossibleValues($0); return (.gll(s, talker: $1), r) },
        "GNS": { var s = try GNS($0); let r = s.dropImpossibleValues($0); return (.gns(s, talker: $1), r) },
        "GST": { var s = try GST($0); let r = s.dropImpossibleValues($0); return (.gst(s, talker: $1), r) },
        "GBS": { var s = try GBS($0); let r = s.dropImpossibleValues($0); return (.gbs(s, talker: $1), r) },
        "ZDA": { (.zda(try ZDA($0), talker: $1), .none) },
        "HDT": { var s = try HDT($0); let r = s.dropImpossibleValues($0); return (.hdt(s, talker: $1), r) },
        "TXT": { (.txt(try TXT($0), talker: $1), .none) },
    ]

    /// Decodes one sentence (`$GPGGA,…*hh`, checksum already verified or absent); impossible
    /// values are dropped (see `parseCounting(_:)`).
    public static func parse(_ fields: NMEAFields) throws -> NMEASentence {
        try parseCounting(fields).sentence
    }

    /// Decodes one sentence and says which impossible values it dropped: a field outside its
    /// `PlausibleRange`, or present but not a finite number, is read as empty.
    public static func parseCounting(_ fields: NMEAFields) throws -> (sentence: NMEASentence, rejected: ValueRejections) {
        let address = fields.raw(0)
        guard address.count >= 3, address.allSatisfy({ $0 >= 0x30 && $0 < 0x7F }) else {
            throw NMEAError.malformedAddress(fields.text)
        }
        if address.first == UInt8(ascii: "P") {
            guard fields.address == "PSRFEPE" else { return (.unrecognized(address: fields.address), .none) }
            var s = try PSRFEPE(fields)
            let rejected = s.dropImpossibleValues(fields)
            return (.psrfepe(s), rejected)
        }
        if address.count != 5 { return (.unrecognized(address: fields.address), .none) }
        let talker = String(decoding: address.prefix(2), as: UTF8.self)
        let type = String(decoding: address.suffix(3), as: UTF8.self)
        guard let row = table[type] else { return (.unrecognized(address: fields.address), .none) }
        return try row(fields, talker)
    }

    /// Decodes one sentence from its text.
    public static func parse(_ text: String) throws -> NMEASentence {
        try parse(NMEAFields(Array(text.utf8)))
    }
}
