/// gpsd's DEVICE object: one receiver gpsd reads.
public struct Device: Sendable, Hashable, Codable {
    /// The object's class, as gpsd spells it.
    public var `class` = "DEVICE"
    /// Device path, e.g. `/dev/ttyACM0`.
    public var path: String?
    /// Driver name, e.g. `NMEA0183`.
    public var driver: String?
    /// Driver subtype (firmware or model string).
    public var subtype: String?
    /// When the device was opened (ISO 8601), absent if closed.
    public var activated: String?
    /// gpsd device flags (1 = has seen packets).
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

    /// The object as gpsd prints it.
    public var json: String {
        var w = GPSDJSON(class: "DEVICE")
        w.add("path", path)
        w.add("driver", driver)
        w.add("subtype", subtype)
        w.add("activated", activated)
        w.add("flags", flags)
        w.add("native", native)
        w.add("bps", bps)
        w.add("parity", parity)
        w.add("stopbits", stopbits)
        w.add("cycle", cycle, decimals: 2)
        w.add("mincycle", mincycle, decimals: 2)
        return w.object
    }
}

/// gpsd's DEVICES report: every device it knows.
public struct Devices: Sendable, Hashable, Codable {
    /// The object's class, as gpsd spells it.
    public var `class` = "DEVICES"
    /// The devices.
    public var devices: [Device]

    /// A device list.
    public init(devices: [Device]) { self.devices = devices }

    /// The report as gpsd prints it.
    public var json: String {
        var w = GPSDJSON(class: "DEVICES")
        w.addRaw("devices", "[" + devices.map(\.json).joined(separator: ",") + "]")
        return w.object
    }
}
