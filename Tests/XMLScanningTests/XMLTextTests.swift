import Foundation
import TestSupport
import Testing
import XMLScanning

/// `XMLText.escaped` and `XMLScanner` against XML 1.0 and a standard parser (Python's expat):
/// markup characters, whitespace a reader normalises when it is raw (XML 1.0 §2.11, §3.3.3),
/// characters XML 1.0 forbids, and characters it allows that are easy to get wrong.
@Suite("XMLText and XMLScanner: text through XML 1.0")
struct XMLTextTests {
    /// A text, what `escaped` writes, and what a reader reads back from that.
    static let cases: [(text: String, escaped: String, readBack: String)] = [
        ("Corso Buenos Aires", "Corso Buenos Aires", "Corso Buenos Aires"),
        ("Duomo & <Galleria> \"Vittorio\" 'Emanuele'", "Duomo &amp; &lt;Galleria&gt; &quot;Vittorio&quot; &apos;Emanuele&apos;",
         "Duomo & <Galleria> \"Vittorio\" 'Emanuele'"),
        ("Via\tRoma\nnord\rsud\r\nest", "Via&#9;Roma&#10;nord&#13;sud&#13;&#10;est", "Via\tRoma\nnord\rsud\r\nest"),
        ("nul\u{0} soh\u{1} us\u{1F}", "nul\u{FFFD} soh\u{FFFD} us\u{FFFD}", "nul\u{FFFD} soh\u{FFFD} us\u{FFFD}"),
        ("\u{FFFE} \u{FFFF}, kept: \u{FFFD} \u{FFEF} \u{F8FF}", "\u{FFFD} \u{FFFD}, kept: \u{FFFD} \u{FFEF} \u{F8FF}",
         "\u{FFFD} \u{FFFD}, kept: \u{FFFD} \u{FFEF} \u{F8FF}"),
        ("🚗🇮🇹👩‍👩‍👧 Cafe\u{301} del\u{7F} nel\u{85} csi\u{9B}", "🚗🇮🇹👩‍👩‍👧 Cafe\u{301} del\u{7F} nel\u{85} csi\u{9B}",
         "🚗🇮🇹👩‍👩‍👧 Cafe\u{301} del\u{7F} nel\u{85} csi\u{9B}"),
    ]

    /// A document with one `<t>` per text, each escaped into an attribute in double quotes (`a`),
    /// one in single quotes (`b`) and the content.
    static func document(_ texts: [String]) -> [UInt8] {
        let elements = texts.map { text in
            let e = XMLText.escaped(text)
            return "  <t a=\"\(e)\" b='\(e)'>\(e)</t>\n"
        }
        return Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<texts>\n" + elements.joined() + "</texts>\n").utf8)
    }

    /// The root's children as `XMLScanner` reads them: attributes and text (text events joined).
    static func scan(_ bytes: [UInt8]) throws -> [(attributes: [String: String], text: String)] {
        var scanner = XMLScanner(bytes)
        var elements: [(attributes: [String: String], text: String)] = []
        var depth = 0
        while let event = try scanner.next() {
            switch event {
            case .start(_, let attributes, _):
                depth += 1
                if depth == 2 { elements.append((attributes, "")) }
            case .text(let text) where depth == 2: elements[elements.count - 1].text += text
            case .text: break
            case .end: depth -= 1
            }
        }
        return elements
    }

    @Test("escaped writes & < > \" ' as entities, tab, LF and CR as references, and what XML 1.0 forbids as U+FFFD", arguments: cases)
    func escaping(_ c: (text: String, escaped: String, readBack: String)) {
        #expect(scalars(XMLText.escaped(c.text)) == scalars(c.escaped))
    }

    @Test("XMLScanner reads escaped text back byte for byte, in attributes in either quotes and in content")
    func ownReader() throws {
        let elements = try Self.scan(Self.document(Self.cases.map(\.text)))
        #expect(elements.count == Self.cases.count)
        for (c, element) in zip(Self.cases, elements) {
            #expect(scalars(element.attributes["a"]) == scalars(c.readBack))
            #expect(scalars(element.attributes["b"]) == scalars(c.readBack))
            #expect(scalars(element.text) == scalars(c.readBack))
        }
    }

