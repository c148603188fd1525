import SystemIO
import WireProtocol

/// What a client sent, as the request task receives it: a request, or the ERROR a bad line earned.
enum ClientInput: Sendable {
    /// A well-formed request.
    case request(Request)
    /// A line that was rejected, with the ERROR to answer it.
    case rejected(ErrorMessage)
}

/// The I/O thread's side of one client: its socket, the bytes being read and written, and the
/// stream feeding its request task. Owned and used by the I/O thread only.
final class ClientConnection {
    /// The server's id for the client.
    let id: UInt64
    /// The non-blocking socket.
    let socket: SocketConnection
    /// Frames incoming bytes into request lines (64 KiB limit).
    var framer = LineFramer()
    /// Bytes taken from the outbox and not yet fully sent.
    var output: [UInt8] = []
    /// How much of `output` was sent.
    var outputOffset = 0
    /// Whether the last send found the socket full (retry only once poll reports POLLOUT).
    var blocked = false
    /// Feeds the client's request task, which answers requests in order.
    let requests: AsyncStream<ClientInput>.Continuation

    /// A connection for client `id`.
    init(id: UInt64, socket: SocketConnection, requests: AsyncStream<ClientInput>.Continuation) {
        self.id = id
        self.socket = socket
        self.requests = requests
    }

    /// Whether bytes wait to be sent.
    var hasOutput: Bool { outputOffset < output.count }

    /// Sends pending output until done or the socket is full; false when the peer is gone.
    func flush() -> Bool {
        while outputOffset < output.count {
            do throws(SystemError) {
                let start = outputOffset
                outputOffset += try output.withUnsafeBytes { raw in
                    Result { () throws(SystemError) in try socket.send(UnsafeRawBufferPointer(rebasing: raw[start...])) }
                }.get()
            } catch where error.code == SystemError.wouldBlock {
                blocked = true
                return true
            } catch {
                return false
            }
        }
        blocked = false
        output.removeAll(keepingCapacity: true)
        outputOffset = 0
        return true
    }

    /// Reads what is available and turns it into inputs; nil when the peer closed or failed.
    func readInputs() -> [ClientInput]? {
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try socket.read(upTo: 65_536)
        } catch where error.code == SystemError.wouldBlock {
            return []
        } catch {
            return nil
        }
        if bytes.isEmpty { return nil }
        var inputs: [ClientInput] = []
        for framed in framer.push(bytes) {
            switch framed {
            case .tooLong(let length):
                inputs.append(.rejected(RequestDecoder.tooLong(length: length, limit: framer.limit)))
            case .line(let line):
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                switch RequestDecoder.decode(line: line) {
                case .success(let request): inputs.append(.request(request))
                case .failure(let error): inputs.append(.rejected(error))
                }
            }
        }
        return inputs
    }

    /// Closes the socket and ends the request stream.
    func close() {
        requests.finish()
        socket.close()
    }
}
