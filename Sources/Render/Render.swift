/// Draws `picture` as an SVG document (UTF-8) or a PNG image (through cairo).
///
/// This is what `waygate render --map M (ROUTE|TRACE) [--match] -o out.svg|out.png` calls after
/// loading the map, the route or trace and, with `--match`, matching the trace.
public func render(_ picture: MapPicture, as format: PictureFormat) throws(RenderError) -> [UInt8] {
    let painter = MapPainter(picture: picture, viewport: try picture.viewport())
    switch format {
    case .svg:
        var canvas = SVGCanvas(width: picture.width, height: picture.height)
        painter.paint(on: &canvas)
        return Array(canvas.document.utf8)
    case .png:
        var canvas = try CairoCanvas(width: picture.width, height: picture.height)
        painter.paint(on: &canvas)
        return try canvas.png()
    }
}
