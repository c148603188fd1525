import CCairo

/// Draws on a cairo ARGB32 image surface and encodes it as PNG in memory.
final class CairoCanvas: Canvas {
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// A transparent `width`×`height` surface.
    init(width: Int, height: Int) throws(RenderError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .cairo("cannot create a \(width)×\(height) surface")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            let message = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw .cairo(message)
        }
        self.surface = surface
        self.context = context
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    private func set(_ color: Color) { cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha) }

    func fillBackground(_ color: Color) {
        set(color)
        cairo_paint(context)
    }

    func polyline(_ points: [PicturePoint], color: Color, width: Double, role: String) {
        guard let first = points.first, points.count >= 2 else { return }
        cairo_move_to(context, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(context, p.x, p.y) }
        set(color)
        cairo_set_line_width(context, width)
        cairo_stroke(context)
    }

    func circle(_ center: PicturePoint, radius: Double, fill: Color, stroke: Color, strokeWidth: Double, role: String) {
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
        set(fill)
        cairo_fill_preserve(context)
        set(stroke)
        cairo_set_line_width(context, strokeWidth)
        cairo_stroke(context)
    }

    func rectangle(x: Double, y: Double, width: Double, height: Double, fill: Color, role: String) {
        cairo_rectangle(context, x, y, width, height)
        set(fill)
        cairo_fill(context)
    }

    func text(_ string: String, at point: PicturePoint, size: Double, color: Color, anchor: TextAnchor, role: String) {
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, string, &extents)
        let x = switch anchor {
        case .start: point.x
        case .middle: point.x - extents.x_advance / 2
        case .end: point.x - extents.x_advance
        }
        cairo_move_to(context, x, point.y)
        set(color)
        cairo_show_text(context, string)
        cairo_new_path(context)
    }

    /// The surface as PNG bytes.
    func png() throws(RenderError) -> [UInt8] {
        cairo_surface_flush(surface)
        let sink = PNGSink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }
}

/// Collects what cairo's PNG writer emits.
private final class PNGSink {
    var bytes: [UInt8] = []
}
