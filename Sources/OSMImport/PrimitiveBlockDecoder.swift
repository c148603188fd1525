/// Decodes one PBF `PrimitiveBlock` (osmformat.proto): the string table (1), primitive groups (2),
/// granularity (17) and coordinate offsets (19, 20); within groups plain nodes (1), dense nodes (2),
/// ways (3) and relations (4). Nodes keep only their position; ways and relations their tags.
struct PrimitiveBlockDecoder {
    let block: [UInt8]
    let keepWay: ([String: String]) -> Bool
    let keepRelation: ([String: String]) -> Bool

    private struct Scale {
        var granularity: Double = 100
        var latitudeOffset: Double = 0
        var longitudeOffset: Double = 0
        func latitude(_ raw: Int64) -> Double { 1e-9 * (latitudeOffset + granularity * Double(raw)) }
        func longitude(_ raw: Int64) -> Double { 1e-9 * (longitudeOffset + granularity * Double(raw)) }
    }

    /// Adds the block's elements to `elements`.
    func decode(into elements: inout OSMElements) throws(ProtobufError) {
        var reader = ProtobufReader(block)
        var strings: [String] = []
        var groups: [ProtobufReader] = []
        var scale = Scale()
        while let field = try reader.nextField() {
            switch (field.number, field.type) {
            case (1, .lengthDelimited): strings = try stringTable(try reader.readMessage())
            case (2, .lengthDelimited): groups.append(try reader.readMessage())
            case (17, .varint): scale.granularity = Double(try reader.readVarint())
            case (19, .varint): scale.latitudeOffset = Double(Int64(bitPattern: try reader.readVarint()))
            case (20, .varint): scale.longitudeOffset = Double(Int64(bitPattern: try reader.readVarint()))
            default: try reader.skip(field.type)
            }
        }
        for var group in groups {
            while let field = try group.nextField() {
                guard field.type == .lengthDelimited else {
                    try group.skip(field.type)
                    continue
                }
                var message = try group.readMessage()
                switch field.number {
                case 1: try node(&message, scale, strings, &elements)
                case 2: try denseNodes(&message, scale, strings, &elements)
                case 3: try way(&message, strings, &elements)
                case 4: try relation(&message, strings, &elements)
                default: break
                }
            }
        }
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

    private func node(_ reader: inout ProtobufReader, _ scale: Scale, _ strings: [String], _ elements: inout OSMElements)
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
        elements.addNode(id: id, latitude: scale.latitude(lat), longitude: scale.longitude(lon))
        if !keys.isEmpty { elements.addNodeTags(id: id, try tags(keys: keys, values: values, strings)) }
    }

    /// Dense nodes: delta-coded ids (1), latitudes (8) and longitudes (9), and `keys_vals` (10):
    /// per node, key/value string indexes ending with 0. Only the tags `OSMElements.addNodeTags` reads are kept.
    private func denseNodes(_ reader: inout ProtobufReader, _ scale: Scale, _ strings: [String], _ elements: inout OSMElements)
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
            elements.addNode(id: id, latitude: scale.latitude(lat), longitude: scale.longitude(lon))
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
            if !nodeTags.isEmpty { elements.addNodeTags(id: id, nodeTags) }
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

    private func way(_ reader: inout ProtobufReader, _ strings: [String], _ elements: inout OSMElements) throws(ProtobufError) {
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
        guard keepWay(wayTags) else { return }
        var ref: Int64 = 0
        let nodeRefs = refs.map { delta in
            ref &+= delta
            return ref
        }
        elements.ways.append(OSMElements.Way(id: id, nodeRefs: nodeRefs, tags: wayTags))
    }

    private func relation(_ reader: inout ProtobufReader, _ strings: [String], _ elements: inout OSMElements) throws(ProtobufError) {
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
        guard keepRelation(relationTags) else { return }
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
        elements.relations.append(OSMElements.Relation(id: id, members: members, tags: relationTags))
    }
}
