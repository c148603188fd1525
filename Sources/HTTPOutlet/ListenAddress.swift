/// The numeric host the HTTP server binds, with the loopback rule applied.
struct ListenAddress: Sendable, Hashable {
    /// The numeric host (`localhost` becomes `127.0.0.1`).
    let host: String

    /// Checks `host`: numeric IPv4 or IPv6, or `localhost`; refused when not loopback unless `allowNonLoopback`.
    init(host: String, allowNonLoopback: Bool) throws(HTTPOutletError) {
        let numeric = host == "localhost" ? "127.0.0.1" : host
        guard Self.isIPv4(numeric) || Self.isIPv6(numeric) else { throw .badAddress(host) }
        guard allowNonLoopback || Self.isLoopback(numeric) else { throw .nonLoopbackAddress(host) }
        self.host = numeric
    }

    /// A loopback address or `localhost` (any case).
    static func isLoopbackName(_ host: String) -> Bool { host.lowercased() == "localhost" || isLoopback(host) }

    /// 127.0.0.0/8, `::1` and `::ffff:127.x.x.x`.
    static func isLoopback(_ host: String) -> Bool {
        if isIPv4(host) { return host.hasPrefix("127.") }
        let lower = host.lowercased()
        if lower == "::1" || lower == "0:0:0:0:0:0:0:1" { return true }
        if lower.hasPrefix("::ffff:"), isIPv4(String(lower.dropFirst(7))) { return lower.dropFirst(7).hasPrefix("127.") }
        return false
    }

    static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { $0.count >= 1 && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) && (Int($0) ?? 256) <= 255 }
    }

    static func isIPv6(_ host: String) -> Bool {
        host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    /// `host:port`, with brackets around an IPv6 host.
    func description(port: UInt16) -> String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

extension Character {
    /// Whether this is one of `0`…`9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
