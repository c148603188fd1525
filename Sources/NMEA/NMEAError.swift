/// Why an NMEA sentence could not be decoded.
public enum NMEAError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The sentence does not start with `$` or `!` followed by a five-letter address.
    case malformedAddress(String)
    /// The sentence has fewer fields than its type needs.
    case tooFewFields(String, needed: Int, got: Int)
    /// A field holds text that is not valid for it.
    case invalidField(String, index: Int, value: String)
    /// The `*hh` checksum does not match the sentence body.
    case badChecksum(String)

    /// A one-line message naming the bad input.
    public var description: String {
        switch self {
        case .malformedAddress(let s): "malformed NMEA address in \(s.debugDescription)"
        case .tooFewFields(let s, let needed, let got): "\(s) has \(got) fields, needs \(needed)"
        case .invalidField(let s, let index, let value): "\(s) field \(index) is invalid: \(value.debugDescription)"
        case .badChecksum(let s): "bad NMEA checksum in \(s.debugDescription)"
        }
    }
}
