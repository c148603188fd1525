/// Errors of the RoadGraph module (loading the binary form, inconsistent input).
public enum RoadGraphError: Error, Equatable, CustomStringConvertible {
    /// The bytes do not start with the graph file magic.
    case notAGraphFile
    /// The file was written by another format version.
    case unsupportedVersion(UInt32)
    /// The file ends before the data its header announces.
    case truncated(offset: Int)
    /// The stored checksum does not match the data.
    case checksumMismatch(expected: UInt32, found: UInt32)
    /// An edge, shape or restriction refers to something that does not exist.
    case inconsistent(String)

    /// A short human-readable form, for logs and error messages.
    public var description: String {
        switch self {
        case .notAGraphFile: "not a Waygate road graph file (bad magic)"
        case .unsupportedVersion(let v): "unsupported road graph file version \(v)"
        case .truncated(let offset): "road graph file truncated at byte \(offset)"
        case .checksumMismatch(let e, let f): "road graph file checksum mismatch (expected \(e), found \(f))"
        case .inconsistent(let what): "inconsistent road graph: \(what)"
        }
    }
}
