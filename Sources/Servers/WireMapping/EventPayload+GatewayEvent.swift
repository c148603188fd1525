public import Gateway
public import Timekeeping
public import WireProtocol

extension GatewayEvent {
    /// The wire payload of this event and the time to stamp it with; nil for events without a
    /// wire class of their own.
    public var wire: (payload: EventPayload, time: Timestamp)? {
        switch self {
        case .source(let event, let source, let time): (EventPayload(event, source: source), time)
        case .match(let match, let time): (.match(MatchMessage(match)), time)
        case .navigation(let event, let time): EventPayload(event).map { ($0, time) }
        }
    }
}
