import FoundationEssentials
import WireProtocol

/// The publishing side of the event server, used under its publishing lock: the next `seq`
/// and one reusable wire encoder (deterministic output, as `WireCoding`).
struct Publisher {
    /// The `seq` the next event gets.
    var nextSeq: UInt64 = 1
    private let encoder = WireCoding.encoder()

    /// The wire line (with `\n`) of `message`.
    func line(for message: ServerMessage) throws -> [UInt8] {
        var bytes = [UInt8](try encoder.encode(message))
        bytes.append(0x0A)
        return bytes
    }
}
