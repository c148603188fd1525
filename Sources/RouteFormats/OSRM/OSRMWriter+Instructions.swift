import JSON
import Geodesy
import RouteModel

extension OSRMWriter {
    /// A shape in the writer's geometry format.
    func shape(_ line: [Coordinate]) -> JSONValue {
        guard let precision = geometry.polylinePrecision else { return GeoJSONValues.lineString(line) }
        return .string(PolylineCodec.encode(line, precision: precision))
    }

    /// A `[lon, lat]` array.
    func position(_ c: Coordinate) -> JSONValue { GeoJSONValues.position(c) }

    func voiceObject(_ v: VoiceInstruction) -> JSONValue {
        .object([
            JSONMember("distanceAlongGeometry", .number(v.distanceAlongGeometry)),
            JSONMember("announcement", .string(v.announcement)),
            JSONMember("ssmlAnnouncement", .string(v.ssmlAnnouncement)),
        ])
    }

    func bannerObject(_ b: BannerInstruction) -> JSONValue {
        var members = [JSONMember("distanceAlongGeometry", .number(b.distanceAlongGeometry)), JSONMember("primary", bannerText(b.primary))]
        if let secondary = b.secondary { members.append(JSONMember("secondary", bannerText(secondary))) }
        if let sub = b.sub { members.append(JSONMember("sub", bannerText(sub))) }
        return .object(members)
    }

    private func bannerText(_ t: BannerText) -> JSONValue {
        var members = [JSONMember("text", .string(t.text))]
        if let type = t.type { members.append(JSONMember("type", .string(type.rawValue))) }
        if let modifier = t.modifier { members.append(JSONMember("modifier", .string(modifier.rawValue))) }
        if let degrees = t.degrees { members.append(JSONMember("degrees", .number(degrees))) }
        members.append(JSONMember("components", .array(t.components.map(component))))
        return .object(members)
    }

    private func component(_ c: BannerComponent) -> JSONValue {
        var members = [JSONMember("text", .string(c.text)), JSONMember("type", .string(c.type))]
        if let abbr = c.abbreviation { members.append(JSONMember("abbr", .string(abbr))) }
        if let priority = c.abbreviationPriority { members.append(JSONMember("abbr_priority", .number(Double(priority)))) }
        if let directions = c.directions { members.append(JSONMember("directions", .array(directions.map { .string($0) }))) }
        if let active = c.isActive { members.append(JSONMember("active", .bool(active))) }
        return .object(members)
    }
}
