/// Distances as a notification shows them: "in 200 m", "in 1.2 km" (Italian "tra 200 m", "tra 1,2 km").
enum DistanceText {
    /// The distance `metres` before a maneuver, rounded like spoken prompts (10 m under a
    /// kilometre, 100 m above); "now"/"ora" under 15 m; nil for a negative or non-finite value
    /// and for one above `largest` (no drive has it: a server's garbage, never converted to `Int`).
    static func spoken(_ metres: Double, language: String?) -> String? {
        guard metres.isFinite, metres >= 0, metres <= largest else { return nil }
        let italian = language.map { $0.lowercased().hasPrefix("it") } ?? false
        if metres < 15 { return italian ? "ora" : "now" }
        let preposition = italian ? "tra" : "in"
        if metres < 995 {
            return "\(preposition) \(Int((metres / 10).rounded()) * 10) m"
        }
        let tenths = Int((metres / 100).rounded())
        let whole = tenths / 10, fraction = tenths % 10
        let number = fraction == 0 ? "\(whole)" : "\(whole)\(italian ? "," : ".")\(fraction)"
        return "\(preposition) \(number) km"
    }

    /// The largest distance spoken, metres: a million kilometres, far beyond any route.
    static let largest: Double = 1e9
}
