import TestSupport
import Foundation
import LocationSources
import Testing

@Suite("BaudHunter")
struct BaudHunterTests {
    static func traceBytes() throws -> [UInt8] {
        Array(try traceLines("bu353s4.nmea").map { $0 + "\r\n" }.joined().utf8)
    }

    @Test("the UART model is faithful at equal speeds")
    func uartModelIdentity() throws {
        let bytes = try Self.traceBytes()
        #expect(UARTLine.receive(bytes, sentAt: 9600, receivedAt: 9600) == bytes)
    }

    @Test("valid sentences at the right speed lock after two sentences", arguments: [4800, 38400])
    func locksOnValidSentences(baud: Int) throws {
        var hunter = BaudHunter(preferred: baud)
        #expect(hunter.currentRate == baud)
        let bytes = try Self.traceBytes()
        var verdict = BaudHunter.Verdict.listening
        var fed = 0
        for chunk in stride(from: 0, to: bytes.count, by: 16) where verdict == .listening {
            let piece = bytes[chunk..<min(chunk + 16, bytes.count)]
            fed += piece.count
            verdict = hunter.push(piece)
        }
        #expect(verdict == .locked(baud: baud))
        #expect(hunter.heardBytes == Array(bytes.prefix(fed)))
        let lines = try traceLines("bu353s4.nmea")
        let twoSentences = lines[0].utf8.count + lines[1].utf8.count + 4
        #expect(fed >= twoSentences)
        #expect(fed < twoSentences + 16)  // locked in the chunk that completed the second sentence
    }

    @Test("garbage heard at a wrong speed never locks", arguments: [(9600, 4800), (4800, 9600), (4800, 115200), (115200, 4800), (38400, 57600)])
    func garbageNeverLocks(sent: Int, heard: Int) throws {
        let garbage = UARTLine.receive(try Self.traceBytes(), sentAt: sent, receivedAt: heard)
        var hunter = BaudHunter(rates: [heard, sent], byteBudget: 1_000_000)
        #expect(hunter.push(garbage) == .listening)
        #expect(hunter.heardEvents.isEmpty)
    }

    @Test("a receiver at 9600 is found after garbage at 4800: next rate, then lock")
    func huntsToTheRightRate() throws {
        let bytes = try Self.traceBytes()
        var hunter = BaudHunter()
        #expect(hunter.currentRate == 4800)
        let garbage = UARTLine.receive(bytes, sentAt: 9600, receivedAt: 4800)
        #expect(garbage.count > 100)
        #expect(hunter.push(garbage) == .listening)
        #expect(hunter.windowElapsed() == .tryNext(baud: 9600))
        #expect(hunter.heardBytes.isEmpty)
        #expect(hunter.push(UARTLine.receive(bytes, sentAt: 9600, receivedAt: 9600)) == .locked(baud: 9600))
    }

    @Test("too many bytes without a sentence move on by themselves")
    func byteBudgetMovesOn() throws {
        let garbage = UARTLine.receive(try Self.traceBytes(), sentAt: 9600, receivedAt: 4800)
        var hunter = BaudHunter(byteBudget: 100)
        #expect(garbage.count > 100)
        #expect(hunter.push(garbage) == .tryNext(baud: 9600))
    }

    @Test("after every rate is tried once the hunt is exhausted and starts over")
    func exhaustsAndRestarts() {
        var hunter = BaudHunter(rates: [4800, 9600, 115200])
        #expect(hunter.windowElapsed() == .tryNext(baud: 9600))
        #expect(hunter.windowElapsed() == .tryNext(baud: 115200))
        #expect(hunter.windowElapsed() == .exhausted(baud: 4800))
        #expect(hunter.windowElapsed() == .tryNext(baud: 9600))
    }

    @Test("the preferred rate (last one that worked) is tried first")
    func preferredFirst() {
        let hunter = BaudHunter(preferred: 57600)
        #expect(hunter.rates == [57600, 4800, 9600, 19200, 38400, 115200])
    }
}
