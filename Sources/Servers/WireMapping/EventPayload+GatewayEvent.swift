import Positioning
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
        case .clockJump(let source, let previous, let time):
            (.device(DeviceMessage(source: source.rawValue, state: .connected,
                                   message: "fix time went back \(Self.seconds(previous.seconds(since: time))) s, from \(previous.iso8601) to \(time.iso8601): navigation goes on from the new time")), time)
        }
    }

    private static func seconds(_ value: Double) -> String { String(Int(value.rounded())) }
}
