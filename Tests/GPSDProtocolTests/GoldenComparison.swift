import Foundation

/// Field-by-field agreement between Waygate's gpsd reports and gpsd 3.22's for one log.
struct GoldenComparison {
    /// Fields Waygate does not reproduce on purpose (docs/gpsd-compatibility.md says why).
    static let excludedFields: Set<String> = ["magvar", "magtrack"]
    /// gpsd 3.22 moves dates before 2017 forward by 1024 weeks; Waygate reports the true date.
    static let weekRollover = 619_315_200.0

    var equal = 0
    var total = 0
    var mismatches: [String] = []

    var agreement: Double { total == 0 ? 1 : Double(equal) / Double(total) }

    /// Compares report lines class by class, the n-th TPV (SKY, GST) with the n-th.
    init(expected: [String], actual: [String]) {
        for cls in ["TPV", "SKY", "GST"] {
            let e = expected.compactMap(Self.object).filter { $0["class"] as? String == cls }
            let a = actual.compactMap(Self.object).filter { $0["class"] as? String == cls }
            for i in 0..<max(e.count, a.count) {
                compare(i < e.count ? e[i] : [:], i < a.count ? a[i] : [:], path: "\(cls)#\(i)")
            }
        }
    }

    static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    private mutating func compare(_ e: [String: Any], _ a: [String: Any], path: String) {
        for key in Set(e.keys).union(a.keys) where key != "class" && !Self.excludedFields.contains(key) {
            if key == "satellites" {
                let es = e[key] as? [[String: Any]] ?? [], as_ = a[key] as? [[String: Any]] ?? []
                for j in 0..<max(es.count, as_.count) {
                    compare(j < es.count ? es[j] : [:], j < as_.count ? as_[j] : [:], path: "\(path).sat\(j)")
                }
                continue
            }
            total += 1
            if Self.same(key, e[key], a[key]) {
                equal += 1
            } else if mismatches.count < 400 {
                mismatches.append("\(path).\(key): gpsd \(e[key].map { "\($0)" } ?? "-") waygate \(a[key].map { "\($0)" } ?? "-")")
            }
        }
    }

    private static func same(_ key: String, _ e: Any?, _ a: Any?) -> Bool {
        guard let e, let a else { return e == nil && a == nil }
        if key == "time", let es = e as? String, let as_ = a as? String {
            guard let et = seconds(es), let at = seconds(as_) else { return es == as_ }
            return et == at || et - weekRollover == at
        }
        return "\(e)" == "\(a)"
    }

    private static func seconds(_ iso: String) -> Double? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: iso)?.timeIntervalSince1970
    }
}
