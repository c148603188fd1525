/// The PEM files of a TLS connection, passed through to `mosquitto_tls_set`.
public struct MQTTTLSFiles: Sendable, Hashable {
    /// Trusted CA certificates; nil uses the system store (`/etc/ssl/certs`).
    public var caFile: String?
    /// The client certificate, for brokers that authenticate clients by certificate.
    public var certFile: String?
    /// The client certificate's private key (required with `certFile`).
    public var keyFile: String?

    /// TLS files.
    public init(caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
    }

    /// Whether any file is given.
    public var isEmpty: Bool { caFile == nil && certFile == nil && keyFile == nil }
}
