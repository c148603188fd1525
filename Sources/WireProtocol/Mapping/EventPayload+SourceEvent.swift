public import Positioning

extension EventPayload {
    /// The event a location source's `event` becomes on the wire: LOCATION, SKY, NMEA or DEVICE.
    public init(_ event: SourceEvent, source: SourceID) {
        switch event {
        case .fix(let fix): self = .location(LocationMessage(fix, source: source))
        case .sky(let sky): self = .sky(SkyMessage(sky, source: source))
        case .sentence(let sentence): self = .nmea(NMEAMessage(source: source.rawValue, sentence: sentence))
        case .device(let state, let driver, let baud):
            self = .device(DeviceMessage(source: source.rawValue, state: DeviceMessage.State(state), driver: driver, baud: baud))
        }
    }
}

extension DeviceMessage.State {
    /// The wire state for a device state.
    public init(_ state: DeviceState) {
        switch state {
        case .connected: self = .connected
        case .lost: self = .lost
        case .reconnecting: self = .reconnecting
        }
    }
}
