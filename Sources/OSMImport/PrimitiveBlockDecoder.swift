import Geodesy
import RoadGraph

/// Decodes one PBF `PrimitiveBlock` (osmformat.proto): the string table (1), primitive groups (2),
/// granularity (17) and coordinate offsets (19, 20); within groups plain nodes (1), dense nodes (2),
/// ways (3) and relations (4). The importer reads a file twice: once for its routable ways and
/// restriction relations (`decodeWays`), then for the positions of the nodes those ways use
/// (`decodeNodes`). Each block decodes on its own, so blocks can decode on several threads.
struct PrimitiveBlockDecoder {
    let block: [UInt8]

    /// What the ways pass keeps of one block.
    struct Ways: Sendable {
        /// Routable ways: id, end of their references in `refs`, profile.
        var ways: [(id: Int64, end: Int, profile: WayProfile)] = []
        /// The node references of `ways`, one after the other.
        var refs: [Int64] = []
        /// Ways with a `highway` or `route=ferry` tag.
        var highwayWays = 0
        /// Kept relations.
        var relations: [OSMElements.Relation] = []
        /// Whether the block holds nodes (read again by the nodes pass).
        var hasNodes = false
    }

    /// What the nodes pass keeps of one block: positions of used nodes, and traffic facts.
    struct Nodes: Sendable {
        /// Used nodes: their index in the used-node table and position.
        var slots: [(slot: Int32, latitude: Double, longitude: Double)] = []
        /// Nodes with a traffic control or a barrier (used or not: all are counted).
        var facts: [(id: Int64, control: TrafficControl?, barriers: ProfileSet)] = []
        /// Nodes with a valid position.
        var nodesRead = 0
    }

    private struct Scale {
        var granularity: Double = 100
        var latitudeOffset: Double = 0
        var longitudeOffset: Double = 0
        func latitude(_ raw: Int64) -> Double { 1e-9 * (latitudeOffset + granularity * Double(raw)) }
        func longitude(_ raw: Int64) -> Double { 1e-9 * (longitudeOffset + granularity * Double(raw)) }
    }

    private struct Header {
        var strings: [String] = []
        var groups: [ProtobufReader] = []
        var scale = Scale()
    }

    private func header() throws(ProtobufError) -> Header {
        var reader = ProtobufReader(block)
        var header = Header()
        while let field = try reader.nextField() {
            switch (field.number, field.type) {
            case (1, .lengthDelimited): header.strings = try stringTable(try reader.readMessage())
            case (2, .lengthDelimited): header.groups.append(try reader.readMessage())
            case (17, .varint): header.scale.granularity = Double(try reader.readVarint())
            case (19, .varint): header.scale.latitudeOffset = Double(Int64(bitPattern: try reader.readVarint()))
            case (20, .varint): header.scale.longitudeOffset = Double(Int64(bitPattern: try reader.readVarint()))
            default: try reader.skip(field.type)
            }
        }
        return header
    }

    /// Calls `body` with the field number and message of every element group entry.
    private func forEachElement(_ header: Header, _ body: (Int, inout ProtobufReader) throws(ProtobufError) -> Void) throws(ProtobufError) {
        for var group in header.groups {
            while let field = try group.nextField() {
                guard field.type == .lengthDelimited else {
                    try group.skip(field.type)
                    continue
                }
                var message = try group.readMessage()
                try body(field.number, &message)
            }
        }
    }

    /// The block's routable ways (profiles from `policies`) and restriction relations.
    func decodeWays(policies: [TagPolicy]) throws(ProtobufError) -> Ways {
        let header = try header()
        var result = Ways()
        try forEachElement(header) { (number, message) throws(ProtobufError) in
            switch number {
            case 1, 2: result.hasNodes = true
            case 3: try way(&message, header.strings, policies, &result)
            case 4: try relation(&message, header.strings, &result)
            default: break
            }
        }
        return result
    }

