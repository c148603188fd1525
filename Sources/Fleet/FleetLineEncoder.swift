import FoundationEssentials
import Timekeeping
import WireProtocol

/// Encodes a fleet vehicle's events as wire lines: the one place the fleet turns an
/// `EventPayload` into bytes, so the faster writer replacing `WireCoding`/`JSONEncoder` can be
/// swapped in here. One per shard thread (a `JSONEncoder` is not shared across threads).
struct FleetLineEncoder {
    private let encoder = WireCoding.encoder()

    /// The wire line (with `\n`) of event `seq` at `time`, exactly as the socket would send it.
    func line(seq: UInt64, time: Timestamp, payload: EventPayload) -> [UInt8]? {
        guard var bytes = try? [UInt8](encoder.encode(ServerMessage.event(Event(seq: seq, time: WireTime(time), payload: payload)))) else {
            return nil
        }
        bytes.append(0x0A)
        return bytes
    }
}
