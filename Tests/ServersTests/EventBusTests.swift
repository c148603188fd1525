import Dispatch
import Foundation
import Gateway
import Geodesy
import Positioning
import SystemIO
import Testing
import Timekeeping

@Suite("EventBus: a blocked outlet delays nobody, loses only stream samples")
struct EventBusTests {
    static func fix(_ i: Int) -> GatewayEvent {
        .source(.fix(Fix(time: Timestamp(secondsSince1970: Double(i)), mode: .threeD, coordinate: Coordinate(latitude: 60, longitude: 24))),
                from: .simulator, time: Timestamp(secondsSince1970: Double(i)))
    }

    static func device(_ i: Int) -> GatewayEvent {
        .source(.device(i.isMultiple(of: 2) ? .lost : .connected, driver: "d\(i)", baud: nil), from: .simulator, time: Timestamp(secondsSince1970: Double(i)))
    }

    @Test("with one queued subscriber stuck, another gets all 10,000 events in order; the stuck one keeps every DEVICE and at most 64 samples")
    func blockedOutlet() throws {
        let bus = EventBus()
        let release = DispatchSemaphore(value: 0)
        let stuck = Locked<[GatewayEvent]>([])
        let healthy = Locked<[GatewayEvent]>([])
        let entered = DispatchSemaphore(value: 0)
        let first = Locked(true)
        let blocked = bus.subscribe("stuck", delivery: .queued(capacity: 64)) { events in
            if first.withLock({ f in defer { f = false }; return f }) {
                entered.signal()
                release.wait()
            }
            stuck.withLock { $0 += events }
        }
        let fine = bus.subscribe("healthy", delivery: .queued(capacity: 100_000)) { events in healthy.withLock { $0 += events } }
        bus.publish([Self.fix(-1)])
        #expect(entered.wait(timeout: .now() + 10) == .success)
        for i in 0..<10_000 { bus.publish(i % 1_000 == 0 ? [Self.device(i), Self.fix(i)] : [Self.fix(i)]) }
        for _ in 0..<1_000 where healthy.withLock({ $0.count }) < 10_011 { usleep(10_000) }
        #expect(healthy.withLock { $0.count } == 10_011)
        let stats = bus.statistics.first { $0.name == "stuck" }
        #expect((stats?.queued ?? 0) <= 64 + 10)
        #expect((stats?.dropped ?? 0) == 10_000 - 64)
        release.signal()
        blocked.cancel()
        fine.cancel()
        let got = stuck.withLock { $0 }
        let devices = got.filter { if case .source(.device, _, _) = $0 { true } else { false } }
        #expect(devices.count == 10)
        #expect(got.count == 1 + 10 + 64)
    }

    @Test("inline subscribers run on the publisher's thread, in publishing order")
    func inline() {
        let bus = EventBus()
        let seen = Locked<[Int]>([])
        bus.subscribe("inline", delivery: .inline) { events in
            seen.withLock { s in for case .source(.fix(let f), _, _) in events { s.append(Int(f.time?.secondsSince1970 ?? -1)) } }
        }
        for i in 0..<100 { bus.publish([Self.fix(i)]) }
        #expect(seen.withLock { $0 } == Array(0..<100))
    }

    @Test("a subscriber's filter: only accepted events are queued, and a batch with none of them is never delivered")
    func accepts() {
        let bus = EventBus()
        let batches = Locked<[[String]]>([])
        let done = DispatchSemaphore(value: 0)
        let subscription = bus.subscribe("filtered", delivery: .queued(capacity: 100), accepts: { event in
            if case .source(.sentence, _, _) = event { false } else { true }
        }) { events in
            batches.withLock { b in
                b.append(events.map { event in
                    switch event {
                    case .source(.fix(let f), _, _): "fix \(Int(f.time?.secondsSince1970 ?? -1))"
                    case .source(.device(let state, _, _), _, _): "device \(state.rawValue)"
                    default: "other"
                    }
                })
            }
            if events.contains(where: { if case .source(.device, _, _) = $0 { true } else { false } }) { done.signal() }
        }
        let sentence = GatewayEvent.source(.sentence("$GPTXT,01,01,02,x*00"), from: .simulator, time: Timestamp(secondsSince1970: 0))
        bus.publish([sentence, sentence])
        bus.publish([sentence, Self.fix(1), sentence])
        bus.publish([Self.device(2)])
        done.wait()
        #expect(bus.statistics.map(\.delivered) == [2])
        subscription.cancel()
        #expect(batches.withLock { $0 }.flatMap { $0 } == ["fix 1", "device lost"])
    }
    @Test("a deferred subscriber gets a deferring publisher's batches on that publisher's thread, in order, and the rest on its own thread")
    func deferred() {
        let bus = EventBus()
        let seen = Locked<[(fix: Int, thread: pthread_t)]>([])
        let done = DispatchSemaphore(value: 0)
        let subscription = bus.subscribe("deferred", delivery: .deferred(capacity: 100)) { events in
            let thread = pthread_self()
            seen.withLock { s in for case .source(.fix(let f), _, _) in events { s.append((Int(f.time?.secondsSince1970 ?? -1), thread)) } }
            if events.contains(where: { if case .source(.device, _, _) = $0 { true } else { false } }) { done.signal() }
        }
        // Its thread started and waits for events (until then a publisher leaves a batch to it).
        for _ in 0..<1_000 where bus.statistics.first?.idle != true { usleep(10_000) }
        #expect(bus.statistics.first?.idle == true)
        for i in 0..<50 {
            EventBus.deferring { bus.publish([Self.fix(i)]) }
            // Not delivered yet: the subscriber's thread was left asleep for this publisher.
            #expect(seen.withLock { $0.count } == i)
            let caller = pthread_self()
            bus.deliverDeferred()
            let last = seen.withLock { $0.last }
            #expect(last?.fix == i)
            #expect(last.map { pthread_equal($0.thread, caller) != 0 } == true)
        }
        // Published without deferring (a timer, a command) — also from another thread while a
        // thread defers, which nobody would deliver for: the subscriber's own thread.
        EventBus.deferring {
            let other = Thread { bus.publish([Self.fix(50), Self.device(51)]) }
            other.start()
            #expect(done.wait(timeout: .now() + 60) == .success)
        }
        let own = seen.withLock { $0.last?.thread }
        // Deferred, then never delivered by the publisher: closing hands it to the thread.
        EventBus.deferring { bus.publish([Self.fix(52)]) }
        subscription.cancel()
        let got = seen.withLock { $0 }
        #expect(got.map(\.fix) == Array(0...50) + [52])
        #expect(own.map { t in pthread_equal(t, got[52 - 1].thread) != 0 } == true)
        #expect(bus.statistics.isEmpty)
    }
}
