/// Where the broker listens, read from `mqtt://[user[:password]@]HOST[:PORT]` (plain TCP, port
/// 1883 by default) or `mqtts://…` (TLS, port 8883 by default). IPv6 hosts go in brackets.
public struct MQTTBrokerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host name or address (without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// Whether the connection uses TLS (`mqtts://`).
    public var usesTLS: Bool
    /// The user name given in the URL, if any.
    public var username: String?
    /// The password given in the URL, if any.
    public var password: String?

    /// An address.
    public init(host: String, port: Int, usesTLS: Bool = false, username: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
        self.username = username
        self.password = password
    }

    /// Reads a broker URL; the error names the URL and what is wrong with it.
    public init(url: String) throws(MQTTError) {
        let rest: Substring
        if url.hasPrefix("mqtt://") {
            usesTLS = false
            rest = url.dropFirst("mqtt://".count)
        } else if url.hasPrefix("mqtts://") {
            usesTLS = true
            rest = url.dropFirst("mqtts://".count)
        } else {
            throw .badURL(url, reason: "the scheme must be mqtt:// or mqtts://")
        }
        var authority = rest
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.contains("/") || authority.contains("?") || authority.contains("#") {
            throw .badURL(url, reason: "a broker URL has no path, query or fragment (topics are waygate/<vehicle>/…)")
        }
        username = nil
        password = nil
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                username = String(credentials[..<colon])
                password = String(credentials[credentials.index(after: colon)...])
            } else {
                username = String(credentials)
            }
            if username?.isEmpty == true { throw .badURL(url, reason: "the user name before \"@\" is empty") }
        }
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .badURL(url, reason: "the IPv6 address has no closing \"]\"") }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.isEmpty {
                portPart = nil
            } else if after.hasPrefix(":") {
                portPart = after.dropFirst()
            } else {
                throw .badURL(url, reason: "unexpected \"\(after)\" after the IPv6 address")
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority
            portPart = nil
        }
        guard !hostPart.isEmpty else { throw .badURL(url, reason: "the host is empty") }
        host = String(hostPart)
        if let portPart {
            guard let value = Int(portPart), (1...65535).contains(value) else {
                throw .badURL(url, reason: "the port \"\(portPart)\" is not a number from 1 to 65535")
            }
            port = value
        } else {
            port = usesTLS ? 8883 : 1883
        }
    }

    /// The URL without credentials: `mqtt://host:port` (safe to log).
    public var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(usesTLS ? "mqtts" : "mqtt")://\(shown):\(port)"
    }
}
