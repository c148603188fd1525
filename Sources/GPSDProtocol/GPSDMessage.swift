import JSON

/// Any object a gpsd server sends, decoded by its `class`.
public enum GPSDMessage: Sendable, Hashable {
    /// A Version object.
    case version(Version)
    /// A Devices object.
    case devices(Devices)
    /// A Device object.
    case device(Device)
    /// A Watch object.
    case watch(Watch)
    /// A TPV object.
    case tpv(TPV)
    /// A SKY object.
    case sky(SKY)
    /// A GPSDNoise object.
    case noise(GPSDNoise)
    /// A Poll object.
    case poll(Poll)
    /// A GPSDErrorReport object.
    case error(GPSDErrorReport)
    /// A class Waygate does not model (ATT, PPS, TOFF, AIS, …).
    case other(class: String)

    /// Decodes one JSON line from gpsd: parsed once, then decoded by its `class`.
    public static func decode(_ line: some StringProtocol) throws -> GPSDMessage {
        guard let value = try? JSONParser.parse(Array(line.utf8), source: "gpsd JSON"), let cls = value["class"]?.stringValue else {
            throw GPSDProtocolError.malformed(String(line.prefix(80)))
        }
        let decoder = JSONValueDecoder()
        do {
            switch cls {
            case "VERSION": return .version(try decoder.decode(Version.self, from: value))
            case "DEVICES": return .devices(try decoder.decode(Devices.self, from: value))
            case "DEVICE": return .device(try decoder.decode(Device.self, from: value))
            case "WATCH": return .watch(try decoder.decode(Watch.self, from: value))
            case "TPV": return .tpv(try decoder.decode(TPV.self, from: value))
            case "SKY": return .sky(try decoder.decode(SKY.self, from: value))
            case "GST": return .noise(try decoder.decode(GPSDNoise.self, from: value))
            case "POLL": return .poll(try decoder.decode(Poll.self, from: value))
            case "ERROR": return .error(try decoder.decode(GPSDErrorReport.self, from: value))
            default: return .other(class: cls)
            }
        } catch {
            throw GPSDProtocolError.invalidObject(class: cls, String(line.prefix(80)))
        }
    }
}

/// Why a gpsd JSON line could not be decoded.
public enum GPSDProtocolError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The line is not a JSON object with a `class`.
    case malformed(String)
    /// The object's fields do not fit its class.
    case invalidObject(class: String, String)

    /// A one-line message naming the bad input.
    public var description: String {
        switch self {
        case .malformed(let line): "not a gpsd JSON object: \(line.debugDescription)"
        case .invalidObject(let cls, let line): "invalid gpsd \(cls) object: \(line.debugDescription)"
        }
    }
}
