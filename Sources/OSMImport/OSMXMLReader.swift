import Foundation
import FoundationXML

/// Reads OSM XML (`<osm><node/><way><nd/><tag/></way><relation><member/></relation></osm>`) from
/// bytes with a SAX parser; no file access.
struct OSMXMLReader {
    let keepWay: ([String: String]) -> Bool
    let keepRelation: ([String: String]) -> Bool

    /// Whether `bytes` start (after whitespace and a BOM) with `<`, and an `<osm` element appears early.
    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        return head.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }.hasPrefix("<")
            && head.contains("<osm")
    }

    /// Parses the document.
    func read(_ bytes: [UInt8]) throws(OSMImportError) -> OSMElements {
        let delegate = Delegate(keepWay: keepWay, keepRelation: keepRelation)
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = delegate
        guard parser.parse(), delegate.failure == nil else {
            throw delegate.failure
                ?? .malformedXML(line: parser.lineNumber, reason: parser.parserError.map { "\($0.localizedDescription)" } ?? "parse error")
        }
        delegate.elements.finish()
        return delegate.elements
    }

    /// The SAX callbacks; lives only for one `read` call on one thread.
    private final class Delegate: NSObject, XMLParserDelegate {
        let keepWay: ([String: String]) -> Bool
        let keepRelation: ([String: String]) -> Bool
        var elements = OSMElements()
        var failure: OSMImportError?
        private var current: (kind: String, id: Int64)?
        private var refs: [Int64] = []
        private var members: [OSMElements.Member] = []
        private var tags: [String: String] = [:]

        init(keepWay: @escaping ([String: String]) -> Bool, keepRelation: @escaping ([String: String]) -> Bool) {
            self.keepWay = keepWay
            self.keepRelation = keepRelation
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "node":
                guard let id = attributes["id"].flatMap({ Int64($0) }), let lat = attributes["lat"].flatMap(Double.init),
                    let lon = attributes["lon"].flatMap(Double.init)
                else { return fail(parser, "node without id, lat or lon") }
                elements.addNode(id: id, latitude: lat, longitude: lon)
                current = (name, id)
                tags = [:]
            case "way", "relation":
                guard let id = attributes["id"].flatMap({ Int64($0) }) else { return fail(parser, "\(name) without id") }
                current = (name, id)
                refs = []
                members = []
                tags = [:]
            case "nd":
                guard let ref = attributes["ref"].flatMap({ Int64($0) }) else { return fail(parser, "nd without ref") }
                refs.append(ref)
            case "tag":
                if current != nil, let k = attributes["k"], let v = attributes["v"] { tags[k] = v }
            case "member":
                guard let ref = attributes["ref"].flatMap({ Int64($0) }),
                    let kind = ["node": OSMElements.Member.Kind.node, "way": .way, "relation": .relation][attributes["type"] ?? ""]
                else { return fail(parser, "member without type or ref") }
                members.append(OSMElements.Member(kind: kind, ref: ref, role: attributes["role"] ?? ""))
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let current, current.kind == name else { return }
            if name == "node" {
                if !tags.isEmpty { elements.addNodeTags(id: current.id, tags) }
            } else if name == "way", keepWay(tags) {
                elements.ways.append(OSMElements.Way(id: current.id, nodeRefs: refs, tags: tags))
            } else if name == "relation", keepRelation(tags) {
                elements.relations.append(OSMElements.Relation(id: current.id, members: members, tags: tags))
            }
            self.current = nil
        }

        private func fail(_ parser: XMLParser, _ reason: String) {
            failure = .malformedXML(line: parser.lineNumber, reason: reason)
            parser.abortParsing()
        }
    }
}
