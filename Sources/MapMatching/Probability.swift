/// Conversions between matching costs (negative natural-log probabilities) and probabilities.
/// The pure layers stay off the C math library (DESIGN.md §2.3), so `exp` is computed here by range reduction and a
/// Taylor series (relative error below 1e-15 for the costs that occur, 0…745).
enum Probability {
    /// `e^(-cost)`: the probability of a cost; 0 for costs beyond 745 (below the smallest Double).
    static func of(cost: Double) -> Double {
        guard cost.isFinite else { return cost < 0 ? .infinity : 0 }
        let x = -cost
        if x < -745 { return 0 }
        let ln2 = 0.693_147_180_559_945_3
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        for n in 1...13 {
            term *= r / Double(n)
            sum += term
        }
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }
}
