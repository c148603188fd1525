import Foundation
import Geodesy
import RoadGraph
import RouteModel

/// Paints a `MapPicture` on a canvas, bottom to top: background, roads by class, matched path,
/// route, maneuver points, fixes, scale bar and attribution.
struct MapPainter {
    let picture: MapPicture
    let viewport: MapViewport

    static let background = Color(hex: 0xE8E6E1)
    static let routeColor = Color(hex: 0x0066FF)
    static let matchedColor = Color(hex: 0x16A34A)
    static let fixColor = Color(hex: 0xDC2626)
    static let ink = Color(hex: 0x222222)

    /// Colour and width (pixels) of a road class.
    static func style(of roadClass: RoadClass, zoom: Double) -> (Color, Double) {
        let minor = zoom >= 16 ? 3.0 : zoom >= 14 ? 2.0 : 1.2
        switch roadClass {
        case .motorway, .motorwayLink: return (Color(hex: 0xE8925A), roadClass.isLink ? 3 : 5)
        case .trunk, .trunkLink: return (Color(hex: 0xF0B36A), roadClass.isLink ? 3 : 4.5)
        case .primary, .primaryLink: return (Color(hex: 0xF6D37A), roadClass.isLink ? 2.5 : 4)
        case .secondary, .secondaryLink: return (Color(hex: 0xF3ECAE), roadClass.isLink ? 2.5 : 3.5)
        case .tertiary, .tertiaryLink: return (Color(hex: 0xFFFFFF), 3)
        case .ferry: return (Color(hex: 0x6AA7D8), 1.5)
        case .footway, .path, .cycleway, .bridleway, .steps, .pedestrian, .track, .platform: return (Color(hex: 0xFAFAFA), max(1, minor / 2))
        default: return (Color(hex: 0xFFFFFF), minor)
        }
    }

    func paint(on canvas: inout some Canvas) {
        canvas.fillBackground(Self.background)
        paintRoads(on: &canvas)
        for path in picture.matchedPaths {
            canvas.polyline(path.map(viewport.project), color: Self.matchedColor.withAlpha(0.85), width: 5, role: "matched")
        }
        if let route = picture.route {
            canvas.polyline(route.geometry.map(viewport.project), color: Self.routeColor, width: 6, role: "route")
        }
        for maneuver in picture.maneuvers {
            let fill: Color = switch maneuver.type {
            case .depart: Self.matchedColor
            case .arrive: Self.ink
            default: Color(hex: 0xFFFFFF)
            }
            canvas.circle(viewport.project(maneuver.location), radius: 5, fill: fill, stroke: Self.routeColor, strokeWidth: 2, role: "maneuver \(maneuver.type.rawValue)")
        }
        for fix in picture.fixes {
            canvas.circle(viewport.project(fix), radius: 3, fill: Self.fixColor, stroke: Color(hex: 0xFFFFFF), strokeWidth: 1, role: "fix")
        }
        paintScaleBar(on: &canvas)
        let h = Double(picture.height), w = Double(picture.width)
        canvas.rectangle(x: w - 250, y: h - 22, width: 250, height: 22, fill: Color(hex: 0xFFFFFF, alpha: 0.75), role: "attribution-box")
        canvas.text(picture.attribution, at: PicturePoint(x: w - 8, y: h - 7), size: 12, color: Self.ink, anchor: .end, role: "attribution")
    }

    private func paintRoads(on canvas: inout some Canvas) {
        guard let graph = picture.roads else { return }
        let level = Int(viewport.zoom.rounded(.down))
        let tolerance = viewport.metersPerPixel / 2
        var byClass: [RoadClass: [[PicturePoint]]] = [:]
        graph.forEachShape(in: viewport.visibleBox) { edge, vertices in
            let roadClass = graph[edge].roadClass
            guard roadClass.isVisible(atZoom: level) else { return }
            byClass[roadClass, default: []].append(
                LineSimplification.simplified(vertices, tolerance: tolerance).map(viewport.project))
        }
        // Minor classes first so major roads are drawn over them.
        for roadClass in RoadClass.allCases.reversed() {
            let (color, width) = Self.style(of: roadClass, zoom: viewport.zoom)
            for line in byClass[roadClass] ?? [] {
                canvas.polyline(line, color: color, width: width, role: "road \(roadClass.osmValue)")
            }
        }
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ metres) at most 150 pixels long, bottom left.
    private func paintScaleBar(on canvas: inout some Canvas) {
        let bar = ScaleBar(metersPerPixel: viewport.metersPerPixel, maxPixels: 150)
        let x = 12.0, y = Double(picture.height) - 16
        canvas.rectangle(x: x - 6, y: y - 22, width: bar.pixels + 12, height: 30, fill: Color(hex: 0xFFFFFF, alpha: 0.75), role: "scale-box")
        canvas.polyline([PicturePoint(x: x, y: y - 6), PicturePoint(x: x, y: y), PicturePoint(x: x + bar.pixels, y: y),
                         PicturePoint(x: x + bar.pixels, y: y - 6)], color: Self.ink, width: 2, role: "scale-bar")
        canvas.text(bar.label, at: PicturePoint(x: x + bar.pixels / 2, y: y - 8), size: 12, color: Self.ink, anchor: .middle, role: "scale-label")
    }
}

extension Color {
    /// The same colour with another alpha.
    func withAlpha(_ alpha: Double) -> Color {
        var c = self
        c.alpha = alpha
        return c
    }
}
