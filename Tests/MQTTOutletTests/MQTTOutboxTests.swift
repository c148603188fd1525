import Testing
@testable import MQTTOutlet

@Suite("MQTT outbox")
struct MQTTOutboxTests {
    private func stream(_ n: Int) -> MQTTMessage { MQTTMessage(topic: "s", payload: Array("s\(n)".utf8)) }
    private func state(_ n: Int) -> MQTTMessage { MQTTMessage(topic: "t", payload: Array("t\(n)".utf8), qos: 1) }
    private func names(_ messages: [MQTTMessage]) -> [String] { messages.map { String(decoding: $0.payload, as: UTF8.self) } }

    @Test("streams drop oldest-first beyond their limit; state is kept; order is kept")
    func dropsStreamsKeepsState() {
        var outbox = MQTTOutbox(limits: MQTTOutboxLimits(streamMessages: 3, stateMessages: 100, bytes: 1 << 20))
        for n in 0..<10 {
            outbox.append(stream(n))
            if n % 4 == 0 { outbox.append(state(n)) }
        }
        #expect(outbox.droppedStream == 7 && outbox.droppedState == 0)
        #expect(names(outbox.take(100)) == ["t0", "t4", "s7", "s8", "t8", "s9"])
        #expect(outbox.isEmpty && outbox.bytes == 0)
    }

    @Test("state has a hard cap, and a byte cap drops streams first")
    func hardCaps() {
        var outbox = MQTTOutbox(limits: MQTTOutboxLimits(streamMessages: 100, stateMessages: 2, bytes: 1 << 20))
        for n in 0..<5 { outbox.append(state(n)) }
        #expect(outbox.droppedState == 3 && names(outbox.take(10)) == ["t3", "t4"])
        var small = MQTTOutbox(limits: MQTTOutboxLimits(streamMessages: 100, stateMessages: 100, bytes: 8))
        small.append(state(1))
        for n in 0..<5 { small.append(stream(n)) }
        #expect(small.bytes <= 8 && small.droppedState == 0 && small.droppedStream == 2)
        #expect(names(small.take(10)) == ["t1", "s2", "s3", "s4"])
    }

    @Test("messages put back go first, in their order")
    func putBack() {
        var outbox = MQTTOutbox(limits: MQTTOutboxLimits())
        for n in 0..<4 { outbox.append(n.isMultiple(of: 2) ? state(n) : stream(n)) }
        let taken = outbox.take(3)
        outbox.append(stream(9))
        outbox.putBack(Array(taken[1...]))
        #expect(names(outbox.take(10)) == ["s1", "t2", "s3", "s9"])
    }
}
