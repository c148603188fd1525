import JSON
import Timekeeping

/// Field-by-field agreement of report lines with gpsd's own for the same input, as
/// docs/gpsd-compatibility.md defines it: the n-th TPV is compared with the n-th TPV (SKY, GST
/// likewise); every key present on either side counts as one field, every key of every satellite
/// entry as one field; a missing or extra report counts all its fields as different; times are
/// equal modulo gpsd 3.22's 1024-week shift.
public struct GPSDAgreement: Sendable {
    /// gpsd 3.22 moves dates before 2017 forward by 1024 weeks; Waygate reports the true date.
    public static let weekRollover = 619_315_200.0
    /// The report classes compared.
    public static let classes = ["TPV", "SKY", "GST"]

    /// Equal and compared fields.
    public struct Tally: Sendable, Hashable {
        /// Fields equal on both sides.
        public var equal = 0
        /// Fields compared.
        public var total = 0
        /// A tally of `equal` out of `total` fields.
        public init(equal: Int = 0, total: Int = 0) {
            self.equal = equal
            self.total = total
        }
        /// `equal / total` (1 when nothing was compared).
        public var share: Double { total == 0 ? 1 : Double(equal) / Double(total) }
        /// Adds another tally.
        public static func + (a: Tally, b: Tally) -> Tally { Tally(equal: a.equal + b.equal, total: a.total + b.total) }
    }

    /// Tallies per report class (`TPV`, `SKY`, `GST`).
    public private(set) var byClass: [String: Tally] = [:]
    /// The first differing fields, as `TPV#3.lat: gpsd 1.5 waygate -`.
    public private(set) var mismatches: [String] = []
    private let mismatchLimit: Int

    /// All classes together.
    public var all: Tally { byClass.values.reduce(Tally(), +) }
    /// TPV fields only (the position reports).
    public var tpv: Tally { byClass["TPV", default: Tally()] }
    /// SKY fields only (the satellite views, every key of every satellite entry counted).
    public var sky: Tally { byClass["SKY", default: Tally()] }

    /// Compares `actual` report lines with gpsd's `expected` lines; lines that are not JSON
    /// objects are ignored on both sides. Keeps at most `mismatchLimit` mismatch descriptions.
    public init(expected: [String], actual: [String], mismatchLimit: Int = 400) {
        self.mismatchLimit = mismatchLimit
        let e = expected.compactMap(Self.object), a = actual.compactMap(Self.object)
        for cls in Self.classes {
            let ec = e.filter { $0["class"]?.stringValue == cls }, ac = a.filter { $0["class"]?.stringValue == cls }
            var tally = Tally()
            for i in 0..<max(ec.count, ac.count) {
                compare(i < ec.count ? ec[i] : [:], i < ac.count ? ac[i] : [:], path: "\(cls)#\(i)", into: &tally)
            }
            byClass[cls] = tally
        }
    }

    static func object(_ line: String) -> [String: JSONValue]? {
        (try? JSONValue(parsing: Array(line.utf8)))?.objectValue
    }

    private mutating func compare(_ e: [String: JSONValue], _ a: [String: JSONValue], path: String, into tally: inout Tally) {
        for key in Set(e.keys).union(a.keys).sorted() where key != "class" {
            if key == "satellites" {
                let es = Self.entries(e[key]), as_ = Self.entries(a[key])
                for j in 0..<max(es.count, as_.count) {
                    compare(j < es.count ? es[j] : [:], j < as_.count ? as_[j] : [:], path: "\(path).sat\(j)", into: &tally)
                }
                continue
            }
            tally.total += 1
            if Self.same(key, e[key], a[key]) {
                tally.equal += 1
            } else if mismatches.count < mismatchLimit {
                mismatches.append("\(path).\(key): gpsd \(Self.text(e[key])) waygate \(Self.text(a[key]))")
            }
        }
    }

    private static func entries(_ value: JSONValue?) -> [[String: JSONValue]] {
        guard case .array(let items)? = value else { return [] }
        return items.map { $0.objectValue ?? [:] }
    }

    private static func text(_ value: JSONValue?) -> String {
        guard let value else { return "-" }
        return String(decoding: value.serialized, as: UTF8.self)
    }

    private static func same(_ key: String, _ e: JSONValue?, _ a: JSONValue?) -> Bool {
        guard let e, let a else { return e == nil && a == nil }
        if key == "time", let es = e.stringValue, let as_ = a.stringValue {
            guard let et = GPSDTime.parse(es)?.secondsSince1970, let at = GPSDTime.parse(as_)?.secondsSince1970 else { return es == as_ }
            return et == at || et - weekRollover == at
        }
        if let ed = e.doubleValue, let ad = a.doubleValue { return ed == ad }
        return e == a
    }
}
