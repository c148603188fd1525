@testable import NMEA
import Testing

@Suite("NMEAFields")
struct NMEAFieldsTests {
    @Test("fields split at every comma, empty ones included, up to the checksum")
    func concrete() {
        let fields = NMEAFields(Array("$GPGGA,,1,,2.5*00".utf8))
        #expect(fields.count == 5)
        #expect(fields.address == "GPGGA")
        #expect(fields.isEmpty(1) && fields.isEmpty(3) && fields.isEmpty(5))
        #expect(fields.int(2) == 1)
        #expect(fields.double(4) == 2.5)
    }

    @Test("a comma at any position, next to bytes that differ from one by a bit, splits as a plain split does")
    func commasEverywhere() {
        // 0xAC is a comma with its top bit set, 0x2D and 0x2B are its neighbours, 0x00 a zero byte.
        let filler: [UInt8] = [0x41, 0xAC, 0x2D, 0x2B, 0x00, 0x7F, 0xFF, 0x30]
        for length in 0..<40 {
            for comma in 0..<max(length, 1) {
                var body = (0..<length).map { filler[$0 % filler.count] }
                if comma < length { body[comma] = UInt8(ascii: ",") }
                if comma + 9 < length { body[comma + 9] = UInt8(ascii: ",") }
                let bytes = Array("$GPTXT,".utf8) + body + Array("*00".utf8)
                let expected = bytes.dropFirst().prefix(bytes.count - 4).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                var storage: [Int] = []
                for _ in 0..<2 {  // fresh, then with the memory of the first split reused
                    let fields = NMEAFields(bytes, reusing: &storage)
                    #expect(fields.count == expected.count, "length \(length), comma \(comma)")
                    #expect((0..<fields.count).map { Array(fields.raw($0)) } == expected.map { Array($0) }, "length \(length), comma \(comma)")
                    storage = fields.reclaimStorage()
                }
            }
        }
    }
}
