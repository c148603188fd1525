import XMLScanning

/// Writes SVG 1.1 directly: one element per drawn thing, its role as the `class` attribute,
/// coordinates with two decimals.
struct SVGCanvas: Canvas {
    let width: Int, height: Int
    private var body = ""

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The finished document.
    var document: String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
            + body + "</svg>\n"
    }

    mutating func fillBackground(_ color: Color) {
        body += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"\(color.css)\"/>\n"
    }

    mutating func polyline(_ points: [PicturePoint], color: Color, width: Double, role: String) {
        guard points.count >= 2 else { return }
        let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        body += "<polyline class=\"\(XMLText.escaped(role))\" points=\"\(list)\" fill=\"none\" stroke=\"\(color.css)\""
            + "\(Self.opacity(color, "stroke-opacity")) stroke-width=\"\(Self.number(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
    }

    mutating func circle(_ center: PicturePoint, radius: Double, fill: Color, stroke: Color, strokeWidth: Double, role: String) {
        body += "<circle class=\"\(XMLText.escaped(role))\" cx=\"\(Self.number(center.x))\" cy=\"\(Self.number(center.y))\" r=\"\(Self.number(radius))\""
            + " fill=\"\(fill.css)\"\(Self.opacity(fill, "fill-opacity")) stroke=\"\(stroke.css)\" stroke-width=\"\(Self.number(strokeWidth))\"/>\n"
    }

    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, fill: Color, role: String) {
        body += "<rect class=\"\(XMLText.escaped(role))\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\""
            + " height=\"\(Self.number(height))\" fill=\"\(fill.css)\"\(Self.opacity(fill, "fill-opacity"))/>\n"
    }

    mutating func text(_ string: String, at point: PicturePoint, size: Double, color: Color, anchor: TextAnchor, role: String) {
        let anchorName = switch anchor {
        case .start: "start"
        case .middle: "middle"
        case .end: "end"
        }
        body += "<text class=\"\(XMLText.escaped(role))\" x=\"\(Self.number(point.x))\" y=\"\(Self.number(point.y))\" font-family=\"DejaVu Sans, sans-serif\""
            + " font-size=\"\(Self.number(size))\" fill=\"\(color.css)\" text-anchor=\"\(anchorName)\">\(XMLText.escaped(string))</text>\n"
    }

    /// A number with at most two decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }

    private static func opacity(_ color: Color, _ attribute: String) -> String {
        color.alpha < 1 ? " \(attribute)=\"\(number(color.alpha))\"" : ""
    }
}
