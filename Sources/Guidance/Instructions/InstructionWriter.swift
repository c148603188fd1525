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
        var result = route
        result.legs = route.legs.enumerated().map { i, leg in
            annotate(leg, stop: i < route.legs.count - 1 ? i + 1 : nil)
        }
        result.options.language = phrases.language
        result.options.units = units
        return result
    }

    /// One leg with its words filled in; `stop` is the 1-based number of the waypoint it ends
    /// at when that is an intermediate stop (nil for the final destination).
    public func annotate(_ leg: RouteLeg, stop: Int? = nil) -> RouteLeg {
        var result = leg
        var context = LegContext(steps: leg.steps, stop: stop)
        // Each step's sentence is said in several places (its instruction, the prompts and
        // banners before it): written once per form.
        let plain = leg.steps.indices.map { sentence(context, $0, upcoming: false) }
        let upcoming = leg.steps.indices.map { sentence(context, $0, upcoming: true) }
        context.plain = plain
        context.upcoming = upcoming
        for i in leg.steps.indices {
            result.steps[i].maneuver.instruction = sentence(context, i, upcoming: false)
            let isLast = i == leg.steps.count - 1
            result.steps[i].voiceInstructions = isLast ? [] : voiceInstructions(context, endingStep: i)
            result.steps[i].bannerInstructions = isLast ? [] : [banner(context, endingStep: i)]
        }
        return result
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
    }

    /// The instruction for the maneuver of step `i`; `upcoming` picks the form said before reaching it.
    func sentence(_ leg: LegContext, _ i: Int, upcoming: Bool) -> String {
        let written = upcoming ? leg.upcoming : leg.plain
        return i < written.count ? written[i] : composedSentence(leg, i, upcoming: upcoming)
    }

    /// The sentence of step `i` in the form `upcoming` picks, from the phrase table.
    private func composedSentence(_ leg: LegContext, _ i: Int, upcoming: Bool) -> String {
        let step = leg.steps[i]
        if step.maneuver.type == .arrive, let stop = leg.stop, i == leg.steps.count - 1 {
            let form: PhraseTable.Form = upcoming ? .upcoming : .plain
            return fill(phrases.stop[form] ?? phrases.stop[.plain] ?? "", ["n": phrases.ordinal(stop)])
        }
        let m = step.maneuver
        let way = Self.wayName(step)
        var forms: [PhraseTable.Form] = upcoming ? [.upcoming] : []
        let rotary = step.rotaryName ?? ""
        if m.type == .rotary, m.exit != nil, !rotary.isEmpty {
            forms += way.isEmpty ? [.rotaryExit] : [.rotaryExitOnto, .rotaryExit]
        }
        if (m.type == .roundabout || m.type == .rotary), m.exit != nil {
            forms += way.isEmpty ? [.exit] : [.exitOnto, .exit]
        }
        if !way.isEmpty { forms.append(.onto) } else if step.destinations?.isEmpty == false { forms.append(.towards) }
        forms.append(.plain)
        let template = sentences.sentence(type: m.type, modifier: m.modifier, forms: forms)
        let modifier = m.modifier ?? .straight
        return fill(template) { key in
            switch key {
            case "way": way
            case "destination": step.destinations ?? ""
            case "rotary": rotary
            case "modifier": phrases.modifiers[modifier] ?? ""
            case "side": phrases.sides[Self.side(of: modifier)] ?? ""
            case "direction": phrases.compassPoint(m.bearingAfter)
            case "exit": phrases.ordinal(m.exit ?? 1)
            default: nil
            }
        }
    }

    /// A step's road as said aloud: "name (ref)", the name, or the ref (`;` lists read with `/`).
    static func wayName(_ step: RouteStep) -> String {
        let ref = step.ref.map { $0.utf8.contains(UInt8(ascii: ";")) ? $0.replacing(";", with: " / ") : $0 } ?? ""
        if step.name.isEmpty { return ref }
        return ref.isEmpty ? step.name : "\(step.name) (\(ref))"
    }

    /// `left`, `right` or `straight` for the `{side}` placeholder.
    static func side(of modifier: ManeuverModifier) -> String {
        switch modifier {
        case .left, .slightLeft, .sharpLeft: return "left"
        case .right, .slightRight, .sharpRight: return "right"
        case .straight, .uturn: return "straight"
        }
    }

    /// Typical speed of a step, m/s: its distance over its duration, 50 km/h when unknown.
    static func speed(of step: RouteStep) -> Double {
        step.duration > 0 && step.distance > 0 ? step.distance / step.duration : 50 / 3.6
    }
}
