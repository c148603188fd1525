import Geodesy
import RouteModel

extension OSRMReader {
    /// A `voiceInstructions[]` element; a missing `ssmlAnnouncement` reads as "".
    func voiceInstruction(_ node: JSONNode) throws -> VoiceInstruction {
        VoiceInstruction(
            distanceAlongGeometry: try node.number("distanceAlongGeometry"), announcement: try node.string("announcement"),
            ssmlAnnouncement: try node.optionalString("ssmlAnnouncement") ?? "")
    }

    /// A `bannerInstructions[]` element.
    func bannerInstruction(_ node: JSONNode) throws -> BannerInstruction {
        BannerInstruction(
            distanceAlongGeometry: try node.number("distanceAlongGeometry"), primary: try bannerText(try node.field("primary")),
            secondary: try node.optional("secondary").map(bannerText), sub: try node.optional("sub").map(bannerText))
    }

    private func bannerText(_ node: JSONNode) throws -> BannerText {
        BannerText(
            text: try node.optionalString("text") ?? "", type: try node.optionalString("type").flatMap(ManeuverType.init(rawValue:)),
            modifier: try node.optionalString("modifier").flatMap(ManeuverModifier.init(rawValue:)),
            degrees: try node.optionalNumber("degrees"), components: try node.optionalElements("components").map(bannerComponent))
    }

    private func bannerComponent(_ node: JSONNode) throws -> BannerComponent {
        BannerComponent(
            text: try node.optionalString("text") ?? "", type: try node.optionalString("type") ?? "text",
            abbreviation: try node.optionalString("abbr"), abbreviationPriority: try node.optionalInteger("abbr_priority"),
            directions: try node.optional("directions").map { try $0.elements().map { try $0.string() } },
            isActive: try node.optional("active").map { try $0.bool() })
    }

    /// A leg's `annotation`: per-segment arrays; `maxspeed` elements are `{speed, unit}`,
    /// `{unknown: true}` (nil) or `{none: true}` (`SpeedLimit.unlimited`).
    func annotation(_ node: JSONNode) throws -> LegAnnotation {
        func numbers(_ key: String) throws -> [Double] { try node.optionalElements(key).map { try $0.number() } }
        return LegAnnotation(
            distance: try numbers("distance"), duration: try numbers("duration"), speed: try numbers("speed"),
            maxSpeed: try node.optionalElements("maxspeed").map(speedLimit))
    }

    private func speedLimit(_ node: JSONNode) throws -> SpeedLimit? {
        if let none = node.optional("none"), try none.bool() { return .unlimited }
        if let unknown = node.optional("unknown"), try unknown.bool() { return nil }
        return SpeedLimit(value: try node.number("speed"), unit: try node.optionalString("unit") ?? "km/h")
    }
}
