import NMEA
import Testing
import TestSupport

@Suite("NMEAFramer")
struct NMEAFramerTests {
    static let gga = "$GNGGA,000941.00,4404.13387,N,12118.85628,W,1,12,1.01,1144.8,M,-21.4,M,,*4D"

    @Test("a CRLF-terminated sentence comes out whole with a valid checksum")
    func simple() {
        var framer = NMEAFramer()
        let frames = framer.push(Array((Self.gga + "\r\n").utf8))
        #expect(frames.map(\.text) == [Self.gga])
        #expect(frames.first?.checksum == .valid)
        #expect(framer.discardedBytes == 0)
    }
}

@Suite("NMEAFramer malformed input")
struct NMEAFramerMalformedTests {
    static let gga = NMEAFramerTests.gga

    @Test("CR, LF and CRLF line ends all frame the same sentences")
    func lineEnds() {
        for end in ["\r", "\n", "\r\n", "\n\r"] {
            var framer = NMEAFramer()
            let frames = framer.push(Array((Self.gga + end + Self.gga + end).utf8))
            #expect(frames.map(\.text) == [Self.gga, Self.gga], "line end \(end.debugDescription)")
        }
    }

    @Test("a comment ends at LF; a CR before it abandons the comment and a sentence quoted in it is framed, as gpsd's lexer does")
    func commentLines() {
        var framer = NMEAFramer()
        let lf = framer.push(Array(("# quoted " + Self.gga + "\n").utf8))
        #expect(lf.isEmpty)
        let crlf = framer.push(Array(("# quoted " + Self.gga + "\r\n# Date: 2020-11-30\r\n").utf8))
        #expect(crlf.map(\.text) == [Self.gga])
        #expect(framer.discardedBytes == 0)  // the comments' own text is not counted
    }

    @Test("garbage, NUL bytes and binary noise are dropped and counted; the next sentence survives")
    func noise() {
        var framer = NMEAFramer()
        var input: [UInt8] = Array("xyz".utf8) + [0x00, 0xB5, 0x62, 0xFF]
        input += Array("$GPGGA,12".utf8) + [0x00] + Array("\r\n".utf8)
        input += Array((Self.gga + "\r\n").utf8)
        let frames = framer.push(input)
        #expect(frames.map(\.text) == [Self.gga])
        #expect(framer.discardedBytes == 3 + 4 + 9 + 1)
    }

    @Test("talkers gpsd 3.22's lexer does not know are dropped whole and counted; known ones framed")
    func talkerLeads() {
        var framer = NMEAFramer()
        let known = ["$GPTXT,1", "$GBTXT,1", "$BDTXT,1", "$QZTXT,1", "$PQTXT,1", "$IITXT,1", "$SDDBT,1", "$AIVDM,1", "$OHPR,1"]
        let unknown = ["$GQTXT,1", "$GITXT,1", "$HETXT,1", "$XXTXT,1", "$P1TXT,1"]
        let frames = framer.push(Array((known + unknown).map { $0 + "\r\n" }.joined().utf8))
        #expect(frames.map(\.text) == known)
        #expect(framer.discardedBytes == unknown.map(\.utf8.count).reduce(0, +))
    }

    @Test("a sentence interrupted by another is completed by its rest after it, as gpsd's lexer does")
    func interruptedSentence() {
        let txt = "$GPTXT,01,01,02,x*35"
        for end in ["\r\n", "\n", "\r"] {
            var framer = NMEAFramer()
            let cut = Self.gga.index(Self.gga.startIndex, offsetBy: 20)
            let input = String(Self.gga[..<cut]) + txt + end + String(Self.gga[cut...]) + end
            #expect(framer.push(Array(input.utf8)).map(\.text) == [txt, Self.gga], "line end \(end.debugDescription)")
            #expect(framer.discardedBytes == 0)
        }
        // after a wrong checksum the interrupted sentence is not resumed: its rest is garbage
        var framer = NMEAFramer()
        let input = "$GPGGA,1$GPTXT,01,01,02,x*00\r\n,2*00\r\n"
        #expect(framer.push(Array(input.utf8)).map(\.checksum) == [.invalid])
    }

    @Test("sentences over the length limit are dropped and counted")
    func overlong() {
        var framer = NMEAFramer(maxLength: 200)
        let long = "$GPTXT," + String(repeating: "A", count: 250) + "*00\r\n"
        let frames = framer.push(Array((long + Self.gga + "\r\n").utf8))
        #expect(frames.map(\.text) == [Self.gga])
        #expect(framer.overlongSentences == 1)
    }

    @Test("gpsd's limit: 100 characters before CR LF, 101 before a lone LF, longer dropped")
    func gpsdLimit() {
        func sentence(_ length: Int) -> String {
            let framed = nmeaSentence("GPTXT,01,01,02," + String(repeating: "A", count: length - 19))
            let text = String(decoding: framed.utf8.dropLast(2), as: UTF8.self)  // without its CR LF
            #expect(text.utf8.count == length)
            return text
        }
        var framer = NMEAFramer()
        let lines = [sentence(100) + "\r\n", sentence(101) + "\r\n", sentence(101) + "\n", sentence(102) + "\n", sentence(150) + "\r\n"]
        let frames = framer.push(Array(lines.joined().utf8))
        #expect(frames.map(\.text.utf8.count) == [100, 101])
        #expect(frames.allSatisfy { $0.checksum == .valid })
        #expect(framer.overlongSentences == 3)
        #expect(framer.discardedBytes == 101 + 102 + 150)
    }

    @Test("a wrong checksum is flagged, a missing one is accepted as gpsd does")
    func checksums() {
        var framer = NMEAFramer()
        let bad = String(Self.gga.dropLast(2)) + "00"
        let bare = String(Self.gga.dropLast(3))
        let frames = framer.push(Array((bad + "\r\n" + bare + "\r\n").utf8))
        #expect(frames.map(\.checksum) == [.invalid, .absent])
    }

    @Test("an unterminated last line is dropped at finish")
    func unterminated() {
        var framer = NMEAFramer()
        #expect(framer.push(Array(Self.gga.utf8)).isEmpty)
        #expect(framer.finish().isEmpty)
        #expect(framer.discardedBytes == Self.gga.utf8.count)
    }

    @Test("a byte ending a sentence's run is found at every position, as the byte-by-byte path finds it")
    func runEndsEverywhere() {
        let sentence = Array((Self.gga + "\r\n").utf8)
        for stop: UInt8 in [0x00, 0x0A, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF, UInt8(ascii: "$"), UInt8(ascii: "!")] {
            for position in 1..<(sentence.count - 2) {
                var input = sentence
                input.insert(stop, at: position)
                input += sentence
                var contiguous = NMEAFramer(), bytewise = NMEAFramer()
                let fast = contiguous.push(input)
                let slow = bytewise.push(input.lazy.map { $0 })  // not contiguous: one byte at a time
                #expect(fast.map(\.text) == slow.map(\.text), "byte \(stop) at \(position)")
                #expect(fast.map(\.checksum) == slow.map(\.checksum), "byte \(stop) at \(position)")
                #expect(contiguous.discardedBytes == bytewise.discardedBytes, "byte \(stop) at \(position)")
            }
        }
    }
}
