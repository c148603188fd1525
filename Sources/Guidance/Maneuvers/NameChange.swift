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
        let refContained = fromRef.isEmpty || toRef.isEmpty || fromRef == toRef || contains(fromRef, toRef) || contains(toRef, fromRef)
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

    /// Whether `text` contains `part` (both not empty), as `String.contains` tells: ASCII strings
    /// without a carriage return (a byte is a Character there) compared on their bytes in place.
    static func contains(_ text: String, _ part: String) -> Bool {
        var text = text, part = part
        let answer = text.withUTF8 { t in
            part.withUTF8 { p -> Bool? in
                guard isPlainASCII(t), isPlainASCII(p) else { return nil }
                guard p.count <= t.count else { return false }
                for start in 0...(t.count - p.count) where t[start] == p[0] {
                    var k = 1
                    while k < p.count, t[start + k] == p[k] { k += 1 }
                    if k == p.count { return true }
                }
                return false
            }
        }
        return answer ?? text.contains(part)
    }

    /// Whether every byte is ASCII and none is a carriage return.
    private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 >= 0x80 || $0 == 0x0D }
    }

    /// Whether two names differ only by compass words around their longest common part.
    static func isSuffixChange(_ a: String, _ b: String) -> Bool {
        guard a != b else { return false }
        // ASCII names (most): the same comparison on their UTF-8 bytes in place, lower-cased as
        // they are read, without copies. A byte is a Character there (no CR, which would join a
        // following LF) and lowercases on its own.
        var a = a, b = b
        if let answer = a.withUTF8({ x in b.withUTF8 { y in asciiSuffixChange(x, y) } }) { return answer }
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        // The same quick reject as for ASCII names, on Characters.
        guard sameNonCompassCharacters(x, y) else { return false }
        return isSuffixChange(x, y) { part in
            let word = String(part).trimmingCharacters(in: " ")
            return word.isEmpty || suffixes.contains(word)
        }
    }

    /// The comparison on lower-cased elements (characters); `isCompassPart` tells whether what is
    /// left around the common run is nothing or a compass word, spaces trimmed.
    private static func isSuffixChange<Element: Equatable>(_ a: [Element], _ b: [Element], isCompassPart: (ArraySlice<Element>) -> Bool) -> Bool {
        guard !a.isEmpty, !b.isEmpty, a != b else { return false }
        let (start, bStart, length) = longestCommonRun(a, b)
        guard length > 0 else { return false }
        return isCompassPart(a[..<start]) && isCompassPart(a[(start + length)...]) && isCompassPart(b[..<bStart])
            && isCompassPart(b[(bStart + length)...])
    }

    /// The same comparison on two ASCII names' bytes, each byte lower-cased where it is read; nil
    /// when either name is not ASCII or holds a carriage return. The longest common run is the
    /// first found, as `longestCommonRun` finds it, its two rows in a temporary buffer.
    private static func asciiSuffixChange(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard isPlainASCII(a), isPlainASCII(b) else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return false }
        if a.count == b.count, !zip(a, b).contains(where: { lower($0) != lower($1) }) { return false }
        // Quick reject: outside the common run only compass letters and spaces may be left, so
        // every other byte of either name lies in the run, which both share: names holding any
        // other byte a different number of times are no compass change (most pairs asked).
        guard sameNonCompassBytes(a, b) else { return false }
        let width = b.count + 1
        let (start, bStart, length) = withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * width) { rows in
            rows.initialize(repeating: 0)
            var best = (0, 0, 0), previous = 0, current = width
            for i in 1...a.count {
                let x = lower(a[i - 1])
                for j in 1...b.count {
                    if x == lower(b[j - 1]) {
                        let run = rows[previous + j - 1] + 1
                        rows[current + j] = run
                        if run > best.2 { best = (i - run, j - run, run) }
                    } else {
                        rows[current + j] = 0
                    }
                }
                swap(&previous, &current)
            }
            return best
        }
        guard length > 0 else { return false }
        return isCompassPart(a[..<start]) && isCompassPart(a[(start + length)...]) && isCompassPart(b[..<bStart])
            && isCompassPart(b[(bStart + length)...])
    }

    /// Whether two ASCII names hold every byte other than a compass word's letters and the space
    /// (lower-cased) equally often.
    private static func sameNonCompassBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 128) { counts in
            counts.initialize(repeating: 0)
            for byte in a { counts[Int(lower(byte))] += 1 }
            for byte in b { counts[Int(lower(byte))] -= 1 }
            for byte in a where !isCompassLetter(lower(byte)) && counts[Int(lower(byte))] != 0 { return false }
            for byte in b where !isCompassLetter(lower(byte)) && counts[Int(lower(byte))] != 0 { return false }
            return true
        }
    }

    /// Whether two lower-cased names hold every Character other than a compass word's letters and
    /// the space equally often (`sameNonCompassBytes` for names that are not ASCII).
    private static func sameNonCompassCharacters(_ a: [Character], _ b: [Character]) -> Bool {
        var counts: [Character: Int] = [:]
        for c in a where !(c.asciiValue.map(isCompassLetter) ?? false) { counts[c, default: 0] += 1 }
        for c in b where !(c.asciiValue.map(isCompassLetter) ?? false) { counts[c, default: 0] -= 1 }
        return counts.values.allSatisfy { $0 == 0 }
    }

    /// Whether a lower-cased ASCII byte is a space or a letter of a compass word (`suffixes`).
    private static func isCompassLetter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "n"), UInt8(ascii: "e"), UInt8(ascii: "s"), UInt8(ascii: "w"), UInt8(ascii: "o"),
             UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "h"), UInt8(ascii: "u"), UInt8(ascii: "a"):
            true
        default: false
        }
    }

    /// An ASCII byte lower-cased.
    @inline(__always) private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The compass words' bytes.
    private static let suffixBytes = suffixes.map { Array($0.utf8) }

    /// Whether ASCII bytes, lower-cased and spaces trimmed, are nothing or a compass word.
    private static func isCompassPart(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var start = part.startIndex, end = part.endIndex
        while start < end, part[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, part[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard start < end else { return true }
        return suffixBytes.contains { word in
            word.count == end - start && word.indices.allSatisfy { word[$0] == lower(part[start + $0]) }
        }
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
