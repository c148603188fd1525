/// The Viterbi recursion over columns of candidates in cost space (negative log-probabilities):
/// each column keeps, per candidate, the cost of the best chain ending there and which candidate
/// of the previous column that chain came from.
public struct ViterbiDecoder: Sendable {
    /// The candidates of one fix with their best chain costs and back pointers.
    public struct Column: Sendable {
        /// The candidates of the fix.
        public var candidates: [Candidate]
        /// Cost of the best chain ending at each candidate, shifted so the minimum is 0.
        public var costs: [Double]
        /// Index in the previous column of each candidate's predecessor (-1 in a first column).
        public var predecessors: [Int]

        /// The index of the cheapest candidate, nil for an empty column.
        public var bestIndex: Int? { costs.indices.min { (costs[$0], $0) < (costs[$1], $1) } }
    }

    /// Whether every column is kept for `bestPath()` (offline) or only the last (live).
    public let keepsHistory: Bool
    /// The columns since the last `start` (only the last one unless `keepsHistory`).
    public private(set) var columns: [Column] = []

    /// A decoder that keeps all columns for backtracking (`keepsHistory`) or only the latest.
    public init(keepsHistory: Bool) { self.keepsHistory = keepsHistory }

    /// The latest column, nil before the first `start`.
    public var last: Column? { columns.last }

    /// Forgets everything; the next column must come through `start`.
    public mutating func reset() { columns.removeAll(keepingCapacity: true) }

    /// Begins a new chain whose first column is `candidates` costed by emission alone.
    public mutating func start(with candidates: [Candidate]) {
        reset()
        columns.append(Column(candidates: candidates, costs: normalized(candidates.map(\.emissionCost)), predecessors: candidates.map { _ in -1 }))
    }

    /// Appends the column of `candidates` given row-major `transitionCosts` from the latest column
    /// (`[i * candidates.count + j]`). Returns false, changing nothing, when no candidate can be
    /// reached from any candidate of the latest column (or there is no latest column).
    public mutating func advance(to candidates: [Candidate], transitionCosts: [Double]) -> Bool {
        guard let previous = columns.last, !candidates.isEmpty else { return false }
        var costs = [Double](repeating: .infinity, count: candidates.count)
        var predecessors = [Int](repeating: -1, count: candidates.count)
        for (i, before) in previous.costs.enumerated() where before.isFinite {
            let row = i * candidates.count
            for j in candidates.indices {
                let cost = before + transitionCosts[row + j]
                if cost < costs[j] {
                    costs[j] = cost
                    predecessors[j] = i
                }
            }
        }
        for j in candidates.indices { costs[j] += candidates[j].emissionCost }
        guard costs.contains(where: \.isFinite) else { return false }
        let column = Column(candidates: candidates, costs: normalized(costs), predecessors: predecessors)
        if keepsHistory { columns.append(column) } else { columns[columns.count - 1] = column }  // in place: no new array per fix
        return true
    }

    /// The index of the chosen candidate in every kept column, by backtracking from the cheapest
    /// candidate of the latest column (meaningful only with `keepsHistory`).
    public func bestPath() -> [Int] {
        guard var index = columns.last?.bestIndex else { return [] }
        var path = [Int](repeating: 0, count: columns.count)
        for c in columns.indices.reversed() {
            path[c] = index
            index = columns[c].predecessors[index]
            if index < 0 && c > 0 { break }
        }
        return path
    }

    /// The posterior probability of each candidate of the latest column (softmax of −cost).
    public func posteriors() -> [Double] {
        guard let costs = columns.last?.costs else { return [] }
        let weights = costs.map { Probability.of(cost: $0) }
        let total = weights.reduce(0, +)
        return total > 0 ? weights.map { $0 / total } : weights
    }

    private func normalized(_ costs: [Double]) -> [Double] {
        let least = costs.min() ?? 0
        return least.isFinite ? costs.map { $0 - least } : costs
    }
}
