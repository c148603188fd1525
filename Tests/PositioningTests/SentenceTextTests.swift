import Positioning
import Testing

@Suite("SentenceText: raw sentences sharing a writer's blocks")
struct SentenceTextTests {
    static let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
    static let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"

    @Test("a text keeps its bytes while the writer fills blocks and starts over the ones no sentence holds")
    func blocksShared() {
        var writer = SentenceText.Writer(blockSize: 100)
        let first = writer.text(Array(Self.gga.utf8))
        // No room left for the RMC: a new block, since `first` still holds the old one.
        let second = writer.text(Array(Self.rmc.utf8))
        #expect(first.string == Self.gga && second.string == Self.rmc)
        #expect(first.count == 65 && second.count == 68)
        // Texts made and dropped: a full block no one refers to is started over, and the texts
        // still held are unchanged.
        for i in 0..<50 {
            let text = writer.text(Array("$GPTXT,01,01,02,\(i)*00".utf8))
            #expect(text.string == "$GPTXT,01,01,02,\(i)*00")
        }
        #expect(first.string == Self.gga && second.string == Self.rmc)
        // A copy of the writer (a copied decoder) shares its block but never its bytes.
        var copy = writer
        let mine = writer.text(Array(Self.gga.utf8)), theirs = copy.text(Array(Self.rmc.utf8))
        #expect(mine.string == Self.gga && theirs.string == Self.rmc)
        // A sentence longer than a block gets a block of its size.
        let long = String(repeating: "A", count: 250)
        #expect(writer.text(Array(long.utf8)).string == long)
        #expect(writer.text([]).string == "")
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