    @Test("a standard XML parser reads the escaped text back the same", .enabled(if: StandardXML.isAvailable, "needs python3"))
    func standardReader() throws {
        let dir = try TemporaryDirectory(prefix: "xml-text")
        defer { dir.remove() }
        let file = dir.file("texts.xml")
        try Data(Self.document(Self.cases.map(\.text))).write(to: URL(fileURLWithPath: file))
        let elements = try StandardXML.read(file).children
        #expect(elements.count == Self.cases.count)
        for (c, element) in zip(Self.cases, elements) {
            #expect(scalars(element.attributes["a"]) == scalars(c.readBack))
            #expect(scalars(element.attributes["b"]) == scalars(c.readBack))
            #expect(scalars(element.text) == scalars(c.readBack))
        }
    }

    /// Raw line ends, tabs in an attribute, CDATA and references to the same characters.
    static let rawWhitespace = "<e a=\"x\ty\nz\r\nw\rv &#9;&#10;&#13;.\">p\r\nq\rr\ts<![CDATA[\r\n]]>&#13;</e>"

    @Test("XMLScanner reads raw line ends as LF, and raw tab and line ends in an attribute as a space; references stay")
    func normalisation() throws {
        let elements = try Self.scan(Array("<doc>\(Self.rawWhitespace)</doc>".utf8))
        #expect(scalars(elements.first?.attributes["a"]) == scalars("x y z w v \t\n\r."))
        #expect(scalars(elements.first?.text) == scalars("p\nq\nr\ts\n\r"))
    }

    @Test("a standard XML parser normalises raw whitespace as XMLScanner does", .enabled(if: StandardXML.isAvailable, "needs python3"))
    func standardNormalisation() throws {
        let dir = try TemporaryDirectory(prefix: "xml-text")
        defer { dir.remove() }
        let file = dir.file("raw.xml")
        try Data(Self.rawWhitespace.utf8).write(to: URL(fileURLWithPath: file))
        let element = try StandardXML.read(file)
        #expect(scalars(element.attributes["a"]) == scalars("x y z w v \t\n\r."))
        #expect(scalars(element.text) == scalars("p\nq\nr\ts\n\r"))
    }

    @Test("XMLScanner reads what a standard XML writer writes as a standard parser does", .enabled(if: StandardXML.isAvailable, "needs python3"))
    func standardWriter() throws {
        // XMLGenerator writes tab, LF and CR in an attribute as references, but in content only
        // & < > escaped, so a CR there reads as LF. (It writes a forbidden character raw, making
        // a document a standard parser rejects: not tried.)
        let written: [(text: String, attribute: String, content: String)] = [
            ("Duomo & <Galleria> \"Vittorio\" 'Emanuele'", "Duomo & <Galleria> \"Vittorio\" 'Emanuele'", "Duomo & <Galleria> \"Vittorio\" 'Emanuele'"),
            ("Via\tRoma\nnord\rsud\r\nest", "Via\tRoma\nnord\rsud\r\nest", "Via\tRoma\nnord\nsud\nest"),
            ("🚗🇮🇹👩‍👩‍👧 Cafe\u{301} nel\u{85}", "🚗🇮🇹👩‍👩‍👧 Cafe\u{301} nel\u{85}", "🚗🇮🇹👩‍👩‍👧 Cafe\u{301} nel\u{85}"),
        ]
        let dir = try TemporaryDirectory(prefix: "xml-text")
        defer { dir.remove() }
        let file = dir.file("python.xml")
        try StandardXML.write(.init("texts", children: written.map { .init("t", attributes: ["a": $0.text], text: $0.text) }), to: file)
        let own = try Self.scan(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        let standard = try StandardXML.read(file).children
        #expect(own.count == written.count && standard.count == written.count)
        for (w, (o, s)) in zip(written, zip(own, standard)) {
            #expect(scalars(o.attributes["a"]) == scalars(w.attribute))
            #expect(scalars(s.attributes["a"]) == scalars(w.attribute))
            #expect(scalars(o.text) == scalars(w.content))
            #expect(scalars(s.text) == scalars(w.content))
        }
    }
}

/// A string's Unicode scalars: equal exactly when the UTF-8 bytes are (where `==` on `String`
/// takes "e\u{301}" for "é").
private func scalars(_ text: String?) -> [Unicode.Scalar]? {
    text.map { Array($0.unicodeScalars) }
}
