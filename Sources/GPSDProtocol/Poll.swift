/// gpsd's POLL reply: the latest TPV and SKY of every active device.
public struct Poll: Sendable, Hashable, Codable {
    /// The object's class, as gpsd spells it.
    public var `class` = "POLL"
    /// When the reply was made (ISO 8601).
    public var time: String?
    /// Number of active devices.
    public var active: Int
    /// Latest TPV of each device.
    public var tpv: [TPV]
    /// Latest SKY of each device.
    public var sky: [SKY]

    /// A poll reply.
    public init(time: String? = nil, active: Int, tpv: [TPV], sky: [SKY]) {
        self.time = time
        self.active = active
        self.tpv = tpv
        self.sky = sky
    }

    /// The reply as gpsd prints it.
    public var json: String {
        var w = GPSDJSON(class: "POLL")
        w.add("time", time)
        w.add("active", active)
        w.addRaw("tpv", "[" + tpv.map(\.json).joined(separator: ",") + "]")
        w.addRaw("sky", "[" + sky.map(\.json).joined(separator: ",") + "]")
        return w.object
    }
}

/// gpsd's ERROR reply to a bad request.
public struct GPSDErrorReport: Sendable, Hashable, Codable {
    /// The object's class, as gpsd spells it.
    public var `class` = "ERROR"
    /// What was wrong, e.g. `Unrecognized request 'FOO'`.
    public var message: String

    /// An error reply.
    public init(message: String) { self.message = message }

    /// The reply as gpsd prints it.
    public var json: String {
        var w = GPSDJSON(class: "ERROR")
        w.add("message", message)
        return w.object
    }
}
