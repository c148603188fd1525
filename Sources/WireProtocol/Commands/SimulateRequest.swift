import JSON
/// The fields of a `simulate` command: change the simulation at run time (at least one field).
public struct SimulateRequest: Sendable, Hashable {
    /// The new mode, when given.
    public var mode: SimulationMode?
    /// The new speed multiplier (> 0), when given.
    public var speedMultiplier: Double?

    /// The speed multipliers a request may ask for, as on the command line: from a thousandth of
    /// real time (slower would stop the drive) to 100,000× (faster overflows the clock).
    public static let speedMultiplierRange: ClosedRange<Double> = 0.001...100_000

    /// A simulate request.
    public init(mode: SimulationMode? = nil, speedMultiplier: Double? = nil) {
        self.mode = mode
        self.speedMultiplier = speedMultiplier
    }

    init(reading r: FieldReader) throws(WireProtocolError) {
        self.init(mode: try r.choice("mode", as: SimulationMode.self), speedMultiplier: try positiveMultiplier(r))
        guard mode != nil || speedMultiplier != nil else { throw r.fail("mode", "or \"speed_multiplier\" must be given") }
    }

    var fields: [String: JSONValue] {
        var f: [String: JSONValue] = [:]
        if let mode { f["mode"] = .string(mode.rawValue) }
        if let speedMultiplier { f["speed_multiplier"] = .number(speedMultiplier) }
        return f
    }
}
