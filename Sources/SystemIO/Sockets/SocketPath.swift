/// Where the Waygate event socket lives when `--socket` is not given (PROTOCOL.md "Transport").
public enum SocketPath {
    /// The default socket path for a process with `environment` running as `uid`:
    /// `$WAYGATE_SOCKET`, else `/run/waygate/waygate.sock` for root, else
    /// `$XDG_RUNTIME_DIR/waygate.sock`, else `/tmp/waygate-$UID.sock`. Empty variables count as unset.
    public static func resolveDefault(environment: [String: String], uid: UInt32) -> String {
        if let explicit = environment["WAYGATE_SOCKET"], !explicit.isEmpty { return explicit }
        if uid == 0 { return "/run/waygate/waygate.sock" }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime.hasSuffix("/") ? "\(runtime)waygate.sock" : "\(runtime)/waygate.sock"
        }
        return "/tmp/waygate-\(uid).sock"
    }
}
