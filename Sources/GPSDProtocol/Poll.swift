public import JSON

/// gpsd's POLL reply: the latest TPV, GST and SKY of every active device.
public struct Poll: Sendable, Hashable, Codable, GPSDObject {
    /// The object's class, as gpsd spells it.
    public var `class` = "POLL"
    /// When the reply was made (ISO 8601).
    public var time: String?
    /// Number of active devices.
    public var active: Int
    /// Latest TPV of each device.
    public var tpv: [TPV]
    /// Latest GST of each device (gpsd 3.22 lists one per active device, with only `device` when
    /// the receiver sends no GST); nil when absent, as from gpsd before 3.20.
    public var gst: [GPSDNoise]?
    /// Latest SKY of each device.
    public var sky: [SKY]

    /// A poll reply.
    public init(time: String? = nil, active: Int, tpv: [TPV], gst: [GPSDNoise]? = nil, sky: [SKY]) {
        self.time = time
        self.active = active
        self.tpv = tpv
        self.gst = gst
        self.sky = sky
    }

    /// The reply as gpsd prints it.
    public func write(to json: inout JSONWriter) {
        json.beginGPSDObject(class: "POLL")
        json.gpsdMember("time", time)
        json.member("active", active)
        json.key("tpv")
        json.beginArray()
        for report in tpv { report.write(to: &json) }
        json.endArray()
        if let gst {
            json.key("gst")
            json.beginArray()
            for report in gst { report.write(to: &json) }
            json.endArray()
        }
        json.key("sky")
        json.beginArray()
        for report in sky { report.write(to: &json) }
        json.endArray()
        json.endObject()
    }
}

/// gpsd's ERROR reply to a bad request.
public struct GPSDErrorReport: Sendable, Hashable, Codable, GPSDObject {
    /// The object's class, as gpsd spells it.
    public var `class` = "ERROR"
    /// What was wrong, e.g. `Unrecognized request 'FOO'`.
    public var message: String

    /// An error reply.
    public init(message: String) { self.message = message }

    /// The reply as gpsd prints it.
    public func write(to json: inout JSONWriter) {
        json.beginGPSDObject(class: "ERROR")
        json.gpsdMember("message", message)
        json.endObject()
    }
}
