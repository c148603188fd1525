import Geodesy

/// Where along the route a banner or voice instruction becomes due.
struct InstructionTrigger: Sendable, Hashable {
    /// Route-wide metres at which the instruction is due: the step's end minus `distanceAlongGeometry`
    /// (clamped to the step's start).
    var position: Meters
    /// Route-wide metres of the maneuver it announces (the step's end).
    var maneuverPosition: Meters
    /// Leg of the step holding the instruction.
    var legIndex: Int
    /// Step holding the instruction.
    var stepIndex: Int
    /// Index of the instruction in the step's array.
    var index: Int
}

/// Walks a position-sorted list of triggers exactly once each.
///
/// Policy (documented in docs/navigation.md): every trigger is consumed once, in order. When one
/// update crosses several triggers, only the last crossed one is fired — the earlier ones are
/// superseded (a stale "in 200 m" right before "now" is noise, Mapbox issue android#3639). A trigger
/// whose maneuver is already more than `staleDistance` metres behind the vehicle is dropped too.
struct InstructionCursor: Sendable, Hashable {
    /// Index of the next trigger not yet consumed.
    private(set) var next = 0

    /// Consumes every trigger due at `traveled` (not beyond `legIndex`) and returns the one to fire.
    mutating func advance(in triggers: [InstructionTrigger], to traveled: Meters, legIndex: Int,
                          staleDistance: Meters) -> InstructionTrigger? {
        var fired: InstructionTrigger?
        while next < triggers.count, triggers[next].position <= traveled + 0.001, triggers[next].legIndex <= legIndex {
            fired = triggers[next]
            next += 1
        }
        guard let fired, fired.maneuverPosition >= traveled - staleDistance else { return nil }
        return fired
    }

    /// Consumes every trigger up to and including `index` without firing them.
    mutating func skip(through index: Int) {
        next = max(next, index + 1)
    }
}
