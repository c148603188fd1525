import Foundation

/// A 16-bit mono PCM WAV file read back, checked field by field.
public struct WAVFile {
    public enum Problem: Error, CustomStringConvertible {
        case malformed(String)
        public var description: String { if case .malformed(let s) = self { s } else { "" } }
    }

    public let sampleRate: Int
    public let samples: [Int16]

    /// Parses `path`, requiring the canonical 44-byte header whose sizes match the file.
    public init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count >= 44 else { throw Problem.malformed("only \(bytes.count) bytes") }
        func text(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard text(0) == "RIFF", text(8) == "WAVE", text(12) == "fmt ", text(36) == "data" else { throw Problem.malformed("not RIFF/WAVE") }
        guard u32(4) == bytes.count - 8 else { throw Problem.malformed("RIFF size \(u32(4)) for a file of \(bytes.count) bytes") }
        guard u32(16) == 16, u16(20) == 1, u16(22) == 1, u16(34) == 16 else { throw Problem.malformed("not 16-bit mono PCM") }
        guard u32(40) == bytes.count - 44 else { throw Problem.malformed("data size \(u32(40)) for \(bytes.count - 44) bytes of data") }
        sampleRate = u32(24)
        guard u32(28) == sampleRate * 2 else { throw Problem.malformed("byte rate \(u32(28))") }
        samples = stride(from: 44, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }

    /// The non-silent stretches (sample ranges above `threshold` in amplitude), merging those
    /// separated by less than `gap` seconds of silence.
    public func stretches(threshold: Int16 = 500, gap: Double = 0.5) -> [Range<Int>] {
        let minGap = Int(gap * Double(sampleRate))
        var result: [Range<Int>] = []
        var start: Int?
        var last = 0
        for (i, sample) in samples.enumerated() where abs(Int(sample)) > Int(threshold) {
            if let s = start, i - last >= minGap {
                result.append(s..<last + 1)
                start = i
            } else if start == nil {
                start = i
            }
            last = i
        }
        if let s = start { result.append(s..<last + 1) }
        return result
    }

    /// Seconds of each stretch.
    public func durations(threshold: Int16 = 500, gap: Double = 0.5) -> [Double] {
        stretches(threshold: threshold, gap: gap).map { Double($0.count) / Double(sampleRate) }
    }
}
