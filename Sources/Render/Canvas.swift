/// An sRGB colour with alpha, components 0…1.
struct Color: Sendable, Hashable {
    var red: Double, green: Double, blue: Double, alpha: Double = 1

    /// A colour from `0xRRGGBB`.
    init(hex: UInt32, alpha: Double = 1) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
        self.alpha = alpha
    }

    /// `#rrggbb`.
    var css: String {
        func two(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + two(red) + two(green) + two(blue)
    }
}

/// Where a text's anchor point is.
enum TextAnchor: Sendable {
    case start, middle, end
}

/// What the painter draws on: SVG text or a cairo surface. `role` names what is drawn (`route`,
/// `road residential`, `fix`…), which the SVG keeps as the element's class.
protocol Canvas {
    mutating func fillBackground(_ color: Color)
    mutating func polyline(_ points: [PicturePoint], color: Color, width: Double, role: String)
    mutating func circle(_ center: PicturePoint, radius: Double, fill: Color, stroke: Color, strokeWidth: Double, role: String)
    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, fill: Color, role: String)
    mutating func text(_ string: String, at point: PicturePoint, size: Double, color: Color, anchor: TextAnchor, role: String)
}
