import JSON
import Timekeeping
import WireProtocol

/// Encodes a fleet vehicle's events as MQTT payloads: the socket's JSON line without its `\n`
/// (docs/fleet.md), written by `JSONWriter` as `WireFanout` writes it, into one buffer reused
/// for every event of the shard and copied out at its exact size. One per shard thread.
struct FleetLineEncoder {
    private var json = JSONWriter(capacity: 4_096)

    /// The payload of event `seq` at `time`: the wire line the socket would send, without `\n`.
    mutating func payload(seq: UInt64, time: Timestamp, payload: EventPayload) -> [UInt8] {
        json.reset()
        payload.write(seq: seq, time: time, to: &json)
        return json.bytes  // a copy at its size; the writer's memory is reused for the next event
    }
}
