import Foundation
import RouteFormats
import RouteModel
import TestSupport
import Testing

/// Track and route names with characters XML treats specially, through GPX written by Waygate
/// and by a standard XML writer (Python's), read by Waygate and by a standard parser (expat).
@Suite("GPX names through XML")
struct GPXNamesTests {
    /// A name and what an XML 1.0 reader reads back from Waygate's GPX: the name itself, but for a
    /// control character XML 1.0 forbids, read as U+FFFD. Spaces only inside: `GPXReader` trims a
    /// name's ends.
    static let names: [(name: String, readBack: String)] = [
        ("Duomo & <Galleria> \"Vittorio\" 'Emanuele'", "Duomo & <Galleria> \"Vittorio\" 'Emanuele'"),
        ("Via\tRoma", "Via\tRoma"),
        ("Via\nRoma", "Via\nRoma"),
        ("Via\rRoma", "Via\rRoma"),
        ("Via\r\nRoma", "Via\r\nRoma"),
        ("Via\u{1}Roma", "Via\u{FFFD}Roma"),
        ("🚗 Strada 🇮🇹 👩‍👩‍👧", "🚗 Strada 🇮🇹 👩‍👩‍👧"),
        ("Cafe\u{301} Vittorio", "Cafe\u{301} Vittorio"),
    ]

    /// A GPX track named `name`, and a GPX route whose first leg's summary is `name`.
    static func written(_ name: String) throws -> (track: [UInt8], route: [UInt8]) {
        let fixes = try RouteFile.readTrace(try fixtureBytes("gpx/track.gpx"))
        var route = try RouteFile.readRoutes(try fixtureBytes("gpx/route.gpx"))[0]
        route.legs[0].summary = name
        return (GPXWriter.track(fixes, name: name), GPXWriter.route(route))
    }

    @Test("GPXReader reads a name from Waygate's GPX back byte for byte, a forbidden control as U+FFFD", arguments: names)
    func ownReader(_ n: (name: String, readBack: String)) throws {
        let (track, route) = try Self.written(n.name)
        #expect(scalars(try GPXReader.read(track).tracks.first?.name) == scalars(n.readBack))
        #expect(scalars(try GPXReader.read(route).routes.first?.name) == scalars(n.readBack))
    }

    @Test("a standard XML parser reads the same names from Waygate's GPX", .enabled(if: StandardXML.isAvailable, "needs python3"),
          arguments: names)
    func standardReader(_ n: (name: String, readBack: String)) throws {
        let dir = try TemporaryDirectory(prefix: "gpx-names")
        defer { dir.remove() }
        let (track, route) = try Self.written(n.name)
        for (bytes, element) in [(track, "trk"), (route, "rte")] {
            let file = dir.file("\(element).gpx")
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let name = try StandardXML.read(file).children.first { $0.name == element }?.children.first { $0.name == "name" }?.text
            #expect(scalars(name) == scalars(n.readBack), "in <\(element)>")
        }
    }

    @Test("GPXReader reads names from GPX written by a standard XML writer as a standard parser does",
          .enabled(if: StandardXML.isAvailable, "needs python3"))
    func standardWriter() throws {
        // XMLGenerator escapes only & < > in content, so a CR there reads as LF; a forbidden
        // control it writes raw, making a document a standard parser rejects: not tried.
        let written: [(name: String, readBack: String)] = [
            ("Duomo & <Galleria> \"Vittorio\" 'Emanuele'", "Duomo & <Galleria> \"Vittorio\" 'Emanuele'"),
            ("Via\tRoma", "Via\tRoma"),
            ("Via\nRoma", "Via\nRoma"),
            ("Via\rRoma", "Via\nRoma"),
            ("Via\r\nRoma", "Via\nRoma"),
            ("🚗 Strada 🇮🇹 👩‍👩‍👧", "🚗 Strada 🇮🇹 👩‍👩‍👧"),
            ("Cafe\u{301} Vittorio", "Cafe\u{301} Vittorio"),
        ]
        let dir = try TemporaryDirectory(prefix: "gpx-names")
        defer { dir.remove() }
        let file = dir.file("python.gpx")
        let tracks = written.map { w in
            StandardXML.Element("trk", children: [
                .init("name", text: w.name),
                .init("trkseg", children: [.init("trkpt", attributes: ["lat": "45.4642", "lon": "9.19"])]),
            ])
        }
        try StandardXML.write(.init("gpx", attributes: ["version": "1.1", "creator": "python"], children: tracks), to: file)
        let own = try GPXReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: file)))).tracks.map(\.name)
        let standard = try StandardXML.read(file).children.map { $0.children.first { $0.name == "name" }?.text }
        #expect(own.map { scalars($0) } == written.map { scalars($0.readBack) })
        #expect(standard.map { scalars($0) } == written.map { scalars($0.readBack) })
    }
}

/// A string's Unicode scalars: equal exactly when the UTF-8 bytes are (where `==` on `String`
/// takes "e\u{301}" for "é").
private func scalars(_ text: String?) -> [Unicode.Scalar]? {
    text.map { Array($0.unicodeScalars) }
}
