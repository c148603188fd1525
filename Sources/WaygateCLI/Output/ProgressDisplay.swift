import Foundation
import OSMImport
import SystemIO

/// Shows an import's phases on standard error: on a terminal one line redrawn in place with the
/// phase, its percentage and an estimate of the time left; otherwise one plain line per finished
/// phase with its time, the memory in use and the peak so far, for logs.
struct ProgressDisplay {
    let onTerminal: Bool
    private var phase: ImportProgress.Phase?
    private var phaseStart = Date()
    private var lastDrawn = Date.distantPast

    /// A display writing for a terminal or for a log.
    init(onTerminal: Bool) { self.onTerminal = onTerminal }

    /// Shows `progress`.
    mutating func show(_ progress: ImportProgress) {
        let now = Date()
        if progress.phase != phase {
            endPhase(now)
            phase = progress.phase
            phaseStart = now
            lastDrawn = .distantPast
        }
        guard onTerminal, now.timeIntervalSince(lastDrawn) >= 0.1 || progress.fraction >= 1 else { return }
        lastDrawn = now
        var line = "\r\(progress.phase.label) \(Int((progress.fraction * 100).rounded(.down)))%"
        let elapsed = now.timeIntervalSince(phaseStart)
        if progress.fraction > 0.02, progress.fraction < 1, elapsed > 1 {
            line += ", about \(Self.duration(elapsed / progress.fraction * (1 - progress.fraction))) left"
        }
        Console.progress(line + "\u{1B}[K")
    }

    /// Ends the last phase's line.
    mutating func finish() {
        endPhase(Date())
        phase = nil
    }

    private func endPhase(_ now: Date) {
        guard let phase else { return }
        let took = Self.duration(now.timeIntervalSince(phaseStart))
        var memory = ProcessUsage.residentBytes.map { ", \(MemoryBudget.format($0)) in use" } ?? ""
        memory += ProcessUsage.peakResidentBytes.map { " (peak so far \(MemoryBudget.format($0)))" } ?? ""
        Console.progress(onTerminal ? "\r\(phase.label): done in \(took)\(memory)\u{1B}[K\n" : "\(phase.label): done in \(took)\(memory)\n")
    }

    /// Seconds as `0.4 s`, `12 s` or `3 min 05 s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 10 { return String(format: "%.1f s", seconds) }
        if seconds < 60 { return "\(Int(seconds.rounded())) s" }
        let whole = Int(seconds.rounded())
        return String(format: "%d min %02d s", whole / 60, whole % 60)
    }
}
