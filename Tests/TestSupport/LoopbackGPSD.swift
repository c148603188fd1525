import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd (3.22) for tests, on a fresh loopback port, reading a device (usually a
/// pseudo-terminal fed by `NMEAFeeder`). Start it with `start`, stop it with `stop()` (also done
/// on deinit through `ChildProcess`).
public enum LoopbackGPSD {
    /// The gpsd executable.
    public static let executable = "/usr/sbin/gpsd"

    /// Whether gpsd is installed here.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// Starts `gpsd -N -n -b` on `port`, reading `device`, with its files in `dir`
    /// (`gpsdRUN.sock/.pid/.out/.err`).
    public static func start(port: Int, device: String, dir: TemporaryDirectory, run: Int = 0) throws -> ChildProcess {
        try ChildProcess(executable, ["-N", "-n", "-b", "-S", String(port), "-F", dir.file("gpsd\(run).sock"), "-P", dir.file("gpsd\(run).pid"), device],
                         stdout: dir.file("gpsd\(run).out"), stderr: dir.file("gpsd\(run).err"))
    }

    /// A TCP port on 127.0.0.1 that nothing listens on right now (bound to port 0, then released).
    public static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits (up to `timeout` s) until something accepts TCP connections on 127.0.0.1:`port`.
    public static func waitForListener(port: Int, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = loopback(port: port)
            let connected = withUnsafePointer(to: &address) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(fd)
            if connected { return true }
            usleep(10_000)
        }
        return false
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
