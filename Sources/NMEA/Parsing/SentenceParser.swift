/// Turns framed sentences into typed `NMEASentence` values through a dispatch table keyed by
/// the three-letter sentence type (the way gpsd's `nmea_parse` does), for every talker.
public enum SentenceParser {
    private typealias Row = @Sendable (NMEAFields, String) throws -> NMEASentence

    private static let table: [String: Row] = [
        "GGA": { .gga(try GGA($0), talker: $1) },
        "RMC": { .rmc(try RMC($0), talker: $1) },
        "GSA": { .gsa(try GSA($0), talker: $1) },
        "GSV": { .gsv(try GSV($0), talker: $1) },
        "VTG": { .vtg(try VTG($0), talker: $1) },
        "GLL": { .gll(try GLL($0), talker: $1) },
        "GNS": { .gns(try GNS($0), talker: $1) },
        "GST": { .gst(try GST($0), talker: $1) },
        "GBS": { .gbs(try GBS($0), talker: $1) },
        "ZDA": { .zda(try ZDA($0), talker: $1) },
        "HDT": { .hdt(try HDT($0), talker: $1) },
        "TXT": { .txt(try TXT($0), talker: $1) },
    ]

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
        let type = String(decoding: address.suffix(3), as: UTF8.self)
        guard let row = table[type] else { return .unrecognized(address: fields.address) }
        return try row(fields, talker)
    }

    /// Decodes one sentence from its text.
    public static func parse(_ text: String) throws -> NMEASentence {
        try parse(NMEAFields(Array(text.utf8)))
    }
}
