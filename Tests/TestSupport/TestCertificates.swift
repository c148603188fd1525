import Foundation

/// A private CA and a server certificate for 127.0.0.1, made with the openssl command line, for a
/// mosquitto TLS listener (`cafile`, `certfile`, `keyfile`) and a client that trusts the CA.
public struct TestCertificates: Sendable {
    /// The CA certificate, the server certificate and its key (PEM files).
    public let ca: String, cert: String, key: String

    /// Makes the three files in `dir` (a few hundred milliseconds of RSA key generation).
    public init(in dir: TemporaryDirectory) throws {
        ca = dir.file("ca.pem")
        cert = dir.file("server.pem")
        key = dir.file("server.key")
        let caKey = dir.file("ca.key"), csr = dir.file("server.csr"), ext = dir.file("san.ext")
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: ext, atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey, "-out", ca, "-days", "2", "-subj", "/CN=waygate test CA"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr, "-subj", "/CN=127.0.0.1"],
            ["x509", "-req", "-in", csr, "-CA", ca, "-CAkey", caKey, "-CAcreateserial", "-out", cert, "-days", "2", "-extfile", ext],
        ]
        for (n, step) in steps.enumerated() {
            let openssl = try ChildProcess("/usr/bin/openssl", step, stderr: dir.file("openssl\(n).err"))
            guard openssl.wait(timeout: 30) == 0 else { throw MosquittoTestError("openssl \(step[0]) failed: \((try? String(contentsOfFile: dir.file("openssl\(n).err"), encoding: .utf8)) ?? "")") }
        }
        // mosquitto drops root for user `mosquitto`, which must read the key.
        for file in [ca, cert, key] { try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file) }
    }
}

extension LoopbackMosquitto {
    /// A broker that speaks TLS only, with a certificate made by `TestCertificates` in `dir`,
    /// and accepts `user` with `password` and no anonymous client.
    public static func secured(dir: TemporaryDirectory, user: String, password: String) throws -> (broker: LoopbackMosquitto, certificates: TestCertificates) {
        let certificates = try TestCertificates(in: dir)
        let passwords = dir.file("passwords")
        let passwd = try ChildProcess("/usr/bin/mosquitto_passwd", ["-b", "-c", passwords, user, password])
        guard passwd.wait(timeout: 10) == 0 else { throw MosquittoTestError("mosquitto_passwd failed") }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passwords)
        let broker = try LoopbackMosquitto(dir: dir, allowAnonymous: false, extraConfig: """
            cafile \(certificates.ca)
            certfile \(certificates.cert)
            keyfile \(certificates.key)
            password_file \(passwords)

            """)
        return (broker, certificates)
    }
}
