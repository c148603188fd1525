public import JSON

/// gpsd's WATCH object: a client's streaming policy, sent as `?WATCH={…};` and echoed back.
public struct Watch: Sendable, Hashable, Codable {
    /// The object's class, as gpsd spells it.
    public var `class`: String? = "WATCH"
    /// Whether streaming is on.
    public var enable: Bool?
    /// Stream JSON reports.
    public var json: Bool?
    /// Stream raw NMEA.
    public var nmea: Bool?
    /// Raw mode: 0 off; 1 NMEA sentences as received (binary packets hex-dumped); 2 every packet as received.
    public var raw: Int?
    /// Apply scaling to AIS/RTCM fields.
    public var scaled: Bool?
    /// Add timing information.
    public var timing: Bool?
    /// Report AIS type 24 halves separately.
    public var split24: Bool?
    /// Report PPS events.
    public var pps: Bool?
    /// Only this device.
    public var device: String?

    /// A watch policy; nil fields are left as the server has them.
    public init(enable: Bool? = true, json: Bool? = true, nmea: Bool? = nil, device: String? = nil) {
        self.enable = enable
        self.json = json
        self.nmea = nmea
        self.device = device
    }

    /// The policy gpsd 3.22 stores for a client holding this one that sends `?WATCH=request`
    /// (its `json_watch_read`): `enable` is true unless given; `json`, `nmea` and `raw` keep
    /// their value unless given; `scaled`, `timing`, `split24`, `pps` and `device` are reset
    /// (false, none) unless given.
    public func updated(by request: Watch) -> Watch {
        var policy = Watch(enable: request.enable ?? true, json: request.json ?? json, nmea: request.nmea ?? nmea,
                           device: request.device)
        policy.raw = request.raw ?? raw
        policy.scaled = request.scaled
        policy.timing = request.timing
        policy.split24 = request.split24
        policy.pps = request.pps
        return policy
    }

    /// The object as gpsd echoes it (all flags, gpsd's order).
    public var jsonText: String {
        var writer = JSONWriter(capacity: 160)
        write(to: &writer)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the object as gpsd prints it (`jsonText`'s bytes).
    public func write(to writer: inout JSONWriter) {
        writer.beginGPSDObject(class: "WATCH")
        writer.member("enable", enable ?? true)
        writer.member("json", json ?? false)
        writer.member("nmea", nmea ?? false)
        writer.member("raw", raw ?? 0)
        writer.member("scaled", scaled ?? false)
        writer.member("timing", timing ?? false)
        writer.member("split24", split24 ?? false)
        writer.member("pps", pps ?? false)
        writer.gpsdMember("device", device)
        writer.endObject()
    }

    /// The client command that requests this policy: `?WATCH={"enable":true,"json":true};`.
    public var command: String {
        var parts: [String] = []
        if let enable { parts.append("\"enable\":\(enable)") }
        if let json { parts.append("\"json\":\(json)") }
        if let nmea { parts.append("\"nmea\":\(nmea)") }
        if let device { parts.append("\"device\":" + GPSDJSON.quoted(device)) }
        return "?WATCH={" + parts.joined(separator: ",") + "};"
    }
}
