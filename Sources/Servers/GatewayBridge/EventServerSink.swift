public import Gateway
import Synchronization

/// The gateway's event sink that forwards to an `EventServer` created after the gateway
/// (the server needs the gateway as its command handler, the gateway needs a sink first).
public final class EventServerSink: Sendable {
    private let target = Mutex<EventServer?>(nil)

    /// A sink with no server yet; events published before `attach` are dropped.
    public init() {}

    /// Sends every later event to `server`.
    public func attach(_ server: EventServer) { target.withLock { $0 = server } }

    /// The closure to hand to `Gateway(…, sink:)`.
    public var sink: GatewayEventSink {
        { [self] event in
            guard let (payload, time) = event.wire else { return }
            target.withLock { $0 }?.publish(payload, time: time)
        }
    }
}