    /// The block's nodes among `used` (sorted ids), and every traffic control and barrier.
    func decodeNodes(used: [Int64]) throws(ProtobufError) -> Nodes {
        let header = try header()
        var result = Nodes()
        try forEachElement(header) { (number, message) throws(ProtobufError) in
            switch number {
            case 1: try node(&message, header.scale, header.strings, used, &result)
            case 2: try denseNodes(&message, header.scale, header.strings, used, &result)
            default: break
            }
        }
        return result
    }

    private func stringTable(_ message: ProtobufReader) throws(ProtobufError) -> [String] {
        var reader = message
        var strings: [String] = []
        while let field = try reader.nextField() {
            if field.number == 1 && field.type == .lengthDelimited {
                strings.append(String(decoding: try reader.readBytes(), as: UTF8.self))
            } else {
                try reader.skip(field.type)
            }
        }
        return strings
    }

    /// Records a node: its position when a way uses it, its traffic facts when it has any.
    private func add(id: Int64, latitude: Double, longitude: Double, tags: [String: String], _ used: [Int64], _ result: inout Nodes) {
        if Coordinate(latitude: latitude, longitude: longitude).isValid {
            result.nodesRead += 1
            if let slot = Self.slot(of: id, in: used) { result.slots.append((Int32(slot), latitude, longitude)) }
        }
        guard !tags.isEmpty else { return }
        let control = TrafficControl(tags: tags), barriers = NodeBarrier.profiles(tags)
        if control != nil || !barriers.isEmpty { result.facts.append((id, control, barriers)) }
    }

