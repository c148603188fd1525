import Foundation

/// What keeps other web pages open in the same browser away from a loopback server: a page on
/// any site can send requests to `127.0.0.1`, and a DNS name can be re-pointed at it.
///
/// - With loopback-only listening, a `Host` header must name a loopback address or `localhost`
///   (DNS rebinding sends the attacker's name).
/// - `POST /command` must be `Content-Type: application/json` (a cross-site page can only send
///   that after a CORS preflight, which this server never grants), and when the browser says
///   where it comes from (`Origin`), that must be this server itself.
struct BrowserGuard: Sendable {
    /// Whether the server listens on loopback only (the default).
    let loopbackOnly: Bool

    /// The refusal for a request, nil when it may proceed.
    func refusal(method: String, path: String, host: String?, origin: String?, contentType: String?) -> HTTPResponse? {
        if loopbackOnly, let host, !host.isEmpty, !ListenAddress.isLoopbackName(Self.hostName(host)) {
            return .error(403, code: "forbidden", "Host \"\(host)\" is not a loopback address: the live map answers only to 127.0.0.1, [::1] or localhost")
        }
        guard method == "POST", path == "/command" else { return nil }
        if let origin, !origin.isEmpty {
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            if originHost.lowercased() != (host ?? "").lowercased() {
                return .error(403, code: "forbidden", "cross-origin request from \(origin) refused")
            }
        }
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        if type != "application/json" {
            return .error(415, code: "bad_request", "\(path) needs Content-Type: application/json, got \(contentType.map { "\"\($0)\"" } ?? "none")")
        }
        return nil
    }

    /// The name or address of a `Host` value, without port and brackets.
    static func hostName(_ host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[host.index(after: host.startIndex)..<close]) }
        if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") { return String(host[..<colon]) }
        return host
    }
}
