import Geodesy
import XMLScanning

/// A small road network drawn as text, for routing and guidance tests (valhalla gurka, OSRM
/// cucumber): letters and digits are nodes placed on a grid of `gridSize` metres, `- | / \` are
/// only drawing. Ways list the nodes they pass ("abc") with their tags; the map turns them into OSM
/// XML the importer reads.
///
///     let map = ASCIIMap("""
///         a---b---c
///             |
///             d
///         """, gridSize: 100)
///     let xml = map.osmXML(ways: [("abc", ["highway": "primary"]), ("bd", ["highway": "residential"])])
public struct ASCIIMap: Sendable {
    /// A way: the nodes it passes in order (one character each) and its tags.
    public typealias Way = (nodes: String, tags: [String: String])

    /// A relation member: the element (`.way("abc")` or `.node("b")`) and its role.
    public enum Member: Sendable {
        /// A way, named by its node string as given in `ways`.
        case way(String, role: String)
        /// A node, named by its character.
        case node(Character, role: String)
    }

    /// A relation: members and tags.
    public typealias Relation = (members: [Member], tags: [String: String])

    /// Node positions by character.
    public let nodes: [Character: Coordinate]
    /// Node ids by character (1-based, in reading order).
    public let nodeIDs: [Character: Int64]

    /// Parses `drawing`; each character cell is `gridSize` metres wide and tall, the first row is north.
    /// - Parameters:
    ///   - origin: the position of the top-left cell (default: central Helsinki).
    public init(_ drawing: String, gridSize: Meters = 10, origin: Coordinate = Coordinate(latitude: 60.17, longitude: 24.94)) {
        let projection = LocalProjection(origin: origin)
        var nodes: [Character: Coordinate] = [:]
        var ids: [Character: Int64] = [:]
        for (row, line) in drawing.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for (column, c) in line.enumerated() where c.isLetter || c.isNumber {
                nodes[c] = projection.unproject(PlanarPoint(x: Double(column) * gridSize, y: -Double(row) * gridSize))
                ids[c] = Int64(ids.count + 1)
            }
        }
        self.nodes = nodes
        self.nodeIDs = ids
    }

    /// The position of node `name`; traps in tests that name a node not drawn.
    public func coordinate(of name: Character) -> Coordinate {
        guard let c = nodes[name] else { fatalError("node \(name) is not on the ASCII map") }
        return c
    }

    /// The OSM way id given to the `index`-th way of `osmXML(ways:)` (1-based order).
    public static func wayID(index: Int) -> Int64 { Int64(index + 1) }

    /// OSM XML with every drawn node (with `nodeTags`, e.g. `["b": ["highway": "traffic_signals"]]`),
    /// the ways (ids 1, 2, … in order) and the relations (ids 1, 2, …).
    public func osmXML(ways: [Way], relations: [Relation] = [], nodeTags: [Character: [String: String]] = [:]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"ASCIIMap\">\n"
        for (c, id) in nodeIDs.sorted(by: { $0.value < $1.value }) {
            let p = nodes[c]!
            if let tags = nodeTags[c] {
                xml += "  <node id=\"\(id)\" lat=\"\(p.latitude)\" lon=\"\(p.longitude)\">\n" + tagsXML(tags) + "  </node>\n"
            } else {
                xml += "  <node id=\"\(id)\" lat=\"\(p.latitude)\" lon=\"\(p.longitude)\"/>\n"
            }
        }
        var wayIDs: [String: Int64] = [:]
        for (i, way) in ways.enumerated() {
            let id = Self.wayID(index: i)
            wayIDs[way.nodes] = id
            xml += "  <way id=\"\(id)\">\n"
            for c in way.nodes {
                guard let ref = nodeIDs[c] else { fatalError("way \(way.nodes) passes node \(c), which is not drawn") }
                xml += "    <nd ref=\"\(ref)\"/>\n"
            }
            xml += tagsXML(way.tags) + "  </way>\n"
        }
        for (i, relation) in relations.enumerated() {
            xml += "  <relation id=\"\(i + 1)\">\n"
            for member in relation.members {
                switch member {
                case .way(let nodes, let role):
                    guard let ref = wayIDs[nodes] else { fatalError("relation names way \(nodes), which is not in ways") }
                    xml += "    <member type=\"way\" ref=\"\(ref)\" role=\"\(role)\"/>\n"
                case .node(let c, let role):
                    guard let ref = nodeIDs[c] else { fatalError("relation names node \(c), which is not drawn") }
                    xml += "    <member type=\"node\" ref=\"\(ref)\" role=\"\(role)\"/>\n"
                }
            }
            xml += tagsXML(relation.tags) + "  </relation>\n"
        }
        return xml + "</osm>\n"
    }

    /// A turn restriction relation (`type=restriction`, `restriction=value`) from way `from` via node `via` to way `to`.
    public static func restriction(_ value: String, from: String, via: Character, to: String, extraTags: [String: String] = [:]) -> Relation {
        (
            [.way(from, role: "from"), .node(via, role: "via"), .way(to, role: "to")],
            extraTags.merging(["type": "restriction", "restriction": value]) { a, _ in a }
        )
    }

    private func tagsXML(_ tags: [String: String]) -> String {
        tags.sorted { $0.key < $1.key }.map { "    <tag k=\"\(XMLText.escaped($0.key))\" v=\"\(XMLText.escaped($0.value))\"/>\n" }.joined()
    }
}
