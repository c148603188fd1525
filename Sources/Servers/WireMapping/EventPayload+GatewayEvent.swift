import Positioning
public import Gateway
import Navigation
public import Timekeeping
public import WireProtocol

extension GatewayEvent {
    /// The wire payload of this event and the time to stamp it with; nil for events without a
    /// wire class of their own.
    public var wire: (payload: EventPayload, time: Timestamp)? {
        switch self {
        case .source(let event, let source, let time): EventPayload(event, source: source).map { ($0, time) }
        case .match(let match, let time): (.match(MatchMessage(match)), time)
        case .navigation(let event, let time): EventPayload(event).map { ($0, time) }
        case .clockJump(let source, let previous, let time):
            (.device(DeviceMessage(source: source.rawValue, state: .connected,
                                   message: "fix time went back \(Self.seconds(previous.seconds(since: time))) s, from \(previous.iso8601) to \(time.iso8601): navigation goes on from the new time")), time)
        }
    }

    /// The channel `wire` would carry this event on, found without building the payload (so an
    /// event no outlet wants is never mapped); nil for events without a wire class.
    public var wireChannel: Channel? {
        switch self {
        case .source(.fix, _, _): .location
        case .source(.sky, _, _): .sky
        case .source(.sentence, _, _): .nmea
        case .source(.noise, _, _): nil
        case .source(.device, _, _), .clockJump: .device
        case .match: .match
        case .navigation(let event, _):
            switch event {
            case .progress: .progress
            case .banner, .voice: .instructions
            case .offRouteDetected: nil
            case .reroute, .arrived: .guidance
            case .session: .session
            case .camera: .camera
            }
        }
    }

    private static func seconds(_ value: Double) -> String { String(Int(value.rounded())) }
}
