import Foundation

/// What Linux reports about a process in `/proc/PID` (this process's by default): memory, CPU
/// time, threads and open descriptors.
public enum ProcessUsage {
    /// Peak resident set size (`VmHWM`) in bytes, nil when unreadable.
    public static var peakResidentBytes: Int? { statusField("VmHWM:", of: "self").map { $0 * 1024 } }

    /// Current resident set size (`VmRSS`) in bytes, nil when unreadable.
    public static var residentBytes: Int? { statusField("VmRSS:", of: "self").map { $0 * 1024 } }

    /// Current resident set size (`VmRSS`) of process `pid` in bytes, nil when unreadable.
    public static func residentBytes(ofProcess pid: Int32) -> Int? { statusField("VmRSS:", of: String(pid)).map { $0 * 1024 } }

    /// Number of threads of process `pid`, nil when unreadable.
    public static func threadCount(ofProcess pid: Int32) -> Int? { statusField("Threads:", of: String(pid)) }

    /// Number of open file descriptors of process `pid` (entries of /proc/PID/fd), nil when unreadable.
    public static func descriptorCount(ofProcess pid: Int32) -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// The names Linux shows for the live threads of process `pid` (`/proc/PID/task/*/comm`;
    /// see `NamedThread`), empty when unreadable.
    public static func threadNames(ofProcess pid: Int32) -> [String] {
        tasks(ofProcess: pid).compactMap { threadName(pid, $0) }
    }

    /// The name and nice value of each live thread of process `pid` (`/proc/PID/task/TID/comm`
    /// and field 19 of `…/stat`; see `NamedThread`, `ThreadPriority`), empty when unreadable.
    public static func threadNiceValues(ofProcess pid: Int32) -> [(name: String, nice: Int)] {
        tasks(ofProcess: pid).compactMap { task in
            guard let name = threadName(pid, task), let fields = statFields(of: "\(pid)/task/\(task)"), fields.count > 16,
                  let nice = Int(fields[16]) else { return nil }
            return (name, nice)
        }
    }

    /// The thread ids of process `pid` (the entries of /proc/PID/task), empty when unreadable.
    private static func tasks(ofProcess pid: Int32) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    }

    /// The name Linux shows for thread `task` of process `pid` (/proc/PID/task/TID/comm).
    private static func threadName(_ pid: Int32, _ task: String) -> String? {
        (try? FileContents.read("/proc/\(pid)/task/\(task)/comm", maximumBytes: 64))
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines) }
    }

    /// User + system CPU seconds process `pid` has used so far (/proc/PID/stat fields 14 and 15),
    /// nil when unreadable.
    public static func cpuSeconds(ofProcess pid: Int32) -> Double? {
        // After the command, state is field 3, so utime (14) and stime (15) are at offsets 11 and 12.
        guard let fields = statFields(ofProcess: pid), fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
        else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Nanoseconds the live threads of process `pid` have run on a CPU so far (the first field of
    /// each /proc/PID/task/TID/schedstat: exact, where /proc/PID/stat counts 10 ms ticks; threads
    /// that have exited are not counted), nil when unreadable.
    public static func cpuNanoseconds(ofProcess pid: Int32) -> UInt64? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var total: UInt64 = 0
        for task in tasks {
            guard let bytes = try? FileContents.read("/proc/\(pid)/task/\(task)/schedstat", maximumBytes: 256) else { continue }
            total += UInt64(String(decoding: bytes, as: UTF8.self).split(separator: " ").first ?? "") ?? 0
        }
        return total
    }

    /// Minor page faults process `pid` has taken so far (/proc/PID/stat field 10: pages mapped in
    /// without reading the disk, e.g. freshly allocated memory touched), nil when unreadable.
    public static func minorFaults(ofProcess pid: Int32) -> Int? {
        guard let fields = statFields(ofProcess: pid), fields.count > 7 else { return nil }
        return Int(fields[7])
    }

    /// The fields of /proc/`pid`/stat after the command (field 3, the state, first).
    private static func statFields(ofProcess pid: Int32) -> [Substring]? { statFields(of: String(pid)) }

    /// The fields of /proc/`task`/stat (`PID` or `PID/task/TID`) after the command.
    private static func statFields(of task: String) -> [Substring]? {
        guard let bytes = try? FileContents.read("/proc/\(task)/stat", maximumBytes: 64 * 1024) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // The command (field 2) is in parentheses and may hold spaces: count from its end.
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The number of a `NAME:   123 …` line of /proc/`process`/status.
    private static func statusField(_ name: String, of process: String) -> Int? {
        guard let bytes = try? FileContents.read("/proc/\(process)/status", maximumBytes: 64 * 1024),
            let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let number = Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        else { return nil }
        return number
    }
}
