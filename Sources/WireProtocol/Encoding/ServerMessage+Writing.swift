public import JSON
public import Timekeeping

extension EventPayload {
    /// Appends the payload as one wire object with the envelope members `class`, `seq` and
    /// `time` (each left out when nil) at their sorted place; no newline, nothing reset.
    public func write(seq: UInt64?, time: Timestamp?, to json: inout JSONWriter) {
        switch self {
        case .location(let m): WireObjectWriter.write(m, messageClass: LocationMessage.messageClass, seq: seq, time: time, to: &json)
        case .sky(let m): WireObjectWriter.write(m, messageClass: SkyMessage.messageClass, seq: seq, time: time, to: &json)
        case .nmea(let m): WireObjectWriter.write(m, messageClass: NMEAMessage.messageClass, seq: seq, time: time, to: &json)
        case .device(let m): WireObjectWriter.write(m, messageClass: DeviceMessage.messageClass, seq: seq, time: time, to: &json)
        case .match(let m): WireObjectWriter.write(m, messageClass: MatchMessage.messageClass, seq: seq, time: time, to: &json)
        case .progress(let m): WireObjectWriter.write(m, messageClass: ProgressMessage.messageClass, seq: seq, time: time, to: &json)
        case .banner(let m): WireObjectWriter.write(m, messageClass: BannerMessage.messageClass, seq: seq, time: time, to: &json)
        case .voice(let m): WireObjectWriter.write(m, messageClass: VoiceMessage.messageClass, seq: seq, time: time, to: &json)
        case .reroute(let m): WireObjectWriter.write(m, messageClass: RerouteMessage.messageClass, seq: seq, time: time, to: &json)
        case .arrival(let m): WireObjectWriter.write(m, messageClass: ArrivalMessage.messageClass, seq: seq, time: time, to: &json)
        case .session(let m): WireObjectWriter.write(m, messageClass: SessionMessage.messageClass, seq: seq, time: time, to: &json)
        case .camera(let m): WireObjectWriter.write(m, messageClass: CameraMessage.messageClass, seq: seq, time: time, to: &json)
        }
    }
}

extension Event {
    /// Appends the event's JSON object (no newline) to `json`.
    public func write(to json: inout JSONWriter) {
        payload.write(seq: seq, time: time.timestamp, to: &json)
    }

    /// Appends the event's wire line (object and `\n`) to `json`: encode an event once into a
    /// reused buffer (`json.reset()` first) and hand the same bytes to every client.
    public func writeLine(to json: inout JSONWriter) {
        write(to: &json)
        json.endLine()
    }
}

extension ServerMessage {
    /// Appends the message's JSON object (no newline) to `json`.
    public func write(to json: inout JSONWriter) {
        switch self {
        case .hello(let m): WireObjectWriter.write(m, messageClass: HelloMessage.messageClass, to: &json)
        case .reply(let m): WireObjectWriter.write(m, messageClass: ReplyMessage.messageClass, to: &json)
        case .error(let m): WireObjectWriter.write(m, messageClass: ErrorMessage.messageClass, to: &json)
        case .dropped(let m): WireObjectWriter.write(m, messageClass: DroppedMessage.messageClass, to: &json)
        case .event(let event): event.write(to: &json)
        }
    }

    /// Appends the message's wire line (object and `\n`) to `json`.
    public func writeLine(to json: inout JSONWriter) {
        write(to: &json)
        json.endLine()
    }

    /// The message's wire line (object and `\n`) as new bytes.
    public var line: [UInt8] {
        var json = JSONWriter(capacity: 256)
        writeLine(to: &json)
        return json.bytes
    }
}

extension Request {
    /// The request's wire line (`{"cmd":…}` with sorted keys, and `\n`) as new bytes.
    public var line: [UInt8] {
        var json = JSONWriter(capacity: 128)
        json.sortedValue(self.json)
        json.endLine()
        return json.bytes
    }
}
