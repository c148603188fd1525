/// Names where fixes come from, as the wire `source` field spells it:
/// `serial:/dev/ttyACM0`, `gpsd:127.0.0.1:2947`, `replay:FILE`, `simulator`.
public struct SourceID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The wire spelling.
    public let rawValue: String

    /// A source id from its wire spelling.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A serial receiver at `path`.
    public static func serial(_ path: String) -> SourceID { SourceID("serial:\(path)") }
    /// A gpsd at `host:port`.
    public static func gpsd(host: String, port: Int) -> SourceID { SourceID("gpsd:\(host):\(port)") }
    /// A recorded trace being replayed.
    public static func replay(_ file: String) -> SourceID { SourceID("replay:\(file)") }
    /// Waygate's drive simulator.
    public static let simulator = SourceID("simulator")

    public var description: String { rawValue }
}

/// The life of a device behind a source, published as DEVICE events.
public enum DeviceState: String, Sendable, Codable {
    /// The device is open and producing data.
    case connected
    /// The device vanished (unplugged, hang-up, silence past the watchdog, server gone).
    case lost
    /// Waygate is trying to reopen it.
    case reconnecting
}

/// What a location source emits: fixes, sky views, noise statistics, raw sentences and device changes.
///
/// A fix and a sky view are boxed (`indirect`): a fix is hundreds of bytes of fields, and every
/// event is copied into a read's batch, the stream and the gateway's event; boxed, each copy is
/// a retain, and a batch's array stays a few dozen bytes per event.
public enum SourceEvent: Sendable, Hashable {
    /// A position report.
    indirect case fix(Fix)
    /// A satellite view.
    indirect case sky(SkyView)
    /// Pseudorange noise statistics (NMEA GST; gpsd's GST).
    indirect case noise(NoiseReport)
    /// One raw NMEA sentence, without CR LF.
    case sentence(SentenceText)
    /// The device changed state; `driver` and `baud` say how it is read, when known.
    case device(DeviceState, driver: String?, baud: Int?)
}
