import Foundation

/// Python's XML library (expat underneath): a standards-following XML 1.0 reader and writer to
/// check Waygate's own against. Needs `/usr/bin/python3`; tests using it are skipped without it.
public enum StandardXML {
    /// An element: its name, attributes, text (its own text and CDATA, joined) and child elements.
    public struct Element: Codable, Equatable, Sendable {
        public var name: String
        public var attributes: [String: String]
        public var text: String
        public var children: [Element]

        /// An element from its parts.
        public init(_ name: String, attributes: [String: String] = [:], text: String = "", children: [Element] = []) {
            self.name = name
            self.attributes = attributes
            self.text = text
            self.children = children
        }
    }

    private static let python = "/usr/bin/python3"

    /// Whether python3 is there.
    public static let isAvailable = FileManager.default.isExecutableFile(atPath: python)

    /// The document at `path` as `xml.dom.minidom` reads it: its root element.
    /// - Throws: when python fails, e.g. rejects the document (its error in the message).
    public static func read(_ path: String) throws -> Element {
        let json = path + ".json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        try run("read", path, json)
        return try JSONDecoder().decode(Element.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
    }

    /// Writes `root` to `path` with `xml.sax.saxutils.XMLGenerator`, each element's text before
    /// its children.
    public static func write(_ root: Element, to path: String) throws {
        let json = path + ".json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        try JSONEncoder().encode(root).write(to: URL(fileURLWithPath: json))
        try run("write", path, json)
    }

    /// The trees pass as JSON files (ASCII, every other character escaped), so no text is
    /// re-encoded on the way.
    private static let script = """
        import json, sys
        mode, xml_path, json_path = sys.argv[1:]
        if mode == "read":
            import xml.dom.minidom
            def tree(e):
                return {"name": e.tagName, "attributes": dict(e.attributes.items()),
                        "text": "".join(c.data for c in e.childNodes if c.nodeType in (c.TEXT_NODE, c.CDATA_SECTION_NODE)),
                        "children": [tree(c) for c in e.childNodes if c.nodeType == c.ELEMENT_NODE]}
            with open(json_path, "w") as f:
                json.dump(tree(xml.dom.minidom.parse(xml_path).documentElement), f)
        else:
            from xml.sax.saxutils import XMLGenerator
            def emit(g, e):
                g.startElement(e["name"], e["attributes"])
                g.characters(e["text"])
                for c in e["children"]:
                    emit(g, c)
                g.endElement(e["name"])
            with open(json_path) as j, open(xml_path, "wb") as f:
                g = XMLGenerator(f, "utf-8")
                g.startDocument()
                emit(g, json.load(j))
                g.endDocument()
        """

    private static func run(_ mode: String, _ path: String, _ json: String) throws {
        let log = path + ".log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let child = try ChildProcess(python, ["-c", script, mode, path, json], stdout: log, stderr: log)
        let status = child.wait(timeout: 60) ?? child.stop()
        guard status == 0 else {
            let printed = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw NSError(domain: "StandardXML", code: 1, userInfo: [NSLocalizedDescriptionKey: "python3 \(mode) \(path) failed (\(status ?? -1)): \(printed)"])
        }
    }
}
