/// DTM — Datum reference.
///
///     $GPDTM,W84,,0.0,N,0.0,E,0.0,W84*6F
///     1 local datum code (W84, W72, S85, P90, 999 user defined, or an IHO code)  2 subcode
///     3-6 latitude and longitude offsets (minutes)  7 altitude offset  8 reference datum code
public struct DTM: Sendable, Hashable {
    /// The local datum's name as gpsd 3.22 prints it: `WGS84`, `WGS72`, `SGS85`, `PE90` or `User
    /// Defined` for the standard codes, any other code as given (at most 39 characters); nil when
    /// empty.
    public var datum: String?

    /// Reads a DTM sentence's fields; one of fewer than gpsd 3.22's 2, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(2)
        datum = f.string(1).map { code in
            switch code {
            case "W84": "WGS84"
            case "W72": "WGS72"
            case "S85": "SGS85"
            case "P90": "PE90"
            case "999": "User Defined"
            default: String(code.prefix(39))
            }
        }
    }
}
