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
        // ASCII names (most): the same comparison on bytes, without Character arrays. A byte is
        // a Character there (no CR, which would join a following LF) and lowercases on its own.
        if let x = asciiLowercased(a), let y = asciiLowercased(b) {
            return isSuffixChange(x, y, isCompassPart: isCompassPart)
        }
        return isSuffixChange(Array(a.lowercased()), Array(b.lowercased())) { part in
            let word = String(part).trimmingCharacters(in: " ")
            return word.isEmpty || suffixes.contains(word)
        }
    }

    /// The comparison on lower-cased elements (characters or ASCII bytes); `isCompassPart` tells
    /// whether what is left around the common run is nothing or a compass word, spaces trimmed.
    private static func isSuffixChange<Element: Equatable>(_ a: [Element], _ b: [Element], isCompassPart: (ArraySlice<Element>) -> Bool) -> Bool {
        guard !a.isEmpty, !b.isEmpty, a != b else { return false }
        let (start, bStart, length) = longestCommonRun(a, b)
        guard length > 0 else { return false }
        return isCompassPart(a[..<start]) && isCompassPart(a[(start + length)...]) && isCompassPart(b[..<bStart])
            && isCompassPart(b[(bStart + length)...])
    }

    /// Longest of the compass words (`north`, `south`).
    private static let longestSuffix = suffixes.map(\.utf8.count).max() ?? 0

    /// Whether ASCII bytes, spaces trimmed, are nothing or a compass word.
    private static func isCompassPart(_ part: ArraySlice<UInt8>) -> Bool {
        var start = part.startIndex, end = part.endIndex
        while start < end, part[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, part[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard start < end else { return true }
        return end - start <= longestSuffix && suffixes.contains(String(decoding: part[start..<end], as: UTF8.self))
    }

    /// The bytes of `text` lower-cased when it is ASCII without a carriage return, else nil.
    private static func asciiLowercased(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80, byte != 0x0D else { return nil }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return bytes
    }

    /// Start in `a`, start in `b` and length of the longest run of elements both share (the first found).
    static func longestCommonRun<Element: Equatable>(_ a: [Element], _ b: [Element]) -> (Int, Int, Int) {
        var best = (0, 0, 0)
        var previous = [Int](repeating: 0, count: b.count + 1), current = previous
        for i in 1...a.count {
            for j in 1...b.count {
                if a[i - 1] == b[j - 1] {
                    current[j] = previous[j - 1] + 1
                    if current[j] > best.2 { best = (i - current[j], j - current[j], current[j]) }
                } else {
                    current[j] = 0
                }
            }
            swap(&previous, &current)
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
