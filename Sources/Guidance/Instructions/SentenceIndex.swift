import RouteModel

/// A phrase table's maneuver entries resolved for every maneuver type and modifier: the
/// entries `PhraseTable.sentence` tries, in its order (`type modifier`, `type`, `turn
/// modifier`, `turn`), looked up once per table instead of once per sentence. The built-in
/// tables' indexes are made once per process.
struct SentenceIndex: Sendable {
    /// A maneuver type with its modifier (nil: none).
    private struct Key: Hashable {
        var type: ManeuverType
        var modifier: ManeuverModifier?
    }

    /// The entries to try for each key, first first.
    private var entries: [Key: [[PhraseTable.Form: String]]] = [:]

    /// The index of `phrases`.
    init(_ phrases: PhraseTable) {
        for type in ManeuverType.allCases {
            for modifier in [nil] + ManeuverModifier.allCases.map(Optional.some) {
                entries[Key(type: type, modifier: modifier)] = phrases.entries(type: type, modifier: modifier)
            }
        }
    }

    /// The indexes of the built-in tables, by language.
    static let builtIn: [String: SentenceIndex] = Dictionary(
        uniqueKeysWithValues: PhraseTable.builtIn.map { ($0.language, SentenceIndex($0)) })

    /// The sentence for a maneuver in the first of `forms` an entry has (see `PhraseTable.sentence`).
    func sentence(type: ManeuverType, modifier: ManeuverModifier?, forms: [PhraseTable.Form]) -> String {
        for entry in entries[Key(type: type, modifier: modifier)] ?? [] {
            for form in forms {
                if let s = entry[form] { return s }
            }
        }
        return ""
    }
}
