import NMEA
import Testing

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
