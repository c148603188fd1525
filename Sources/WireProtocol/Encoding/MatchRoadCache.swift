import Geodesy
public import JSON
public import Timekeeping

/// The encoded bytes of one vehicle's last MATCH roads — its matched road and the roads of its
/// horizon — so the next MATCH copies them instead of writing each road's keys, strings and
/// numbers again.
///
/// From one fix to the next a vehicle mostly stays on its road and its horizon mostly shifts:
/// the same roads (often a dozen or more short ways ahead), but the first one shorter by the
/// metres driven and the last one cut at another place. So a horizon road is kept without its
/// `length` — the bytes of the members before it (`"class":"primary"`) and after it
/// (`"name":…,"way_id":…`) — and only the length is written at every fix. A road is copied only
/// when it equals a road of the previous horizon in every other member (numbers bit for bit), so
/// the output is byte for byte `MatchMessage`'s plain encoding. One per vehicle (`waygate fleet`
/// keeps one for each), passed to `EventPayload.write(seq:time:to:roads:)`.
public struct MatchRoadCache: Sendable {
    /// The previous MATCH's horizon roads (the message's own array, not copied).
    private var previous: [MatchMessage.HorizonRoad] = []
    /// Their members but the length: road `k`'s members before it are
    /// `bytes[marks[3k]..<marks[3k + 1]]`, after it `bytes[marks[3k + 1]..<marks[3k + 2]]`.
    private var bytes: [UInt8] = []
    private var marks: [Int] = []
    /// The horizon being written (swapped with the above when it is complete).
    private var nextBytes: [UInt8] = []
    private var nextMarks: [Int] = []
    /// The last matched road written, and its object's bytes.
    private var road: MatchMessage.Road?
    private var roadBytes: [UInt8] = []
    /// Where a new road's members are written before they are kept.
    private var scratch = JSONWriter(capacity: 256)

    /// An empty cache.
    public init() {}

    /// `"road":{…}`: the last matched road's bytes when `value` is that road, else written and kept.
    mutating func writeRoad(_ value: MatchMessage.Road?, to object: inout WireObjectWriter) {
        guard let value else { return }
        object.key("road")
        if let road, Self.same(road, value) {
            object.json.rawValue { $0.append(contentsOf: roadBytes) }
            return
        }
        let start = object.json.bytes.count
        object.object(value)
        roadBytes.removeAll(keepingCapacity: true)
        roadBytes.append(contentsOf: object.json.bytes[start...])
        road = value
    }

    /// `"horizon":[{…},…]`: each road's members but its length copied from the previous
    /// horizon's road equal to it, or written when there is none.
    mutating func writeHorizon(_ values: [MatchMessage.HorizonRoad]?, to object: inout WireObjectWriter) {
        guard let values else { return }
        keep(values)
        object.key("horizon")
        object.json.beginArray()
        bytes.withUnsafeBufferPointer { bytes in
            for k in values.indices {
                object.json.beginObject()
                object.json.rawMembers(UnsafeBufferPointer(rebasing: bytes[marks[3 * k]..<marks[3 * k + 1]]))
                object.json.member("length", values[k].length)
                object.json.rawMembers(UnsafeBufferPointer(rebasing: bytes[marks[3 * k + 1]..<marks[3 * k + 2]]))
                object.json.endObject()
            }
        }
        object.json.endArray()
    }

    /// Makes `bytes` and `marks` hold `values`' members but their lengths, copied from the
    /// previous horizon's equal roads (found from where the last one was: a shifted horizon's
    /// next road is the one after it) or written.
    private mutating func keep(_ values: [MatchMessage.HorizonRoad]) {
        nextBytes.removeAll(keepingCapacity: true)
        nextMarks.removeAll(keepingCapacity: true)
        var hint = 0
        values.withUnsafeBufferPointer { new in
            previous.withUnsafeBufferPointer { old in
                for k in new.indices {
                    nextMarks.append(nextBytes.count)
                    if let j = Self.find(new[k], in: old, from: hint) {
                        hint = j + 1
                        nextBytes.append(contentsOf: bytes[marks[3 * j]..<marks[3 * j + 1]])
                        nextMarks.append(nextBytes.count)
                        nextBytes.append(contentsOf: bytes[marks[3 * j + 1]..<marks[3 * j + 2]])
                    } else {
                        appendMembers { new[k].writeMembersBeforeLength(to: &$0) }
                        nextMarks.append(nextBytes.count)
                        appendMembers { new[k].writeMembersAfterLength(to: &$0) }
                    }
                    nextMarks.append(nextBytes.count)
                }
            }
        }
        swap(&bytes, &nextBytes)
        swap(&marks, &nextMarks)
        previous = values
    }

    /// The index in `roads` of a road equal to `value` but for its length, looked for from `start` on, then before it.
    private static func find(_ value: MatchMessage.HorizonRoad, in roads: UnsafeBufferPointer<MatchMessage.HorizonRoad>, from start: Int) -> Int? {
        let start = min(start, roads.count)
        for j in start..<roads.count where roads[j].wayID == value.wayID && same(roads[j], value) { return j }
        for j in 0..<start where roads[j].wayID == value.wayID && same(roads[j], value) { return j }
        return nil
    }

    /// Appends the members `write` writes (an object's, without its braces) to `nextBytes`.
    private mutating func appendMembers(_ write: (inout WireObjectWriter) -> Void) {
        scratch.reset()
        WireObjectWriter.write(messageClass: nil, seq: nil, time: nil, to: &scratch, members: write)
        nextBytes.append(contentsOf: scratch.bytes.dropFirst().dropLast())
    }

    // MARK: Equality as bytes

    /// Whether `a` and `b` encode to the same bytes but for their lengths: every other member
    /// equal, numbers bit for bit.
    private static func same(_ a: MatchMessage.HorizonRoad, _ b: MatchMessage.HorizonRoad) -> Bool {
        a.wayID == b.wayID && a.roadClass == b.roadClass && a.name == b.name && same(a.speedLimit, b.speedLimit)
    }

    private static func same(_ a: MatchMessage.Road, _ b: MatchMessage.Road) -> Bool {
        a.wayID == b.wayID && a.oneway == b.oneway && a.roadClass == b.roadClass && a.name == b.name && a.ref == b.ref
            && same(a.speedLimit, b.speedLimit)
    }

    private static func same(_ a: SpeedLimit?, _ b: SpeedLimit?) -> Bool {
        a?.value.bitPattern == b?.value.bitPattern && a?.unit == b?.unit
    }
}

extension EventPayload {
    /// `write(seq:time:to:)`, with a MATCH's roads copied from `roads` where the vehicle's
    /// previous MATCH named them (the same bytes); other events are written as usual.
    public func write(seq: UInt64?, time: Timestamp?, to json: inout JSONWriter, roads: inout MatchRoadCache) {
        guard case .match(let match) = self else { return write(seq: seq, time: time, to: &json) }
        WireObjectWriter.write(messageClass: MatchMessage.messageClass, seq: seq, time: time, to: &json) { object in
            match.writeMembers(to: &object) { object, horizon in
                roads.writeHorizon(horizon, to: &object)
            } road: { object, road in
                roads.writeRoad(road, to: &object)
            }
        }
    }
}
