import RouteModel

/// A phrase table's maneuver entries resolved for every maneuver type and modifier: the
/// entries `PhraseTable.sentence` tries, in its order (`type modifier`, `type`, `turn
/// modifier`, `turn`), looked up once per table instead of once per sentence. The built-in
/// tables' indexes are made once per process.
struct SentenceIndex: Sendable {
    /// The maneuver types, modifiers and forms in their declared order (their indexes number the entries).
    private static let types = ManeuverType.allCases, modifiers = ManeuverModifier.allCases, forms = PhraseTable.Form.allCases

    /// For each maneuver type and modifier (`slot`), the entries to try, first first, each as its
    /// sentences by form (nil where it has none): found by index, where a dictionary keyed by
    /// the type, modifier and form hashed their names for every sentence.
    private var entries: [[[String?]]] = []

    /// The index of `phrases`.
    init(_ phrases: PhraseTable) {
        for type in Self.types {
            for modifier in [nil] + Self.modifiers.map(Optional.some) {
                entries.append(phrases.entries(type: type, modifier: modifier).map { entry in Self.forms.map { entry[$0] } })
            }
        }
    }

    /// Where a type and modifier's entries are: types in order, each with no modifier first, then every modifier.
    private static func slot(type: ManeuverType, modifier: ManeuverModifier?) -> Int {
        let t = types.firstIndex(of: type) ?? 0, m = modifier.map { (modifiers.firstIndex(of: $0) ?? 0) + 1 } ?? 0
        return t * (modifiers.count + 1) + m
    }

    /// The indexes of the built-in tables, by language.
    static let builtIn: [String: SentenceIndex] = Dictionary(
        uniqueKeysWithValues: PhraseTable.builtIn.map { ($0.language, SentenceIndex($0)) })

    /// The sentence for a maneuver in the first of `forms` an entry has (see `PhraseTable.sentence`).
    func sentence(type: ManeuverType, modifier: ManeuverModifier?, forms: [PhraseTable.Form]) -> String {
        for entry in entries[Self.slot(type: type, modifier: modifier)] {
            for form in forms {
                if let s = entry[Self.forms.firstIndex(of: form) ?? 0] { return s }
            }
        }
        return ""
    }
}
