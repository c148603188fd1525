import Foundation
@testable import LocationSources
import Positioning
import Testing
import TestSupport

@Suite("SourceEmitter: a consumer that falls behind loses samples, never the device's state")
struct SourceEmitterTests {
    @Test("10,000 sentences after each DEVICE event overflow the 4,096-event stream; the current state still arrives, drops are counted")
    func stateSurvivesOverflow() async throws {
        let statistics = SharedStatistics()
        let done = StopFlag()
        let stream = ReaderThread.stream(name: "emitter-test", statistics: statistics) { emitter, _ in
            emitter.emit(.device(.connected, driver: "NMEA0183", baud: 9_600))
            for i in 0..<10_000 { emitter.emit(.sentence(SentenceText("$GPTXT,01,01,02,\(i)*00"))) }
            emitter.emit(.device(.lost, driver: nil, baud: nil))
            for i in 0..<10_000 { emitter.emit(.sentence(SentenceText("$GPTXT,01,01,02,\(i)*00"))) }
            done.set()
        }
        for _ in 0..<1_000 where !done.isSet { try await Task.sleep(for: .milliseconds(10)) }
        #expect(done.isSet)
        var devices: [DeviceState] = []
        var sentences = 0
        for await event in stream.flattened() {
            switch event {
            case .device(let state, _, _): devices.append(state)
            case .sentence: sentences += 1
            default: break
            }
        }
        #expect(devices.last == .lost)
        #expect(sentences + devices.count == 4_096)
        #expect(statistics.value.droppedEvents == 20_002 - 4_096)
    }
}
