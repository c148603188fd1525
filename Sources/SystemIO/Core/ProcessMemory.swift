/// This process's memory as Linux reports it in `/proc/self/status`.
public enum ProcessMemory {
    /// Peak resident set size (`VmHWM`) in bytes, nil when unreadable.
    public static var peakResidentBytes: Int? { field("VmHWM:") }

    /// Current resident set size (`VmRSS`) in bytes, nil when unreadable.
    public static var residentBytes: Int? { field("VmRSS:") }

    /// A `NAME:   123 kB` line of /proc/self/status in bytes.
    private static func field(_ name: String) -> Int? {
        guard let bytes = try? FileContents.read("/proc/self/status", maximumBytes: 64 * 1024),
            let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
