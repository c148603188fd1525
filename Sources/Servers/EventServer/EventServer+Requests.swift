import JSON
import SystemIO
import WireProtocol

extension EventServer {
    /// Answers one client's requests in order until its connection closes, each once the
    /// client's queued replies leave room (`waitForReplyRoom`).
    func serveRequests(_ inputs: AsyncStream<ClientInput>, from client: ClientInfo) async {
        for await input in inputs {
            await waitForReplyRoom(client.id)
            let answer: ServerMessage
            switch input {
            case .rejected(let error): answer = .error(error)
            case .request(let request): answer = await self.answer(request, from: client)
            }
            sendControl(answer, to: client.id, answering: true)
        }
    }

    /// The REPLY or ERROR for `request`.
    func answer(_ request: Request, from client: ClientInfo) async -> ServerMessage {
        let command = request.command
        if command.changesState, !configuration.access.permits(client.credentials) {
            let who = client.credentials
            return .error(ErrorMessage(id: request.id, code: .forbidden,
                                       message: "\(command.name.rawValue) is not allowed for uid \(who.uid) gid \(who.gid)"))
        }
        let result: CommandResult
        switch command {
        case .subscribe(let channels), .unsubscribe(let channels):
            let add: Bool
            if case .subscribe = command { add = true } else { add = false }
            let now = state.withLock { s -> [Channel] in
                guard let index = s.outboxes.index(forKey: client.id) else { return [] }
                for channel in channels {
                    if add { s.outboxes.values[index].subscriptions.insert(channel) } else { s.outboxes.values[index].subscriptions.remove(channel) }
                }
                s.channelsWanted = nil
                return Array(s.outboxes.values[index].subscriptions)
            }
            result = .success(["channels": .array(now.map { .string($0.rawValue) })])
        case .status:
            result = mergeCounters(into: await handler.handle(command, from: client))
        default:
            result = await handler.handle(command, from: client)
        }
        switch result {
        case .success(let fields, let written): return .reply(ReplyMessage(id: request.id, fields: fields, written: written))
        case .failure(let code, let message): return .error(ErrorMessage(id: request.id, code: code, message: message))
        }
    }

    /// Adds `clients`, the server's `counters.events_published` / `events_dropped` (dropped
    /// counts add to any the handler reports) / `refused_clients` and the members of `addStatus` to a status result.
    func mergeCounters(into result: CommandResult) -> CommandResult {
        guard case .success(var fields, let written) = result else { return result }
        let (stats, members) = state.withLock { ($0.statistics, $0.statusMembers) }
        for member in members { fields[member.key] = member.value() }
        fields["clients"] = .integer(Int64(stats.clients))
        var counters = fields["counters"]?.objectValue ?? [:]
        counters["events_published"] = .integer(Int64(stats.eventsPublished))
        let handlerDropped = counters["events_dropped"]?.intValue ?? 0
        counters["events_dropped"] = .integer(Int64(handlerDropped) + Int64(stats.eventsDropped))
        counters["refused_clients"] = .integer(Int64(clamping: stats.refusedClients))
        fields["counters"] = JSONValue(counters)
        return .success(fields, written: written)
    }
}
