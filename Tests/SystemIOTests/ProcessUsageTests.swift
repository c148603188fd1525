import Foundation
import SystemIO
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ProcessUsage` reads a process's memory, CPU time, threads and descriptors from /proc.
@Suite("ProcessUsage")
struct ProcessUsageTests {
    @Test("this process: resident memory at least what it holds touched, one more descriptor for an open file, CPU time that grows")
    func thisProcess() throws {
        let pid = getpid()
        let block = [UInt8](repeating: 1, count: 32 << 20)
        let resident = try #require(ProcessUsage.residentBytes(ofProcess: pid))
        #expect(resident >= block.count)
        #expect(try #require(ProcessUsage.peakResidentBytes) >= resident - 4096)
        #expect(try #require(ProcessUsage.threadCount(ofProcess: pid)) >= 1)

        let before = try #require(ProcessUsage.descriptorCount(ofProcess: pid))
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        #expect(ProcessUsage.descriptorCount(ofProcess: pid) == before + 1)

        let cpu = try #require(ProcessUsage.cpuSeconds(ofProcess: pid))
        // Work until the clock ticks (10 ms a tick), for at most 10 s of wall time.
        var sum = 0, later = cpu
        let start = ProcessInfo.processInfo.systemUptime
        while later == cpu, ProcessInfo.processInfo.systemUptime - start < 10 {
            sum &+= block.reduce(0) { $0 &+ Int($1) }
            later = try #require(ProcessUsage.cpuSeconds(ofProcess: pid))
        }
        #expect(sum > 0)
        #expect(later > cpu)
    }

    @Test("a thread's nice value is its own: set on one named thread, read back there and from /proc, the others unchanged")
    func threadNice() async {
        let before = ProcessUsage.threadNiceValues(ofProcess: getpid())
        #expect(!before.isEmpty)
        let seen = await withCheckedContinuation { (done: CheckedContinuation<(Bool, Int32, [(name: String, nice: Int)]), Never>) in
            NamedThread.start("wg-nice-test") {
                // Raising a nice value (lower priority) needs no privilege.
                let set = ThreadPriority.setNice(7)
                done.resume(returning: (set, ThreadPriority.nice, ProcessUsage.threadNiceValues(ofProcess: getpid())))
            }
        }
        #expect(seen.0 && seen.1 == 7)
        #expect(seen.2.filter { $0.name == "wg-nice-test" }.map(\.nice) == [7])
        #expect(seen.2.filter { $0.name != "wg-nice-test" }.allSatisfy { $0.nice != 7 })
    }

    @Test("a process that does not exist reads as nil")
    func missingProcess() {
        let pid: Int32 = 0x3FFF_FFFF  // above pid_max
        #expect(ProcessUsage.residentBytes(ofProcess: pid) == nil)
        #expect(ProcessUsage.threadCount(ofProcess: pid) == nil)
        #expect(ProcessUsage.descriptorCount(ofProcess: pid) == nil)
        #expect(ProcessUsage.cpuSeconds(ofProcess: pid) == nil)
    }
}
