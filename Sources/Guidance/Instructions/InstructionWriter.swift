public import RouteModel

/// Writes the words of a route: every step's `maneuver.instruction`, and for every step the
/// `bannerInstructions` and `voiceInstructions` of the maneuver at its end (Mapbox
/// semantics: `distanceAlongGeometry` is measured back from the end of the step), in one
/// language and unit system. All wording comes from a `PhraseTable`; trigger distances come
/// from an `AnnouncementSchedule`.
///
/// ```swift
/// let spoken = InstructionWriter(language: "it", units: .metric).annotate(route)
/// ```
public struct InstructionWriter: Sendable {
    /// The language's phrases.
    public var phrases: PhraseTable {
        didSet { sentences = SentenceIndex(phrases) }
    }
    /// The maneuver sentences of `phrases`, resolved once.
    private var sentences: SentenceIndex
    /// Units of spoken distances.
    public var units: UnitSystem
    /// When prompts are given.
    public var schedule: AnnouncementSchedule

    /// A writer for a built-in language (`en`, `it`; anything else falls back to English).
    public init(language: String = "en", units: UnitSystem = .metric, schedule: AnnouncementSchedule = AnnouncementSchedule()) {
        let phrases = PhraseTable.forLanguage(language) ?? .english
        self.phrases = phrases
        self.units = units
        self.schedule = schedule
        sentences = SentenceIndex.builtIn[phrases.language] ?? SentenceIndex(phrases)
    }

    /// A writer with a custom phrase table.
    public init(phrases: PhraseTable, units: UnitSystem, schedule: AnnouncementSchedule = AnnouncementSchedule()) {
        self.phrases = phrases
        self.units = units
        self.schedule = schedule
        sentences = SentenceIndex(phrases)
    }

    /// The route with instructions, banners and voice prompts filled in for every step of
    /// every leg (existing ones are replaced), and its options set to this language and units.
    public func annotate(_ route: Route) -> Route {
        var words: LegWords?
        return annotate(route, reusing: &words)
    }

    /// `annotate(_:)`, for a single-leg route taking the words of the steps it shares with the
    /// leg in `words` (its start or its end, e.g. an alternative's with the best route's) from
    /// there; `words` is set to this route's leg when it has one leg and was nil.
    func annotate(_ route: Route, reusing words: inout LegWords?) -> Route {
        var result = route
        if route.legs.count == 1 {
            let (leg, written) = annotate(route.legs[0], stop: nil, like: words)
            result.legs = [leg]
            if words == nil { words = written }
        } else {
            result.legs = route.legs.enumerated().map { i, leg in
                annotate(leg, stop: i < route.legs.count - 1 ? i + 1 : nil, like: nil).leg
            }
        }
        result.options.language = phrases.language
        result.options.units = units
        return result
    }

    /// One leg with its words filled in; `stop` is the 1-based number of the waypoint it ends
    /// at when that is an intermediate stop (nil for the final destination).
    public func annotate(_ leg: RouteLeg, stop: Int? = nil) -> RouteLeg { annotate(leg, stop: stop, like: nil).leg }

    /// A leg's steps as built (without words), with their sentences and the steps with words:
    /// what another leg sharing some of these steps takes its words from.
    struct LegWords {
        var steps: [RouteStep]
        var stop: Int?
        var plain: [String], upcoming: [String]
        var written: [RouteStep]
    }

    /// One leg with its words, and its `LegWords`. A step's sentences depend on the step alone
    /// (and the leg's stop, for its last); its prompts and banner on it and the two steps after
    /// it: those equal to `other`'s at the same place from the start or from the end are taken
    /// from `other` (the same words, not written again).
    private func annotate(_ leg: RouteLeg, stop: Int?, like other: LegWords?) -> (leg: RouteLeg, words: LegWords) {
        var result = leg
        var context = LegContext(steps: leg.steps, stop: stop)
        let count = leg.steps.count
        // The index of each step in `other` when the same step stands there (counted from the start or the end).
        var same = [Int?](repeating: nil, count: count)
        if let other, other.stop == stop {
            let shift = other.steps.count - count
            for i in leg.steps.indices {
                for j in [i, i + shift] where j >= 0 && j < other.steps.count && (i == count - 1) == (j == other.steps.count - 1) {
                    if other.steps[j] == leg.steps[i] {
                        same[i] = j
                        break
                    }
                }
            }
        }
        // Each step's sentence is said in several places (its instruction, the prompts and
        // banners before it): written once per form.
        let plain = leg.steps.indices.map { i in same[i].flatMap { other?.plain[$0] } ?? sentence(context, i, upcoming: false) }
        let upcoming = leg.steps.indices.map { i in same[i].flatMap { other?.upcoming[$0] } ?? sentence(context, i, upcoming: true) }
        context.plain = plain
        context.upcoming = upcoming
        for i in leg.steps.indices {
            result.steps[i].maneuver.instruction = plain[i]
            let isLast = i == count - 1
            if !isLast, let other, let j = same[i], same[i + 1] == j + 1,
               i + 2 < count ? same[i + 2] == j + 2 : j + 2 == other.steps.count
            {
                result.steps[i].voiceInstructions = other.written[j].voiceInstructions
                result.steps[i].bannerInstructions = other.written[j].bannerInstructions
                continue
            }
            result.steps[i].voiceInstructions = isLast ? [] : voiceInstructions(context, endingStep: i)
            result.steps[i].bannerInstructions = isLast ? [] : [banner(context, endingStep: i)]
        }
        return (result, LegWords(steps: leg.steps, stop: stop, plain: plain, upcoming: upcoming, written: result.steps))
    }

