import JSON

/// Maps a REPLY or ERROR line of the socket protocol to the HTTP status of `POST /command`.
enum CommandReply {
    /// 200 for REPLY; for ERROR by `code`: 400 bad_request, 403 forbidden, 404 not_found,
    /// 409 busy / no_fix, 422 no_route, 500 internal (and anything unknown).
    static func status(of line: [UInt8]) -> Int {
        guard let object = (try? JSONParser.parse(line, source: "reply"))?.objectValue,
            let messageClass = object["class"]?.stringValue
        else { return 500 }
        if messageClass == "REPLY" { return 200 }
        switch object["code"]?.stringValue {
        case "bad_request": return 400
        case "forbidden": return 403
        case "not_found": return 404
        case "busy", "no_fix": return 409
        case "no_route": return 422
        default: return 500
        }
    }
}
