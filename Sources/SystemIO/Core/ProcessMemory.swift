/// A process's memory as Linux reports it in `/proc/PID/status` (this process's by default).
public enum ProcessMemory {
    /// Peak resident set size (`VmHWM`) in bytes, nil when unreadable.
    public static var peakResidentBytes: Int? { field("VmHWM:", of: "self") }

    /// Current resident set size (`VmRSS`) in bytes, nil when unreadable.
    public static var residentBytes: Int? { field("VmRSS:", of: "self") }

    /// Current resident set size (`VmRSS`) of process `pid` in bytes, nil when unreadable.
    public static func residentBytes(ofProcess pid: Int32) -> Int? { field("VmRSS:", of: String(pid)) }

    /// A `NAME:   123 kB` line of /proc/`process`/status in bytes.
    private static func field(_ name: String, of process: String) -> Int? {
        guard let bytes = try? FileContents.read("/proc/\(process)/status", maximumBytes: 64 * 1024),
            let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
