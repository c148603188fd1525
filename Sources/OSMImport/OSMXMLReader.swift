import XMLScanning

/// Reads OSM XML (`<osm><node/><way><nd/><tag/></way><relation><member/></relation></osm>`) from
/// bytes with Waygate's own byte scanner (`XMLScanner`): no file access, no FoundationXML (whose
/// parser trapped on a non-UTF-8 element name), and every error is one line naming the line.
struct OSMXMLReader {
    /// Which profiles' ways are kept.
    let policies: [TagPolicy]

    /// Whether `bytes` start (after whitespace and a BOM) with `<`, and an `<osm` element appears early.
    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        return head.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }.hasPrefix("<")
            && head.contains("<osm")
    }

    /// Parses the document. Nodes come first in OSM XML, before the ways that say which are
    /// used, so all are held while reading (XML extracts are small: `OSMImporter.maximumXMLBytes`).
    /// A node with an impossible position (latitude 999, NaN) is kept here and dropped by
    /// `OSMElements` like a missing one.
    /// - Throws: `OSMImportError.malformedXML` naming the line: bad syntax, a node without an
    ///   id, lat or lon, a way or relation without an id, an `nd` or `member` without a reference.
    func read(_ bytes: [UInt8]) throws(OSMImportError) -> OSMElements {
        var scanner = XMLScanner(bytes)
        var elements = OSMElements()
        var current: (kind: String, id: Int64)?
        var refs: [Int64] = []
        var members: [OSMElements.Member] = []
        var tags: [String: String] = [:]
        var sawRoot = false
        var nodes: [(id: Int64, latitude: Double, longitude: Double)] = []
        var nodeTags: [(id: Int64, tags: [String: String])] = []
        while true {
            let event: XMLScanner.Event?
            do { event = try scanner.next() } catch { throw .malformedXML(line: error.line, reason: error.reason) }
            guard let event else { break }
            switch event {
            case .start(let name, let attributes, let line):
                if !sawRoot {
                    guard name == "osm" else { throw .malformedXML(line: line, reason: "root element is not <osm>") }
                    sawRoot = true
                }
                switch name {
                case "node":
                    guard let id = attributes["id"].flatMap({ Int64($0) }), let lat = attributes["lat"].flatMap(Double.init),
                        let lon = attributes["lon"].flatMap(Double.init)
                    else { throw .malformedXML(line: line, reason: "node without id, lat or lon") }
                    nodes.append((id, lat, lon))
                    current = (name, id)
                    tags = [:]
                case "way", "relation":
                    guard let id = attributes["id"].flatMap({ Int64($0) }) else { throw .malformedXML(line: line, reason: "\(name) without id") }
                    current = (name, id)
                    refs = []
                    members = []
                    tags = [:]
                case "nd":
                    guard let ref = attributes["ref"].flatMap({ Int64($0) }) else { throw .malformedXML(line: line, reason: "nd without ref") }
                    refs.append(ref)
                case "tag":
                    if current != nil, let k = attributes["k"], let v = attributes["v"] { tags[k] = v }
                case "member":
                    guard let ref = attributes["ref"].flatMap({ Int64($0) }),
                        let kind = ["node": OSMElements.Member.Kind.node, "way": .way, "relation": .relation][attributes["type"] ?? ""]
                    else { throw .malformedXML(line: line, reason: "member without type or ref") }
                    members.append(OSMElements.Member(kind: kind, ref: ref, role: attributes["role"] ?? ""))
                default: break
                }
            case .end(let name, _):
                guard let open = current, open.kind == name else { continue }
                if name == "node" {
                    if !tags.isEmpty { nodeTags.append((open.id, tags)) }
                } else if name == "way", WayProfile.isHighway(tags) {
                    elements.highwayWays += 1
                    if let profile = WayProfile(tags: tags, policies: policies) { elements.addWay(id: open.id, refs: refs, profile: profile) }
                } else if name == "relation", tags["type"] == "restriction" {
                    elements.relations.append(OSMElements.Relation(id: open.id, members: members, tags: tags))
                }
                current = nil
            case .text:
                break
            }
        }
        guard sawRoot else { throw .malformedXML(line: scanner.currentLine, reason: "no <osm> element") }
        elements.indexUsedNodes()
        for node in nodes { elements.addNode(id: node.id, latitude: node.latitude, longitude: node.longitude) }
        for node in nodeTags { elements.addNodeTags(id: node.id, node.tags) }
        return elements
    }
}
