import Testing

@testable import OSMImport

@Suite("ProtobufReader: the wire format under the PBF reader")
struct ProtobufReaderTests {
    @Test("reads varints, zigzag values and packed fields")
    func basics() throws {
        // field 1 varint 300; field 2 sint64 -3 (zigzag 5); field 3 packed [1, 150]
        var reader = ProtobufReader([0x08, 0xAC, 0x02, 0x10, 0x05, 0x1A, 0x03, 0x01, 0x96, 0x01])
        #expect(try reader.nextField()?.number == 1)
        #expect(try reader.readVarint() == 300)
        #expect(try reader.nextField()?.number == 2)
        #expect(try reader.readSignedVarint() == -3)
        let field = try #require(try reader.nextField())
        var values: [UInt64] = []
        try reader.readPackedVarints(field.type, into: &values)
        #expect(values == [1, 150])
        #expect(try reader.nextField() == nil)
    }

    @Test("a length running past the end is reported, not read")
    func truncated() {
        var reader = ProtobufReader([0x0A, 0x05, 0x01])
        #expect(throws: ProtobufError.truncated) {
            _ = try reader.nextField()
            _ = try reader.readLengthDelimited()
        }
    }
}