    /// The instruction said at a step's own maneuver, e.g. "Turn left onto Via Dante".
    public func instruction(for step: RouteStep) -> String {
        sentence(LegContext(steps: [step], stop: nil), 0, upcoming: false)
    }

    /// The steps of one leg and whether it ends at an intermediate stop.
    struct LegContext {
        var steps: [RouteStep]
        var stop: Int?
        /// Each step's instruction and the form said before reaching it, once written (empty until then).
        var plain: [String] = [], upcoming: [String] = []
        /// The distances said in the leg's prompts, phrased once each.
        let spoken = SpokenMemo()
    }

    /// The instruction for the maneuver of step `i`; `upcoming` picks the form said before reaching it.
    func sentence(_ leg: LegContext, _ i: Int, upcoming: Bool) -> String {
        let written = upcoming ? leg.upcoming : leg.plain
        return i < written.count ? written[i] : composedSentence(leg, i, upcoming: upcoming)
    }

    /// The sentence of step `i` in the form `upcoming` picks, from the phrase table.
    private func composedSentence(_ leg: LegContext, _ i: Int, upcoming: Bool) -> String {
        // The step's parts read where they are (the step is not copied out for each sentence).
        let m = leg.steps[i].maneuver
        if m.type == .arrive, let stop = leg.stop, i == leg.steps.count - 1 {
            let form: PhraseTable.Form = upcoming ? .upcoming : .plain
            return fill(phrases.stop[form] ?? phrases.stop[.plain] ?? "", ["n": phrases.ordinal(stop)])
        }
        let way = Self.wayName(name: leg.steps[i].name, ref: leg.steps[i].ref)
        let destination = leg.steps[i].destinations
        var forms: [PhraseTable.Form] = upcoming ? [.upcoming] : []
        let rotary = leg.steps[i].rotaryName ?? ""
        if m.type == .rotary, m.exit != nil, !rotary.isEmpty {
            forms += way.isEmpty ? [.rotaryExit] : [.rotaryExitOnto, .rotaryExit]
        }
        if (m.type == .roundabout || m.type == .rotary), m.exit != nil {
            forms += way.isEmpty ? [.exit] : [.exitOnto, .exit]
        }
        if !way.isEmpty { forms.append(.onto) } else if destination?.isEmpty == false { forms.append(.towards) }
        forms.append(.plain)
        let template = sentences.sentence(type: m.type, modifier: m.modifier, forms: forms)
        return Self.filled(template, way: way, destination: destination ?? "", rotary: rotary, maneuver: m, phrases: phrases)
    }

    /// A maneuver sentence's `template` with its placeholders filled, the phrase table's words
    /// looked up only for the placeholders it has. The closure reads the table through a pointer:
    /// capturing the table (or the writer) copied it, all its strings retained and released, for
    /// every sentence.
    private static func filled(
        _ template: String, way: String, destination: String, rotary: String, maneuver m: Maneuver, phrases: PhraseTable
    ) -> String {
        let modifier = m.modifier ?? .straight
        return withUnsafePointer(to: phrases) { table in
            fill(template) { key in
                switch key {
                case "way": way
                case "destination": destination
                case "rotary": rotary
                case "modifier": table.pointee.modifiers[modifier] ?? ""
                case "side": table.pointee.sides[side(of: modifier)] ?? ""
                case "direction": table.pointee.compassPoint(m.bearingAfter)
                case "exit": table.pointee.ordinal(m.exit ?? 1)
                default: nil
                }
            }
        }
    }

    /// A road's `name` and `ref` as said aloud: "name (ref)", the name, or the ref (`;` lists read with `/`).
    static func wayName(name: String, ref: String?) -> String {
        let ref = ref.map { $0.utf8.contains(UInt8(ascii: ";")) ? $0.replacing(";", with: " / ") : $0 } ?? ""
        if name.isEmpty { return ref }
        return ref.isEmpty ? name : "\(name) (\(ref))"
    }

    /// `left`, `right` or `straight` for the `{side}` placeholder.
    static func side(of modifier: ManeuverModifier) -> String {
        switch modifier {
        case .left, .slightLeft, .sharpLeft: return "left"
        case .right, .slightRight, .sharpRight: return "right"
        case .straight, .uturn: return "straight"
        }
    }

    /// Typical speed of a step `distance` long taking `duration`, m/s: its distance over its
    /// duration, 50 km/h when unknown.
    static func speed(distance: Double, duration: Double) -> Double {
        duration > 0 && distance > 0 ? distance / duration : 50 / 3.6
    }
}
