/// Where along a step the spoken prompts for the maneuver at its end are triggered, by the
/// typical speed of the step (its distance over its duration).
///
/// Each speed class has an early and a near distance (metres before the maneuver); a last
/// prompt comes about two seconds before the maneuver (15–60 m). A step longer than 1.5 × the
/// early distance first gets "Continue for …" at its start; a step too short for the early
/// (or near) prompt gets its first "In …" prompt at its start instead, if that is at least
/// 40 m before the last prompt. Prompts closer than 30 m or
/// 20 % to the previous one are dropped. Two maneuvers are said together ("…, then …") when
/// the step between them is shorter than the class's `chainDistance`.
public struct AnnouncementSchedule: Sendable, Hashable {
    /// Trigger distances of one speed class, metres before the maneuver.
    public struct Distances: Sendable, Hashable {
        /// The first "In …" prompt.
        public var early: Double
        /// The second, close prompt.
        public var near: Double
        /// A following step shorter than this is announced together with this maneuver.
        public var chainDistance: Double

        /// Distances from their parts, metres.
        public init(early: Double, near: Double, chainDistance: Double) {
            self.early = early
            self.near = near
            self.chainDistance = chainDistance
        }
    }

    /// What a prompt says.
    public enum Kind: Sendable, Hashable {
        /// The departure instruction, at the start of the first step.
        case departure
        /// "Continue for {distance}" at the start of a long step.
        case continueFor
        /// "In {distance}, {instruction}".
        case ahead
        /// "{instruction}" just before the maneuver.
        case atManeuver
    }

    /// One planned prompt.
    public struct Trigger: Sendable, Hashable {
        /// Metres before the end of the step.
        public var distanceAlongGeometry: Double
        /// What it says.
        public var kind: Kind
    }

    /// Below this speed (m/s, 60 km/h) a step counts as urban.
    public var urbanBelow: Double = 60 / 3.6
    /// Below this speed (m/s, 90 km/h) a step counts as rural; at or above, as motorway.
    public var ruralBelow: Double = 90 / 3.6
    /// Urban roads: 400 m, 100 m; chain within 150 m.
    public var urban = Distances(early: 400, near: 100, chainDistance: 150)
    /// Rural roads: 1 km, 200 m; chain within 300 m.
    public var rural = Distances(early: 1_000, near: 200, chainDistance: 300)
    /// Motorways: 2 km, 300 m; chain within 450 m.
    public var motorway = Distances(early: 2_000, near: 300, chainDistance: 450)

    /// The standard schedule described above.
    public init() {}

    /// The distances for a road travelled at `speed` m/s.
    public func distances(forSpeed speed: Double) -> Distances {
        speed < urbanBelow ? urban : speed < ruralBelow ? rural : motorway
    }

    /// The prompts for a step of `length` metres travelled at `speed` m/s, farthest first.
    public func triggers(length: Double, speed: Double, isDeparture: Bool) -> [Trigger] {
        let d = distances(forSpeed: speed)
        var candidates: [Trigger] = []
        candidates.reserveCapacity(4)  // at most: a first prompt, two "In …", the last one
        if isDeparture {
            candidates.append(Trigger(distanceAlongGeometry: length, kind: .departure))
        } else if length > d.early * 1.5 {
            candidates.append(Trigger(distanceAlongGeometry: length, kind: .continueFor))
        }
        if length > d.early * 1.2 {
            candidates.append(Trigger(distanceAlongGeometry: d.early, kind: .ahead))
        } else if length > d.near * 1.5 {
            candidates.append(Trigger(distanceAlongGeometry: length, kind: .ahead))
        }
        if length > d.near * 1.2 { candidates.append(Trigger(distanceAlongGeometry: d.near, kind: .ahead)) }
        let atManeuver = min(length, min(60, max(15, speed * 2)))
        if !isDeparture, !candidates.contains(where: { $0.kind == .ahead }), length >= atManeuver + 40 {
            candidates.append(Trigger(distanceAlongGeometry: length, kind: .ahead))
        }
        candidates.append(Trigger(distanceAlongGeometry: atManeuver, kind: .atManeuver))
        var kept: [Trigger] = []
        kept.reserveCapacity(candidates.count)
        for c in candidates {
            if let last = kept.last?.distanceAlongGeometry, c.distanceAlongGeometry > last * 0.8 || last - c.distanceAlongGeometry < 30 {
                // Too close to the previous prompt: keep the maneuver prompt in place of a weaker one.
                if c.kind == .atManeuver && kept[kept.count - 1].kind == .ahead { kept[kept.count - 1] = c }
                continue
            }
            kept.append(c)
        }
        return kept
    }
}