    /// The index of `id` in the sorted `ids`, nil when absent.
    private static func slot(of id: Int64, in ids: [Int64]) -> Int? {
        var lo = 0, hi = ids.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ids[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < ids.count && ids[lo] == id ? lo : nil
    }

    private func node(_ reader: inout ProtobufReader, _ scale: Scale, _ strings: [String], _ used: [Int64], _ result: inout Nodes)
        throws(ProtobufError)
    {
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        var keys: [UInt64] = [], values: [UInt64] = []
        while let field = try reader.nextField() {
            switch (field.number, field.type) {
            case (1, .varint): id = try reader.readSignedVarint()
            case (2, _): try reader.readPackedVarints(field.type, into: &keys)
            case (3, _): try reader.readPackedVarints(field.type, into: &values)
            case (8, .varint): lat = try reader.readSignedVarint()
            case (9, .varint): lon = try reader.readSignedVarint()
            default: try reader.skip(field.type)
            }
        }
        let nodeTags = keys.isEmpty ? [:] : try tags(keys: keys, values: values, strings)
        add(id: id, latitude: scale.latitude(lat), longitude: scale.longitude(lon), tags: nodeTags, used, &result)
    }

    /// Dense nodes: delta-coded ids (1), latitudes (8) and longitudes (9), and `keys_vals` (10):
    /// per node, key/value string indexes ending with 0. Only the tags `OSMElements.addNodeTags` reads are kept.
    private func denseNodes(_ reader: inout ProtobufReader, _ scale: Scale, _ strings: [String], _ used: [Int64], _ result: inout Nodes)
        throws(ProtobufError)
    {
        var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = []
        var keysValues: [UInt64] = []
        while let field = try reader.nextField() {
            switch field.number {
            case 1: try reader.readPackedSignedVarints(field.type, into: &ids)
            case 8: try reader.readPackedSignedVarints(field.type, into: &lats)
            case 9: try reader.readPackedSignedVarints(field.type, into: &lons)
            case 10: try reader.readPackedVarints(field.type, into: &keysValues)
            default: try reader.skip(field.type)
            }
        }
        guard ids.count == lats.count, ids.count == lons.count else { throw .truncated }
        let wanted = Set(strings.indices.filter { OSMElements.relevantNodeKeys.contains(strings[$0]) }.map(UInt64.init))
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        var tagIndex = 0
        for i in ids.indices {
            id &+= ids[i]
            lat &+= lats[i]
            lon &+= lons[i]
            var nodeTags: [String: String] = [:]
            while tagIndex < keysValues.count && keysValues[tagIndex] != 0 {
                guard tagIndex + 1 < keysValues.count else { throw .truncated }
                let (key, value) = (keysValues[tagIndex], keysValues[tagIndex + 1])
                if wanted.contains(key) {
                    guard value < strings.count else { throw .truncated }
                    nodeTags[strings[Int(key)]] = strings[Int(value)]
                }
                tagIndex += 2
            }
            tagIndex += 1
            add(id: id, latitude: scale.latitude(lat), longitude: scale.longitude(lon), tags: nodeTags, used, &result)
        }
    }

    private func tags(keys: [UInt64], values: [UInt64], _ strings: [String]) throws(ProtobufError) -> [String: String] {
        guard keys.count == values.count else { throw .truncated }
        var tags: [String: String] = [:]
        for (k, v) in zip(keys, values) {
            guard k < strings.count, v < strings.count else { throw .truncated }
            tags[strings[Int(k)]] = strings[Int(v)]
        }
        return tags
    }

    private func way(_ reader: inout ProtobufReader, _ strings: [String], _ policies: [TagPolicy], _ result: inout Ways) throws(ProtobufError) {
        var id: Int64 = 0
        var keys: [UInt64] = [], values: [UInt64] = [], refs: [Int64] = []
        while let field = try reader.nextField() {
            switch field.number {
            case 1 where field.type == .varint: id = Int64(bitPattern: try reader.readVarint())
            case 2: try reader.readPackedVarints(field.type, into: &keys)
            case 3: try reader.readPackedVarints(field.type, into: &values)
            case 8: try reader.readPackedSignedVarints(field.type, into: &refs)
            default: try reader.skip(field.type)
            }
        }
        let wayTags = try tags(keys: keys, values: values, strings)
        guard WayProfile.isHighway(wayTags) else { return }
        result.highwayWays += 1
        guard let profile = WayProfile(tags: wayTags, policies: policies) else { return }
        var ref: Int64 = 0
        for delta in refs {
            ref &+= delta
            result.refs.append(ref)
        }
        result.ways.append((id, result.refs.count, profile))
    }

    private func relation(_ reader: inout ProtobufReader, _ strings: [String], _ result: inout Ways) throws(ProtobufError) {
        var id: Int64 = 0
        var keys: [UInt64] = [], values: [UInt64] = [], roles: [UInt64] = [], types: [UInt64] = []
        var memberIDs: [Int64] = []
        while let field = try reader.nextField() {
            switch field.number {
            case 1 where field.type == .varint: id = Int64(bitPattern: try reader.readVarint())
            case 2: try reader.readPackedVarints(field.type, into: &keys)
            case 3: try reader.readPackedVarints(field.type, into: &values)
            case 8: try reader.readPackedVarints(field.type, into: &roles)
            case 9: try reader.readPackedSignedVarints(field.type, into: &memberIDs)
            case 10: try reader.readPackedVarints(field.type, into: &types)
            default: try reader.skip(field.type)
            }
        }
        let relationTags = try tags(keys: keys, values: values, strings)
        guard relationTags["type"] == "restriction" else { return }
        guard roles.count == memberIDs.count, types.count == memberIDs.count else { throw .truncated }
        var ref: Int64 = 0
        var members: [OSMElements.Member] = []
        for i in memberIDs.indices {
            ref &+= memberIDs[i]
            guard roles[i] < strings.count, let kind = OSMElements.Member.Kind(rawValue: UInt8(truncatingIfNeeded: types[i])) else {
                throw .truncated
            }
            members.append(OSMElements.Member(kind: kind, ref: ref, role: strings[Int(roles[i])]))
        }
        result.relations.append(OSMElements.Relation(id: id, members: members, tags: relationTags))
    }
}
