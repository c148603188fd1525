/// The file format of a picture.
public enum PictureFormat: String, Sendable, Hashable, CaseIterable {
    /// SVG 1.1, written directly.
    case svg
    /// PNG through cairo.
    case png

    /// The format named by the extension of `path` (`.svg` or `.png`, any case).
    public init(path: String) throws(RenderError) {
        let lower = path.lowercased()
        if lower.hasSuffix(".svg") {
            self = .svg
        } else if lower.hasSuffix(".png") {
            self = .png
        } else {
            throw .unknownFormat(path)
        }
    }
}
