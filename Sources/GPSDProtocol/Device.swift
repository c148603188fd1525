public import JSON

/// gpsd's DEVICE object: one receiver gpsd reads.
public struct Device: Sendable, Hashable, Codable, GPSDObject {
    /// The object's class, as gpsd spells it.
    public var `class` = "DEVICE"
    /// Device path, e.g. `/dev/ttyACM0`.
    public var path: String?
    /// Driver name, e.g. `NMEA0183`.
    public var driver: String?
    /// Driver subtype (firmware or model string).
    public var subtype: String?
    /// When the device last sent data, or was opened if it has sent none (ISO 8601), as gpsd's
    /// `online`; absent if closed.
    public var activated: String?
    /// gpsd device flags: what the device has sent (`seenGPS`), absent until it has sent data.
    public var flags: Int?
    /// 0 NMEA mode, 1 binary mode.
    public var native: Int?
    /// Line speed, bits per second.
    public var bps: Int?
    /// Parity (`N`, `O`, `E`).
    public var parity: String?
    /// Stop bits.
    public var stopbits: Int?
    /// Reporting cycle, seconds.
    public var cycle: Double?
    /// Shortest supported reporting cycle, seconds.
    public var mincycle: Double?

    /// A device description.
    public init(path: String? = nil, driver: String? = nil, activated: String? = nil, bps: Int? = nil) {
        self.path = path
        self.driver = driver
        self.activated = activated
        self.bps = bps
    }

    /// gpsd's `SEEN_GPS` flag: the device has sent GPS data.
    public static let seenGPS = 1

    /// gpsd's driver for an NMEA 0183 receiver.
    public static let nmeaDriver = "NMEA0183"

    /// Sets the members gpsd 3.22 adds for a receiver on a serial line (a tty), and only there:
    /// read as NMEA (`native` 0) at `bps` bits per second, 8N1 (`parity` "N", `stopbits` 1: how
    /// Waygate opens every serial port), and the fixed one-second `cycle` gpsd's NMEA0183 driver
    /// reports whatever the receiver's rate (that driver has no `mincycle`).
    public mutating func setSerialNMEALine(bps: Int) {
        native = 0
        self.bps = bps
        parity = "N"
        stopbits = 1
        cycle = 1
    }

    /// The DEVICE gpsd 3.22 sends its watchers when device `path` goes (unplugged, removed):
    /// `{"class":"DEVICE","path":"/dev/ttyUSB0","activated":0}`.
    public static func deactivatedJSON(path: String) -> String {
        var json = JSONWriter(capacity: 64)
        json.beginGPSDObject(class: "DEVICE")
        json.gpsdMember("path", path)
        json.member("activated", 0)
        json.endObject()
        return json.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the object as gpsd prints it.
    public func write(to json: inout JSONWriter) {
        json.beginGPSDObject(class: "DEVICE")
        json.gpsdMember("path", path)
        json.gpsdMember("driver", driver)
        json.gpsdMember("subtype", subtype)
        json.gpsdMember("activated", activated)
        json.member("flags", flags)
        json.member("native", native)
        json.member("bps", bps)
        json.gpsdMember("parity", parity)
        json.member("stopbits", stopbits)
        json.gpsdMember("cycle", cycle, decimals: 2)
        json.gpsdMember("mincycle", mincycle, decimals: 2)
        json.endObject()
    }
}

/// gpsd's DEVICES report: every device it knows.
public struct Devices: Sendable, Hashable, Codable, GPSDObject {
    /// The object's class, as gpsd spells it.
    public var `class` = "DEVICES"
    /// The devices.
    public var devices: [Device]

    /// A device list.
    public init(devices: [Device]) { self.devices = devices }

    /// Appends the report as gpsd prints it.
    public func write(to json: inout JSONWriter) {
        json.beginGPSDObject(class: "DEVICES")
        json.key("devices")
        json.beginArray()
        for device in devices { device.write(to: &json) }
        json.endArray()
        json.endObject()
    }
}
