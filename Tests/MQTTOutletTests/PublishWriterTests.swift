import Foundation
@testable import MQTTOutlet
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A connected pair of non-blocking Unix stream sockets, closed by `close()`.
private struct SocketPair {
    let writer: Int32
    let reader: Int32

    init(sendBuffer: Int32? = nil) throws {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw POSIXError(.EIO) }
        writer = fds[0]
        reader = fds[1]
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        if var size = sendBuffer {
            _ = setsockopt(writer, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// Everything readable now.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(reader, &chunk, chunk.count)
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
    }

    func close() {
        Glibc.close(writer)
        Glibc.close(reader)
    }
}

@Suite("QoS 0 PUBLISH packets written by Waygate itself")
struct PublishWriterTests {
    /// The packet as MQTT 3.1.1 spells it, the remaining length given as its bytes.
    private func packet(_ topic: String, _ payload: [UInt8], retain: Bool, length: [UInt8]) -> [UInt8] {
        let name = Array(topic.utf8)
        return [retain ? 0x31 : 0x30] + length + [UInt8(name.count >> 8), UInt8(name.count & 0xFF)] + name + payload
    }

    @Test("packets are PUBLISH at QoS 0 with the retain flag, the remaining length in 1, 2 or 3 bytes, in order")
    func packetBytes() throws {
        let pair = try SocketPair()
        defer { pair.close() }
        var writer = PublishWriter()
        // Remaining length = 2 + 3 (topic) + payload: 5, 127, 128, 16,383, 16,384.
        let sizes: [(Int, [UInt8])] = [(0, [5]), (122, [127]), (123, [0x80, 0x01]), (16_378, [0xFF, 0x7F]), (16_379, [0x80, 0x80, 0x01])]
        var expected: [UInt8] = []
        for (n, (size, length)) in sizes.enumerated() {
            let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ n) }
            let appended = writer.append(topic: "a/b", payload: payload, retain: n % 2 == 1)
            #expect(appended)
            expected += packet("a/b", payload, retain: n % 2 == 1, length: length)
        }
        let appendedUTF8 = writer.append(topic: "waygate/bus-ä/location", payload: Array(#"{"seq":1}"#.utf8), retain: true)
        #expect(appendedUTF8)
        expected += packet("waygate/bus-ä/location", Array(#"{"seq":1}"#.utf8), retain: true, length: [2 + 23 + 9])
        #expect(writer.pendingPackets == 6)
        let (completed, error) = writer.send(to: pair.writer)
        #expect(completed == 6 && error == nil)
        #expect(writer.isEmpty)
        #expect(pair.drain() == expected)
    }

    @Test("a socket that takes only part of the batch: the rest stays, whole packets counted as they complete")
    func partialSends() throws {
        let pair = try SocketPair(sendBuffer: 16_384)
        defer { pair.close() }
        var writer = PublishWriter()
        var expected: [UInt8] = []
        for n in 0..<3 {
            let payload = [UInt8](repeating: UInt8(65 + n), count: 200_000)
            let appendedLarge = writer.append(topic: "t/\(n)", payload: payload, retain: false)
            #expect(appendedLarge)
            expected += packet("t/\(n)", payload, retain: false, length: [0xC5, 0x9A, 0x0C])  // 200,005
        }
        var first = writer.send(to: pair.writer)
        #expect(first.error == nil && first.completed < 3 && writer.pendingPackets == 3 - first.completed)
        var received = pair.drain()
        var completed = first.completed
        var turns = 0
        while !writer.isEmpty && turns < 10_000 {
            first = writer.send(to: pair.writer)
            #expect(first.error == nil)
            completed += first.completed
            received += pair.drain()
            turns += 1
        }
        received += pair.drain()
        #expect(completed == 3 && writer.isEmpty)
        #expect(received == expected)
        // Reused after it emptied.
        let appendedAgain = writer.append(topic: "t/x", payload: [1, 2, 3], retain: true)
        #expect(appendedAgain)
        let sentAgain = writer.send(to: pair.writer)
        #expect(sentAgain.completed == 1)
        #expect(pair.drain() == packet("t/x", [1, 2, 3], retain: true, length: [8]))
    }

    @Test("what mosquitto_publish refuses is refused, nothing appended",
          arguments: ["", "a/+/b", "a/#", "a\u{1}b", "a\u{7F}b", String(repeating: "x", count: 65_536)])
    func refusedTopics(topic: String) {
        var writer = PublishWriter()
        let appendedRefused = writer.append(topic: topic, payload: [1], retain: false)
        #expect(!appendedRefused)
        #expect(writer.isEmpty)
    }

    @Test("a peer gone: the send reports its errno, and discard forgets the packets")
    func peerGone() throws {
        let pair = try SocketPair()
        Glibc.close(pair.reader)
        defer { Glibc.close(pair.writer) }
        var writer = PublishWriter()
        let appendedOne = writer.append(topic: "a/b", payload: [1, 2, 3], retain: false)
        #expect(appendedOne)
        let (completed, error) = writer.send(to: pair.writer)
        #expect(completed == 0 && error == EPIPE)
        let discarded = writer.discard()
        #expect(discarded == 1 && writer.isEmpty)
    }
}
