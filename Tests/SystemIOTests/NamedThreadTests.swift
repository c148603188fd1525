import Foundation
import SystemIO
import Testing

/// `NamedThread` names threads within Linux's 15 bytes, so that `top -H` and `perf` show them.
@Suite("NamedThread")
struct NamedThreadTests {
    @Test("a name is cut to 15 bytes on a character boundary; a short one is kept whole")
    func fitted() {
        #expect(NamedThread.fitted("wg-events") == "wg-events")
        #expect(NamedThread.fitted("wg-serial:/dev/ttyUSB0") == "wg-serial:/dev/")
        #expect(NamedThread.fitted("wg-serial:/dev/").utf8.count == 15)
        // "é" is two bytes: 14 bytes of ASCII and then "é" would be 16, so it is left out.
        #expect(NamedThread.fitted("wg-0123456789aé") == "wg-0123456789a")
        #expect(NamedThread.fitted("") == "")
    }

    @Test("a started thread shows its (cut) name in /proc while it runs, a 22-byte name included")
    func startedThreadIsNamed() {
        let running = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        NamedThread.start("wg-test-thread-with-a-long-name") {
            running.signal()
            release.wait()
        }
        running.wait()
        #expect(ProcessUsage.threadNames(ofProcess: getpid()).contains("wg-test-thread-"))
        release.signal()
    }
}
