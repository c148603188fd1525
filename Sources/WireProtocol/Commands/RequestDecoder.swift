import JSON

/// Turns framed client lines into requests, or into the exact ERROR to answer them with.
public enum RequestDecoder {
    /// Reads one line (without its `\n`). On failure the ERROR is `bad_request`, carries the
    /// request's `id` when one could be read, and its message names the problem.
    public static func decode(line: some Collection<UInt8>) -> Result<Request, ErrorMessage> {
        let bytes = Array(line)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .failure(ErrorMessage(code: .badRequest, message: WireProtocolError.malformedJSON("the line is not valid UTF-8").description))
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, source: "request")
        } catch {
            let start = String(decoding: bytes.prefix(40), as: UTF8.self)
            let detail = "cannot parse \(bytes.count) bytes starting \"\(start)\": column \(error.column), \(error.reason)"
            return .failure(ErrorMessage(code: .badRequest, message: WireProtocolError.malformedJSON(detail).description))
        }
        do {
            return .success(try Request(json: json))
        } catch {
            let id = json.objectValue?["id"].flatMap { $0.isScalar ? $0 : nil }
            return .failure(ErrorMessage(id: id, code: .badRequest, message: error.description))
        }
    }

    /// The ERROR for a line longer than the limit (64 KiB).
    public static func tooLong(length: Int, limit: Int = LineFramer.defaultLimit) -> ErrorMessage {
        ErrorMessage(code: .badRequest, message: WireProtocolError.lineTooLong(length: length, limit: limit).description)
    }
}
