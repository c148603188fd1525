public import Gateway
public import Timekeeping
public import WireProtocol

extension GatewayEvent {
    /// The wire payload of this event and the time to stamp it with.
    public var wire: (payload: EventPayload, time: Timestamp) {
        switch self {
        case .source(let event, let source, let time): (EventPayload(event, source: source), time)
        }
    }
}
