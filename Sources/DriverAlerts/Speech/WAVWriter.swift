import Foundation

/// Writes 16-bit mono PCM as a RIFF/WAVE file: the header first with zero sizes, samples as
/// they come, the sizes rewritten after each utterance (`flush`) so the file is playable even if
/// the daemon dies, and a last time on `close`.
final class WAVWriter {
    /// The file being written.
    let path: String
    /// Samples per second.
    let sampleRate: Int
    private let handle: FileHandle
    private var dataBytes = 0

    /// Creates (or truncates) `path` and writes the header.
    init(path: String, sampleRate: Int) throws(DriverAlertsError) {
        self.path = path
        self.sampleRate = sampleRate
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw .speechFile(path: path, reason: String(cString: strerror(errno)))
        }
        do {
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: Self.header(sampleRate: sampleRate, dataBytes: 0))
        } catch {
            throw .speechFile(path: path, reason: error.localizedDescription)
        }
    }

    /// Appends samples.
    func append(_ samples: UnsafeBufferPointer<Int16>) throws(DriverAlertsError) {
        guard !samples.isEmpty else { return }
        var bytes = [UInt8]()
        bytes.reserveCapacity(samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample.littleEndian)
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
        try write(bytes)
    }

    /// Appends `seconds` of silence.
    func appendSilence(seconds: Double) throws(DriverAlertsError) {
        try write([UInt8](repeating: 0, count: Int((seconds * Double(sampleRate)).rounded()) * 2))
    }

    /// Rewrites the header's sizes and goes back to the end.
    func flush() throws(DriverAlertsError) {
        do {
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: Self.header(sampleRate: sampleRate, dataBytes: dataBytes))
            try handle.seekToEnd()
        } catch {
            throw .speechFile(path: path, reason: error.localizedDescription)
        }
    }

    /// Finishes the header and closes the file.
    func close() throws(DriverAlertsError) {
        try flush()
        do { try handle.close() } catch { throw .speechFile(path: path, reason: error.localizedDescription) }
    }

    private func write(_ bytes: [UInt8]) throws(DriverAlertsError) {
        do { try handle.write(contentsOf: bytes) } catch { throw .speechFile(path: path, reason: error.localizedDescription) }
        dataBytes += bytes.count
    }

    /// The 44-byte canonical header of 16-bit mono PCM.
    static func header(sampleRate: Int, dataBytes: Int) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: UInt32(truncatingIfNeeded: v) >> (8 * $0)) } }
        func le16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: UInt16(truncatingIfNeeded: v) >> (8 * $0)) } }
        return Array("RIFF".utf8) + le32(36 + dataBytes) + Array("WAVE".utf8)
            + Array("fmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(sampleRate) + le32(sampleRate * 2) + le16(2) + le16(16)
            + Array("data".utf8) + le32(dataBytes)
    }
}
