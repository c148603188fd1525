public import LocationSources
import Positioning
public import Timekeeping

/// The heart of the daemon: reads every location source at once and publishes what they say,
/// in order per source, to one event sink.
///
/// Sources are never restarted by the gateway: each one's stream is read for the gateway's whole
/// life, and a source's own reconnect logic handles unplugged devices.
public actor Gateway {
    private let sources: [any LocationSource]
    private let timeSource: any TimeSource
    private let sink: GatewayEventSink
    private var fixCount = 0
    private var lastFix: Fix?

    /// A gateway over `sources`, stamping non-fix events with `timeSource` and publishing to `sink`.
    public init(sources: [any LocationSource], timeSource: any TimeSource, sink: @escaping GatewayEventSink) {
        self.sources = sources
        self.timeSource = timeSource
        self.sink = sink
    }

    /// Reads all sources until every finite one has ended and the task is cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            for source in sources {
                group.addTask { [self] in
                    for await event in source.events() {
                        await self.handle(event, from: source.id)
                    }
                }
            }
        }
    }

    /// Handles one source event: counts it and publishes it.
    func handle(_ event: SourceEvent, from source: SourceID) {
        var time = timeSource.now()
        switch event {
        case .fix(let fix):
            fixCount += 1
            lastFix = fix
            if let t = fix.time { time = t }
        case .sky:
            if let t = lastFix?.time { time = t }
        case .sentence, .device:
            break
        }
        sink(.source(event, from: source, time: time))
    }

    /// The current state, for `status`.
    public func status() -> GatewayStatus {
        GatewayStatus(sources: sources.map { .init(id: $0.id, statistics: $0.statistics) }, fixes: fixCount, lastFix: lastFix)
    }
}
