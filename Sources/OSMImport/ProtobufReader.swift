/// A minimal protocol-buffers wire-format reader over a byte range: varints, zigzag, fixed and
/// length-delimited fields, and packed repeated fields. Enough for the OSM PBF messages.
struct ProtobufReader {
    /// The protobuf wire types that appear in OSM PBF.
    enum WireType: Int {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    private let bytes: [UInt8]
    private var position: Int
    private let end: Int

    /// A reader over `bytes[range]`.
    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= end }

    /// The next field's number and wire type, nil at the end of the message.
    mutating func nextField() throws(ProtobufError) -> (number: Int, type: WireType)? {
        guard position < end else { return nil }
        let key = try readVarint()
        guard let type = WireType(rawValue: Int(key & 7)) else { throw .badWireType(Int(key & 7)) }
        return (Int(key >> 3), type)
    }

    /// Reads a base-128 varint.
    mutating func readVarint() throws(ProtobufError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw .truncated }
            let b = bytes[position]
            position += 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
            guard shift < 64 else { throw .varintTooLong }
        }
    }

    /// Reads a zigzag-encoded signed varint (`sint64`).
    mutating func readSignedVarint() throws(ProtobufError) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// Reads a length-delimited field and returns the byte range of its payload.
    mutating func readLengthDelimited() throws(ProtobufError) -> Range<Int> {
        let length = try readVarint()
        guard length <= UInt64(end - position) else { throw .truncated }
        let range = position..<(position + Int(length))
        position = range.upperBound
        return range
    }

    /// A reader over a length-delimited field's payload (an embedded message or packed values).
    mutating func readMessage() throws(ProtobufError) -> ProtobufReader {
        ProtobufReader(bytes, range: try readLengthDelimited())
    }

    /// The payload bytes of a length-delimited field.
    mutating func readBytes() throws(ProtobufError) -> ArraySlice<UInt8> { bytes[try readLengthDelimited()] }

    /// Skips a field of wire type `type`.
    mutating func skip(_ type: WireType) throws(ProtobufError) {
        switch type {
        case .varint: _ = try readVarint()
        case .lengthDelimited: _ = try readLengthDelimited()
        case .fixed64, .fixed32:
            let size = type == .fixed64 ? 8 : 4
            guard end - position >= size else { throw .truncated }
            position += size
        }
    }

    /// Reads a packed repeated varint field (or a single unpacked value) into `values`.
    mutating func readPackedVarints(_ type: WireType, into values: inout [UInt64]) throws(ProtobufError) {
        guard type == .lengthDelimited else { return values.append(try readVarint()) }
        var packed = try readMessage()
        while !packed.isAtEnd { values.append(try packed.readVarint()) }
    }

    /// Reads a packed repeated `sint64` field (or a single value) into `values`.
    mutating func readPackedSignedVarints(_ type: WireType, into values: inout [Int64]) throws(ProtobufError) {
        guard type == .lengthDelimited else { return values.append(try readSignedVarint()) }
        var packed = try readMessage()
        while !packed.isAtEnd { values.append(try packed.readSignedVarint()) }
    }
}

/// A wire-format problem found by `ProtobufReader`.
enum ProtobufError: Error, Equatable, CustomStringConvertible {
    /// A field ends past the end of its message.
    case truncated
    /// A varint has more than ten bytes.
    case varintTooLong
    /// A wire type PBF never uses (3, 4, 6, 7).
    case badWireType(Int)

    var description: String {
        switch self {
        case .truncated: "field runs past the end of its message"
        case .varintTooLong: "varint longer than 10 bytes"
        case .badWireType(let t): "unexpected protobuf wire type \(t)"
        }
    }
}
