import Testing
import WireProtocol

@Suite("LineFramer")
struct LineFramerTests {
    @Test("lines split across reads come out whole, CR LF and LF alike")
    func splitReads() {
        var framer = LineFramer()
        let input = Array("{\"cmd\":\"status\"}\r\n{\"cmd\":\"stop\"}\n".utf8)
        var dripped: [LineFramer.Output] = []
        for byte in input { dripped += framer.push([byte]) }
        var whole = LineFramer()
        let expected: [LineFramer.Output] = [.line(Array("{\"cmd\":\"status\"}".utf8)), .line(Array("{\"cmd\":\"stop\"}".utf8))]
        #expect(dripped == expected)
        #expect(whole.push(input) == expected)
        #expect(framer.bufferedCount == 0)
    }

    @Test("a line over the limit is reported once with its length and the next line still arrives")
    func overlong() {
        var framer = LineFramer(limit: 10)
        var out = framer.push(Array("0123456789A".utf8))
        #expect(out.isEmpty)
        #expect(framer.bufferedCount == 0)
        out += framer.push(Array("BCD\nok\n".utf8))
        #expect(out == [.tooLong(length: 14), .line(Array("ok".utf8))])
    }

    @Test("a line of exactly the limit is accepted")
    func exactLimit() {
        var framer = LineFramer(limit: 4)
        #expect(framer.push(Array("abcd\nabcde\n".utf8)) == [.line(Array("abcd".utf8)), .tooLong(length: 5)])
    }

    @Test("the default limit is 64 KiB and memory stays bounded while discarding")
    func defaultLimit() {
        var framer = LineFramer()
        #expect(framer.limit == 65_536)
        let chunk = [UInt8](repeating: 0x61, count: 50_000)
        for _ in 0..<10 { #expect(framer.push(chunk).isEmpty) }
        #expect(framer.bufferedCount == 0)
        #expect(framer.push([0x0A]) == [.tooLong(length: 500_000)])
    }
}
