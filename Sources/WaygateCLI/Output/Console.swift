import Foundation

/// Buffered writing to standard output and one-line messages to standard error.
/// Not shared between tasks: each command owns its console.
public struct Console {
    private var buffer: [UInt8] = []
    private let flushThreshold = 64 * 1024

    /// An empty console buffer.
    public init() {}

    /// Appends `line` and a newline to standard output (flushed when the buffer fills or on `flush()`).
    public mutating func print(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes everything buffered to standard output.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `message` as one line on standard error, prefixed with `waygate: `.
    public static func error(_ message: String) {
        FileHandle.standardError.write(Data("waygate: \(message)\n".utf8))
    }

    /// Writes `message` to standard error without a newline (progress lines on a terminal).
    public static func progress(_ message: String) {
        FileHandle.standardError.write(Data(message.utf8))
    }
}
