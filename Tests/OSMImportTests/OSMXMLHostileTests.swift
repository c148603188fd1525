import OSMImport
import Testing

/// Issue 11 item 4: .osm XML that crashed Foundation's XML parser (a non-UTF-8 element or
/// attribute name) or surfaced as "NSXMLParserErrorDomain error 89" now gets one line naming
/// the line and the problem.
@Suite("Hostile OSM XML")
struct OSMXMLHostileTests {
    /// The message of the import error for `bytes`, nil when it imports.
    static func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try OSMImporter().importGraph(from: bytes)
            return nil
        } catch {
            return error.description
        }
    }

    static let way = "<way id=\"1\"><nd ref=\"1\"/><nd ref=\"2\"/><tag k=\"highway\" v=\"residential\"/></way>"
    static let nodes = "<node id=\"1\" lat=\"60\" lon=\"24\"/>\n<node id=\"2\" lat=\"60\" lon=\"24.001\"/>\n"

    @Test("a non-UTF-8 element or attribute name is read, not a crash")
    func nonUTF8Names() {
        let element = Array("<osm version=\"0.6\">\n\(Self.nodes)<".utf8) + [0xFF, 0xFE] + Array("/>\n\(Self.way)\n</osm>\n".utf8)
        #expect(Self.message(element) == nil)
        let attribute = Array("<osm version=\"0.6\">\n<node id=\"1\" lat=\"60\" lon=\"24\" ".utf8) + [0xC3, 0x28]
            + Array("=\"x\"/>\n<node id=\"2\" lat=\"60\" lon=\"24.001\"/>\n\(Self.way)\n</osm>\n".utf8)
        #expect(Self.message(attribute) == nil)
    }

    @Test("syntax errors are one line naming the line", arguments: [
        ("<osm>\n<node id=\"1\" lat=\"60\" lon=\"24\">\n</way>\n</osm>", "malformed OSM XML at line 3: </way> closes <node>"),
        ("<osm>\n<node id=\"1\" lat=\"60\" lon=\"24\"", "malformed OSM XML at line 2: unterminated <node> tag"),
        ("<osm>\n<node id=\"1\" lat=\"60\"\nlon=24/>\n</osm>", "malformed OSM XML at line 3: attribute lon of <node> is not quoted"),
        ("<osm>\n<way id=\"1\"><nd ref=\"x\"/></way>\n</osm>", "malformed OSM XML at line 2: nd without ref"),
        ("<osm>\n<node id=\"1\" lat=\"60\" lon=\"24\"/>", "malformed OSM XML at line 2: unexpected end of document inside <osm>"),
    ])
    func syntax(input: String, expected: String) {
        #expect(Self.message(Array(input.utf8)) == expected)
    }
}
