/// Whether a change of street name and ref is worth telling the driver, after OSRM's
/// name-announcement rule: going from a named road onto an unnamed one, onto a name that
/// starts with the other (`Via Roma` → `Via Roma Nord`), or onto one that differs only by a
/// compass suffix or prefix (`42 N` → `42 S`) with refs contained in one another, is not a new
/// road; leaving an unnamed road for a named one, or swapping a name for a ref, is.
enum NameChange {
    /// Compass words that name the same road when only they differ (OSRM car profile's suffix list).
    static let suffixes: Set<String> = ["n", "ne", "e", "se", "s", "sw", "w", "nw", "north", "south", "west", "east", "nor", "sou", "we", "ea"]

    /// Whether going from `from` to `to` (name and ref, nil for missing) is announced.
    static func isAnnounced(from: (name: String?, ref: String?), to: (name: String?, ref: String?)) -> Bool {
        let fromName = from.name ?? "", fromRef = from.ref ?? "", toName = to.name ?? "", toRef = to.ref ?? ""
        if fromName.isEmpty && fromRef.isEmpty { return !(toName.isEmpty && toRef.isEmpty) }
        let namesEmpty = fromName.isEmpty && toName.isEmpty
        let refContained = fromRef.isEmpty || toRef.isEmpty || fromRef == toRef || fromRef.contains(toRef) || toRef.contains(fromRef)
        let swapsNameAndRef = (fromName.isEmpty && !fromRef.isEmpty && !toName.isEmpty && toRef.isEmpty)
            || (!fromName.isEmpty && fromRef.isEmpty && toName.isEmpty && !toRef.isEmpty)
        if swapsNameAndRef || (namesEmpty && !refContained) { return true }
        let namesEqual = fromName == toName || fromName.hasPrefix(toName) || toName.hasPrefix(fromName)
        let nameRemoved = !fromName.isEmpty && toName.isEmpty
        let refsEmpty = fromRef.isEmpty && toRef.isEmpty
        let refRemoved = !fromRef.isEmpty && toRef.isEmpty
        if (namesEmpty && refsEmpty) || (namesEqual && (refContained || refsEmpty || refRemoved)) || (refContained && nameRemoved) {
            return false
        }
        // Not obvious from names and refs alone: only a compass-word change keeps the road (the
        // costly check, left for last).
        return !isSuffixChange(fromName, toName)
    }

    /// Whether two names differ only by compass words around their longest common part.
    static func isSuffixChange(_ a: String, _ b: String) -> Bool {
        guard a != b else { return false }
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        guard !a.isEmpty, !b.isEmpty, a != b else { return false }
        let (start, bStart, length) = longestCommonRun(a, b)
        guard length > 0 else { return false }
        let parts = [a[..<start], a[(start + length)...], b[..<bStart], b[(bStart + length)...]]
        return parts.allSatisfy { part in
            let word = String(part).trimmingCharacters(in: " ")
            return word.isEmpty || suffixes.contains(word)
        }
    }

    /// Start in `a`, start in `b` and length of the longest run of characters both share.
    static func longestCommonRun(_ a: [Character], _ b: [Character]) -> (Int, Int, Int) {
        var best = (0, 0, 0)
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 1...b.count where a[i - 1] == b[j - 1] {
                current[j] = previous[j - 1] + 1
                if current[j] > best.2 { best = (i - current[j], j - current[j], current[j]) }
            }
            previous = current
        }
        return best
    }
}

extension String {
    /// The string without leading and trailing `character`s.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
