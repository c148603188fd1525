public import RouteModel

/// A distance rounded the way a person says it: "400 metres", "1.5 kilometres", "500 feet",
/// "a quarter mile". Rounding rules:
/// - metric: under 100 m to 10 m; under 1 km to 50 m; under 10 km to 0.5 km; then whole km.
/// - imperial: under 0.2 mi to 10 ft (under 100 ft), 50 ft (under 1,000 ft) or 100 ft;
///   under 0.875 mi to quarter miles; under 10 mi to half miles; then whole miles.
public enum SpokenDistance: Sendable, Hashable {
    /// Whole metres (a multiple of 10 or 50).
    case metres(Int)
    /// Kilometres (a multiple of 0.5).
    case kilometres(Double)
    /// Whole feet.
    case feet(Int)
    /// Miles (0.25, 0.5, 0.75, or a multiple of 0.5).
    case miles(Double)

    /// `meters` (metres) rounded for speech in `units`.
    public init(_ meters: Double, units: UnitSystem) {
        let d = min(max(0, meters), 40_075_000)  // at most once around the Earth
        switch units {
        case .metric:
            if d < 95 {
                self = .metres(max(10, Self.round(d, to: 10)))
            } else if d < 975 {
                self = .metres(Self.round(d, to: 50))
            } else if d < 9_750 {
                self = .kilometres(max(1, (d / 500).rounded() / 2))
            } else {
                self = .kilometres((d / 1000).rounded())
            }
        case .imperial:
            let feet = d / 0.3048, miles = d / 1609.344
            if miles < 0.2 {
                let step = feet < 95 ? 10 : feet < 975 ? 50 : 100
                self = .feet(max(10, Self.round(feet, to: step)))
            } else if miles < 0.875 {
                self = .miles(max(0.25, (miles * 4).rounded() / 4))
            } else if miles < 9.75 {
                self = .miles(max(1, (miles * 2).rounded() / 2))
            } else {
                self = .miles(miles.rounded())
            }
        }
    }

    private static func round(_ value: Double, to step: Int) -> Int {
        Int((value / Double(step)).rounded()) * step
    }

    /// The words for this distance from `phrases`.
    public func phrase(_ phrases: DistancePhrases) -> String {
        func number(_ x: Double) -> String {
            let whole = Int(x.rounded(.down))
            let tenths = Int(((x - Double(whole)) * 10).rounded())
            return tenths == 0 ? String(whole) : "\(whole)\(phrases.decimalSeparator)\(tenths)"
        }
        switch self {
        case .metres(let m): return fill(phrases.metres, ["n": String(m)])
        case .kilometres(let km): return km == 1 ? phrases.kilometre : fill(phrases.kilometres, ["n": number(km)])
        case .feet(let ft): return fill(phrases.feet, ["n": String(ft)])
        case .miles(let mi):
            switch mi {
            case 0.25: return phrases.quarterMile
            case 0.5: return phrases.halfMile
            case 0.75: return phrases.threeQuartersMile
            case 1: return phrases.mile
            default: return fill(phrases.miles, ["n": number(mi)])
            }
        }
    }
}

/// How one language says distances; `{n}` is the number.
public struct DistancePhrases: Sendable {
    /// e.g. `{n} metres`.
    public var metres: String
    /// Exactly one kilometre.
    public var kilometre: String
    /// e.g. `{n} kilometres`.
    public var kilometres: String
    /// e.g. `{n} feet`.
    public var feet: String
    /// 0.25 mi.
    public var quarterMile: String
    /// 0.5 mi.
    public var halfMile: String
    /// 0.75 mi.
    public var threeQuartersMile: String
    /// Exactly one mile.
    public var mile: String
    /// e.g. `{n} miles`.
    public var miles: String
    /// `.` or `,`.
    public var decimalSeparator: String

    /// Distance words from their parts.
    public init(metres: String, kilometre: String, kilometres: String, feet: String, quarterMile: String, halfMile: String,
                threeQuartersMile: String, mile: String, miles: String, decimalSeparator: String) {
        self.metres = metres
        self.kilometre = kilometre
        self.kilometres = kilometres
        self.feet = feet
        self.quarterMile = quarterMile
        self.halfMile = halfMile
        self.threeQuartersMile = threeQuartersMile
        self.mile = mile
        self.miles = miles
        self.decimalSeparator = decimalSeparator
    }
}
