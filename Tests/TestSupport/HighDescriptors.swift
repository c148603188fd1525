import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Descriptors of /dev/null held open so that the next ones the process opens are numbered past
/// FD_SETSIZE (1,024), as they are in a daemon serving a thousand clients: for tests of code that
/// must not wait with `select` (glibc aborts the process on a descriptor past FD_SETSIZE).
/// Opened close-on-exec, so processes the test starts do not inherit them.
public struct HighDescriptors: Sendable {
    /// The descriptors held.
    public let descriptors: [Int32]

    /// Opens descriptors until one is numbered at least `past`; nil (with every one closed again)
    /// when the limit on open files is lower than that.
    public init?(past: Int32 = 1_100) {
        var opened: [Int32] = []
        while opened.last.map({ $0 < past }) ?? true {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                opened.forEach { _ = close($0) }
                return nil
            }
            opened.append(descriptor)
        }
        descriptors = opened
    }

    /// Closes them.
    public func release() { descriptors.forEach { _ = close($0) } }
}
