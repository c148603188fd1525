import Foundation
import Testing
import TestSupport
import WireProtocol

@Suite("Wire message fixtures and docs/protocol.md examples")
struct WireMessageFixtureTests {
    static let classes = [
        "HELLO", "REPLY", "ERROR", "DROPPED", "LOCATION", "SKY", "NMEA", "DEVICE", "MATCH", "PROGRESS",
        "BANNER", "VOICE", "REROUTE", "ARRIVAL", "SESSION", "CAMERA",
    ]

    static func fixture(_ messageClass: String) throws -> String {
        try String(contentsOf: Fixtures.url("messages/\(messageClass).json", target: "WireProtocolTests"), encoding: .utf8)
    }

    @Test("every message class fixture decodes and re-encodes byte for byte", arguments: classes)
    func roundTrip(messageClass: String) throws {
        let text = try Self.fixture(messageClass)
        let message = try ServerMessage.decode(line: Array(text.utf8))
        #expect(message.messageClass == messageClass)
        let encoded = try WireCoding.line(message)
        #expect(String(decoding: encoded, as: UTF8.self) == text)
    }

    @Test("docs/protocol.md quotes every fixture verbatim in a json block", arguments: classes)
    func docsQuoteFixture(messageClass: String) throws {
        let blocks = try Self.docsJSONBlocks()
        let fixture = try Self.fixture(messageClass).trimmingCharacters(in: .newlines)
        #expect(blocks.contains(fixture), "docs/protocol.md has no ```json block equal to Fixtures/messages/\(messageClass).json")
    }

    @Test("every json block in docs/protocol.md decodes as a server message or a request")
    func docsBlocksDecode() throws {
        let blocks = try Self.docsJSONBlocks()
        #expect(blocks.count >= Self.classes.count)
        for block in blocks {
            for line in block.split(separator: "\n") where !line.isEmpty {
                if line.contains("\"cmd\"") {
                    switch RequestDecoder.decode(line: Array(line.utf8)) {
                    case .success: break
                    case .failure(let error): Issue.record("request example does not decode: \(error.message)\n\(line)")
                    }
                } else {
                    #expect(throws: Never.self, "\(line)") { _ = try ServerMessage.decode(line: Array(line.utf8)) }
                }
            }
        }
    }

    /// The bodies of every ```json fenced block in docs/protocol.md.
    static func docsJSONBlocks() throws -> [String] {
        let url = Fixtures.repositoryRoot.appendingPathComponent("docs/protocol.md")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [String] = []
        var current: [String]?
        for line in lines {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```json" {
                current = []
            } else if let body = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(body.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
