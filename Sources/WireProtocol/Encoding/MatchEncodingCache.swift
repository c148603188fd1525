import Geodesy
public import JSON
public import Timekeeping

/// The encoded roads of one vehicle's last MATCH — its matched road and the roads of its
/// horizon — so the next MATCH copies the bytes of every road that did not change instead of
/// writing it again.
///
/// From one fix to the next the matched road is mostly the same, and a horizon mostly shifts:
/// its first road is shorter by the metres driven and its last one is cut at another place, but
/// the roads between are the same values, so their JSON objects are the same bytes. A road is
/// reused only when it equals a road of the previous MATCH in every member (numbers compared bit
/// for bit), so the output is byte for byte what `MatchMessage`'s plain encoding writes. One per
/// vehicle (`waygate fleet` keeps one for each), passed to
/// `EventPayload.write(seq:time:to:matchCache:)`.
public struct MatchEncodingCache: Sendable {
    /// The previous MATCH's horizon roads, each object's bytes ending at `ends[i]` in `bytes`.
    private var roads: [MatchMessage.HorizonRoad] = []
    private var ends: [Int] = []
    private var bytes: [UInt8] = []
    /// The horizon being written (swapped in by `finishHorizon`).
    private var nextRoads: [MatchMessage.HorizonRoad] = []
    private var nextEnds: [Int] = []
    private var nextBytes: [UInt8] = []
    /// Where the last lookup found its road: a shifted horizon's next road is the one after it.
    private var hint = 0
    /// The last matched road written, and its object's bytes.
    private var road: MatchMessage.Road?
    private var roadBytes: [UInt8] = []

    /// An empty cache.
    public init() {}

    // MARK: Matched road

    /// Whether the last matched road written is `value`.
    func holdsRoad(_ value: MatchMessage.Road) -> Bool {
        guard let road else { return false }
        return Self.same(road, value)
    }

    /// Appends the last matched road's bytes to `output`.
    func appendRoad(to output: inout [UInt8]) { output.append(contentsOf: roadBytes) }

    /// Keeps `value`, just written as `encoded`, as the last matched road.
    mutating func keepRoad(_ value: MatchMessage.Road, encoded: some Collection<UInt8>) {
        road = value
        roadBytes.removeAll(keepingCapacity: true)
        roadBytes.append(contentsOf: encoded)
    }

    // MARK: Horizon

    /// Starts a MATCH's horizon.
    mutating func beginHorizon() {
        nextRoads.removeAll(keepingCapacity: true)
        nextEnds.removeAll(keepingCapacity: true)
        nextBytes.removeAll(keepingCapacity: true)
        hint = 0
    }

    /// The index of the previous horizon's road equal to `road`, if there is one.
    mutating func find(_ road: MatchMessage.HorizonRoad) -> Int? {
        for i in hint..<roads.count where Self.same(roads[i], road) {
            hint = i + 1
            return i
        }
        for i in 0..<min(hint, roads.count) where Self.same(roads[i], road) {
            hint = i + 1
            return i
        }
        return nil
    }

    /// Appends previous horizon road `index`'s bytes to `output` and keeps them for the next MATCH.
    mutating func reuse(_ index: Int, into output: inout [UInt8]) {
        let range = (index == 0 ? 0 : ends[index - 1])..<ends[index]
        output.append(contentsOf: bytes[range])
        nextBytes.append(contentsOf: bytes[range])
        nextRoads.append(roads[index])
        nextEnds.append(nextBytes.count)
    }

    /// Keeps horizon road `road`, just written as `encoded`, for the next MATCH.
    mutating func keep(_ road: MatchMessage.HorizonRoad, encoded: some Collection<UInt8>) {
        nextBytes.append(contentsOf: encoded)
        nextRoads.append(road)
        nextEnds.append(nextBytes.count)
    }

    /// Ends a MATCH's horizon: its roads are what the next one is compared with.
    mutating func finishHorizon() {
        swap(&roads, &nextRoads)
        swap(&ends, &nextEnds)
        swap(&bytes, &nextBytes)
    }

    // MARK: Equality as bytes

    /// Whether `a` and `b` encode to the same bytes: every member equal, numbers bit for bit.
    private static func same(_ a: MatchMessage.HorizonRoad, _ b: MatchMessage.HorizonRoad) -> Bool {
        a.wayID == b.wayID && a.length.bitPattern == b.length.bitPattern && a.roadClass == b.roadClass && a.name == b.name
            && same(a.speedLimit, b.speedLimit)
    }

    private static func same(_ a: MatchMessage.Road, _ b: MatchMessage.Road) -> Bool {
        a.wayID == b.wayID && a.oneway == b.oneway && a.roadClass == b.roadClass && a.name == b.name && a.ref == b.ref
            && same(a.speedLimit, b.speedLimit)
    }

    private static func same(_ a: SpeedLimit?, _ b: SpeedLimit?) -> Bool {
        a?.value.bitPattern == b?.value.bitPattern && a?.unit == b?.unit
    }
}

extension WireObjectWriter {
    /// `"road":{…}`, copied from `cache` when the previous MATCH had the same road, else
    /// written (and kept in `cache`, if there is one).
    mutating func member(_ key: StaticString, _ value: MatchMessage.Road?, cache: inout MatchEncodingCache?) {
        guard let value else { return }
        guard cache != nil else { return member(key, value) }
        self.key(key)
        if cache?.holdsRoad(value) == true {
            json.rawValue { cache?.appendRoad(to: &$0) }
            return
        }
        let start = json.bytes.count
        object(value)
        cache?.keepRoad(value, encoded: json.bytes[start...])
    }

    /// `"horizon":[{…},…]` with each road's object copied from `cache` when the previous MATCH's
    /// horizon had the same road, else written (and kept in `cache`, if there is one).
    mutating func member(_ key: StaticString, _ values: [MatchMessage.HorizonRoad]?, cache: inout MatchEncodingCache?) {
        guard let values else { return }
        guard cache != nil else { return member(key, values) }
        self.key(key)
        json.beginArray()
        cache?.beginHorizon()
        for value in values {
            if let index = cache?.find(value) {
                json.rawValue { cache?.reuse(index, into: &$0) }
            } else {
                let start = json.bytes.count
                object(value)
                let written = json.bytes[start...]
                cache?.keep(value, encoded: written.first == UInt8(ascii: ",") ? written.dropFirst() : written)
            }
        }
        json.endArray()
        cache?.finishHorizon()
    }
}

extension EventPayload {
    /// `write(seq:time:to:)`, with a MATCH's matched road and horizon roads copied from
    /// `matchCache` where the vehicle's previous MATCH had them (the same bytes); other events
    /// are written as usual.
    public func write(seq: UInt64?, time: Timestamp?, to json: inout JSONWriter, matchCache: inout MatchEncodingCache) {
        guard case .match(let match) = self else { return write(seq: seq, time: time, to: &json) }
        // Moved into an optional and back (never copied while shared, so nothing is copied on write).
        var cache: MatchEncodingCache? = matchCache
        matchCache = MatchEncodingCache()
        defer { matchCache = cache ?? MatchEncodingCache() }
        WireObjectWriter.write(messageClass: MatchMessage.messageClass, seq: seq, time: time, to: &json) {
            match.writeMembers(to: &$0, cache: &cache)
        }
    }
}
