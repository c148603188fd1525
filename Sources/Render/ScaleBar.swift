import Foundation
import Geodesy

/// The length a scale bar shows: the longest of 1, 2 or 5 × 10ⁿ metres fitting in `maxPixels`.
struct ScaleBar: Sendable, Hashable {
    /// The ground length, metres.
    let meters: Meters
    /// Its length on the picture, pixels.
    let pixels: Double

    init(metersPerPixel: Meters, maxPixels: Double) {
        let maxMeters = max(metersPerPixel * maxPixels, 1e-3)
        let magnitude = pow(10, (log10(maxMeters)).rounded(.down))
        let step = [5.0, 2, 1].first { $0 * magnitude <= maxMeters } ?? 1
        meters = step * magnitude
        pixels = meters / metersPerPixel
    }

    /// `500 m`, `2 km`.
    var label: String {
        meters >= 1000 ? "\(SVGCanvas.number(meters / 1000)) km" : "\(SVGCanvas.number(meters)) m"
    }
}
