import Positioning
import Testing

@Suite("SentenceText: raw sentences sharing a writer's blocks")
struct SentenceTextTests {
    static let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
    static let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"

    @Test("a text keeps its bytes while writers fill blocks and take back the ones no sentence holds")
    func blocksShared() {
        var spare: SentenceText.Spare?
        var writer = SentenceText.Writer(reusing: &spare, blockSize: 100)
        let first = writer.text(Array(Self.gga.utf8))
        // No room left for the RMC: a new block.
        let second = writer.text(Array(Self.rmc.utf8))
        spare = writer.finish()
        #expect(first.string == Self.gga && second.string == Self.rmc)
        #expect(first.count == 65 && second.count == 68)
        // Reads one after another: each writer takes the last one's block back only when the
        // sentences in it were dropped, and the texts still held are unchanged.
        for i in 0..<50 {
            var next = SentenceText.Writer(reusing: &spare, blockSize: 100)
            #expect(spare == nil)
            let text = next.text(Array("$GPTXT,01,01,02,\(i)*00".utf8))
            #expect(text.string == "$GPTXT,01,01,02,\(i)*00")
            spare = next.finish()
        }
        #expect(first.string == Self.gga && second.string == Self.rmc)
        // A sentence longer than a block gets a block of its size.
        var last = SentenceText.Writer(reusing: &spare, blockSize: 100)
        let long = String(repeating: "A", count: 250)
        #expect(last.text(Array(long.utf8)).string == long)
        #expect(last.text([]).string == "")
    }

    @Test("texts are equal, and hash alike, by their bytes wherever they are held")
    func equality() {
        var writer = SentenceText.Writer()
        let held = writer.text(Array(Self.gga.utf8))
        let own = SentenceText(Self.gga)
        let literal: SentenceText = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
        #expect(held == own && own == literal)
        #expect(Set([held, own, literal]).count == 1)
        #expect(held != SentenceText(Self.rmc))
        #expect("\(held)" == Self.gga)
        #expect(held.withBytes { Array($0) } == Array(Self.gga.utf8))
    }
}
