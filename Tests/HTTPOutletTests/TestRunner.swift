import Foundation
import Servers
import SystemIO

/// A `RequestRunner` answering like the lead's runner would, from a script: `status` replies,
/// `start` is forbidden without credentials (an allow-list is set), anything else is echoed.
struct TestRunner: RequestRunner {
    let received = Received()

    final class Received: @unchecked Sendable {  // `lines` is guarded by `lock`
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    func run(line: [UInt8], credentials: PeerCredentials?) async -> [UInt8] {
        let text = String(decoding: line, as: UTF8.self)
        received.append(text)
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            return Array("{\"class\":\"ERROR\",\"code\":\"bad_request\",\"message\":\"malformed JSON\"}\n".utf8)
        }
        switch object["cmd"] as? String {
        case "status": return Array("{\"class\":\"REPLY\",\"ok\":true,\"session\":{\"mode\":\"free_drive\"}}\n".utf8)
        case "start" where credentials == nil:
            return Array("{\"class\":\"ERROR\",\"code\":\"forbidden\",\"message\":\"start is not allowed for HTTP clients\"}\n".utf8)
        case "route": return Array("{\"class\":\"ERROR\",\"code\":\"no_route\",\"message\":\"no route\"}\n".utf8)
        default: return Array("{\"class\":\"REPLY\",\"ok\":true}\n".utf8)
        }
    }
}
