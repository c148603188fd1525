import Foundation
import SystemIO

/// A minimal Chrome DevTools Protocol client: finds the page target over HTTP, opens its
/// WebSocket (RFC 6455: a masked text frame per command, unmasked frames back), evaluates
/// JavaScript with `Runtime.evaluate` and takes screenshots with `Page.captureScreenshot`.
/// Every read is bounded by the socket's receive timeout.
final class DevToolsClient {
    private let connection: SocketConnection
    private var buffer: [UInt8] = []
    private var nextID = 1

    enum Failure: Error { case protocolError(String) }

    /// Connects to the first `page` target of the browser listening on `port`.
    init(port: UInt16, timeout: Double = 20) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var socketURL: String?
        while socketURL == nil {
            if let list = try? HTTPTestClient.request("GET", "/json/list", port: port, timeout: 5, http11: true),
                let targets = try? JSONSerialization.jsonObject(with: Data(list.body)) as? [[String: Any]]
            {
                socketURL = targets.first { $0["type"] as? String == "page" }?["webSocketDebuggerUrl"] as? String
            }
            if socketURL == nil {
                guard Date() < deadline else { throw Failure.protocolError("no page target on port \(port)") }
                usleep(100_000)
            }
        }
        guard let url = socketURL, let pathStart = url.range(of: "/devtools/") else { throw Failure.protocolError("bad target url") }
        connection = try SocketConnection.connect(host: "127.0.0.1", port: port)
        try connection.setReceiveTimeout(seconds: timeout)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request = "GET \(url[pathStart.lowerBound...]) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try connection.sendAll(Array(request.utf8))
        while HTTPTestClient.find([13, 10, 13, 10], in: buffer) == nil { try fill() }
        guard let end = HTTPTestClient.find([13, 10, 13, 10], in: buffer),
            String(decoding: buffer[..<end], as: UTF8.self).hasPrefix("HTTP/1.1 101")
        else { throw Failure.protocolError("no WebSocket upgrade") }
        buffer.removeFirst(end + 4)
    }

    /// Sends the protocol command `method` with `params` and returns its `result` object (a
    /// protocol error is thrown); events arriving meanwhile are skipped.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(Array(try JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": params] as [String: Any])))
        while true {
            let text = try receive()
            guard let object = try JSONSerialization.jsonObject(with: Data(text)) as? [String: Any], object["id"] as? Int == id else { continue }
            if let error = object["error"] { throw Failure.protocolError("\(method): \(error)") }
            return object["result"] as? [String: Any] ?? [:]
        }
    }

    /// Evaluates `expression` in the page (awaiting a promise) and returns its JSON value.
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw Failure.protocolError("\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A PNG of the page as it is on screen now (`Page.captureScreenshot`).
    func screenshot() throws -> [UInt8] {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw Failure.protocolError("Page.captureScreenshot returned no data")
        }
        return [UInt8](data)
    }

    /// Evaluates `expression` every 50 ms until it is `true` or `timeout` passes.
    func waitUntil(_ expression: String, timeout: Double = 20) throws -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var lastError: (any Error)?
        while Date() < deadline {
            // A page still loading may throw (no `document.body` yet): that is "not yet".
            do {
                if try evaluate(expression) as? Bool == true { return true }
                lastError = nil
            } catch {
                lastError = error
            }
            usleep(50_000)
        }
        if let lastError { throw lastError }
        return false
    }

    func close() { connection.close() }

    private func send(_ payload: [UInt8]) throws {
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try connection.sendAll(frame)
    }

    /// The next complete text message (continuation frames joined; control frames skipped).
    private func receive() throws -> [UInt8] {
        var message: [UInt8] = []
        while true {
            while buffer.count < 2 { try fill() }
            let opcode = buffer[0] & 0x0F, final = buffer[0] & 0x80 != 0
            var length = Int(buffer[1] & 0x7F)
            var header = 2
            if length == 126 {
                while buffer.count < 4 { try fill() }
                length = Int(buffer[2]) << 8 | Int(buffer[3])
                header = 4
            } else if length == 127 {
                while buffer.count < 10 { try fill() }
                length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
                header = 10
            }
            while buffer.count < header + length { try fill() }
            let payload = Array(buffer[header..<(header + length)])
            buffer.removeFirst(header + length)
            if opcode == 0x8 { throw Failure.protocolError("the browser closed the WebSocket") }
            if opcode >= 0x8 { continue }
            message += payload
            if final { return message }
        }
    }

    private func fill() throws {
        let chunk = try connection.read(upTo: 65_536)
        if chunk.isEmpty { throw Failure.protocolError("the DevTools connection closed") }
        buffer += chunk
    }
}
