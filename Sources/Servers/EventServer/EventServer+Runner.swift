import SystemIO
import WireProtocol

extension EventServer: RequestRunner {
    /// Answers a request line from an outlet without a socket connection (HTTP, MQTT) exactly
    /// as a socket client would be answered, except that `subscribe`/`unsubscribe` belong to
    /// the outlet's own stream. Without `credentials` the peer is unknown: state-changing
    /// commands are refused whenever an allow-list is set.
    public func run(line: [UInt8], credentials: PeerCredentials?) async -> [UInt8] {
        let answer: ServerMessage
        switch RequestDecoder.decode(line: line) {
        case .failure(let error):
            answer = .error(error)
        case .success(let request):
            switch request.command {
            case .subscribe, .unsubscribe:
                answer = .error(ErrorMessage(id: request.id, code: .badRequest,
                                             message: "\(request.command.name.rawValue) is for socket connections; this outlet streams its own channels"))
            default:
                if let credentials {
                    answer = await self.answer(request, from: ClientInfo(id: 0, credentials: credentials))
                } else if request.command.changesState, configuration.access != .open {
                    answer = .error(ErrorMessage(id: request.id, code: .forbidden,
                                                 message: "\(request.command.name.rawValue) is not allowed for peers without credentials while an allow-list is set"))
                } else {
                    answer = await self.answer(request, from: ClientInfo(id: 0, credentials: PeerCredentials(pid: 0, uid: 0, gid: 0)))
                }
            }
        }
        return (try? WireCoding.line(answer)) ?? Array(#"{"class":"ERROR","code":"internal","message":"unencodable reply"}"#.utf8) + [0x0A]
    }
}
