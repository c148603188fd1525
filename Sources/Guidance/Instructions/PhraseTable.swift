public import RouteModel

/// Everything language-specific about instructions: templates keyed by maneuver type and
/// modifier, direction and ordinal words, distance wording and the glue of spoken prompts.
/// The writer's logic only picks keys and fills `{placeholders}`; no wording lives in code.
///
/// Placeholders: `{way}` road name/ref, `{destination}` sign destinations, `{rotary}` the
/// name of a rotary, `{modifier}` and
/// `{side}` direction words, `{direction}` compass point, `{exit}` ordinal, `{distance}`
/// spoken distance, `{instruction}`/`{next}` whole instructions, `{n}` a number (or, in
/// `stop`, the ordinal of the waypoint).
public struct PhraseTable: Sendable {
    /// Which sentence of a maneuver entry to use, from the data the step has.
    public enum Form: String, Sendable, Hashable, CaseIterable {
        /// No road name known: "Turn left".
        case plain
        /// Onto a named road: "Turn left onto {way}".
        case onto
        /// Towards sign destinations (no name): "Take the exit towards {destination}".
        case towards
        /// Roundabout exit without a name: "… take the {exit} exit".
        case exit
        /// Roundabout exit onto a named road.
        case exitOnto
        /// Named rotary (`{rotary}`), exit without a road name.
        case rotaryExit
        /// Named rotary, exit onto a named road.
        case rotaryExitOnto
        /// Said before the maneuver when it differs from the instruction at it
        /// ("You will arrive…" versus "You have arrived…").
        case upcoming
    }

    /// BCP 47 primary language tag, e.g. `en`.
    public var language: String
    /// Maneuver sentences by key: `"<type> <modifier>"` overrides `"<type>"`.
    public var maneuvers: [String: [Form: String]]
    /// Words for `{modifier}` (e.g. `slight left` → "slightly left").
    public var modifiers: [ManeuverModifier: String]
    /// Words for `{side}`: `left`, `right`, `straight`.
    public var sides: [String: String]
    /// The eight compass points from north clockwise, for `{direction}`.
    public var compassPoints: [String]
    /// Ordinals 1…10 for `{exit}`; `ordinalFallback` (with `{n}`) beyond.
    public var ordinals: [String]
    /// Ordinal beyond the list, e.g. `{n}th`.
    public var ordinalFallback: String
    /// Spoken prompt before a maneuver: "In {distance}, {instruction}".
    public var ahead: String
    /// Two maneuvers in one prompt: "{instruction}, then {next}".
    public var then: String
    /// Prompt at the start of a long step: "Continue for {distance}".
    public var continueFor: String
    /// Arrival at an intermediate waypoint ("You have arrived at your {n} stop"), and before it.
    public var stop: [Form: String]
    /// Distance words, see `DistancePhrases`.
    public var distances: DistancePhrases

    /// A table from its parts.
    public init(language: String, maneuvers: [String: [Form: String]], modifiers: [ManeuverModifier: String], sides: [String: String],
                compassPoints: [String], ordinals: [String], ordinalFallback: String, ahead: String, then: String,
                continueFor: String, stop: [Form: String], distances: DistancePhrases) {
        self.language = language
        self.maneuvers = maneuvers
        self.modifiers = modifiers
        self.sides = sides
        self.compassPoints = compassPoints
        self.ordinals = ordinals
        self.ordinalFallback = ordinalFallback
        self.ahead = ahead
        self.then = then
        self.continueFor = continueFor
        self.stop = stop
        self.distances = distances
    }

    /// The built-in tables: English and Italian.
    public static let builtIn: [PhraseTable] = [.english, .italian]

    /// The built-in table for a language tag (`it`, `it-IT`, `en_GB`…), nil if there is none.
    public static func forLanguage(_ tag: String) -> PhraseTable? {
        let primary = String(tag.lowercased().prefix { $0 != "-" && $0 != "_" })
        return builtIn.first { $0.language == primary }
    }

    /// The entries a maneuver's sentence comes from, in the order they are tried: the `type
    /// modifier` entry before the `type` entry, then the generic `turn` entries (the sentence
    /// is the first of the wanted forms an entry has; see `SentenceIndex`).
    func entries(type: ManeuverType, modifier: ManeuverModifier?) -> [[Form: String]] {
        let keys = [modifier.map { "\(type.rawValue) \($0.rawValue)" }, type.rawValue, modifier.map { "turn \($0.rawValue)" }, "turn"]
        return keys.compactMap { $0.flatMap { maneuvers[$0] } }
    }

    /// The ordinal word for `n` (1-based).
    func ordinal(_ n: Int) -> String {
        n >= 1 && n <= ordinals.count ? ordinals[n - 1] : fill(ordinalFallback, ["n": String(n)])
    }

    /// The compass point of a bearing, degrees.
    func compassPoint(_ bearing: Double) -> String {
        let sector = Int(((bearing.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        return compassPoints[sector]
    }
}

/// Replaces each `{key}` in `template` with its value, in one pass (a `{key}` without a value stays
/// as written). The values are a literal list of one or two (no dictionary built and hashed per sentence).
func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
    fill(template) { key in values.first { $0.key[...] == key }?.value }
}

/// Replaces each `{key}` in `template` with `value(key)`, in one pass (a `{key}` whose value is
/// nil stays as written): values are made only for the placeholders the template has. Works on
/// the template's UTF-8 bytes (the braces are ASCII), appending the pieces into one buffer.
func fill(_ template: String, _ value: (Substring) -> String?) -> String {
    let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
    var utf8 = template
    return utf8.withUTF8 { bytes in
        guard bytes.contains(open) else { return template }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 32)
        var rest = bytes[...]
        while let start = rest.firstIndex(of: open), let end = rest[start...].firstIndex(of: close) {
            result += rest[..<start]
            if let value = value(Substring(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)) {
                result += value.utf8
            } else {
                result += rest[start...end]
            }
            rest = rest[(end + 1)...]
        }
        result += rest
        return String(decoding: result, as: UTF8.self)
    }
}

extension String {
    /// The string with its first character lower-cased, to embed a sentence in another.
    var lowercasingFirst: String {
        // An ASCII first letter (the sentences of the built-in tables) is lowered on the bytes.
        if let byte = utf8.first, byte < 0x80 {
            guard byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") else { return self }
            var bytes = Array(utf8)
            bytes[0] = byte + 32
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
