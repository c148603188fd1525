/// Why a picture could not be made.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// Neither a route, fixes, a matched path nor a map with roads to frame.
    case nothingToDraw
    /// The output name ends in neither `.svg` nor `.png`.
    case unknownFormat(String)
    /// The requested size is outside 16…8192 pixels.
    case badSize(width: Int, height: Int)
    /// cairo reported an error.
    case cairo(String)

    /// A one-line message naming the bad input.
    public var description: String {
        switch self {
        case .nothingToDraw: "nothing to draw: give a route, a trace or a map"
        case .unknownFormat(let name): "cannot tell the picture format of \"\(name)\": use a name ending in .svg or .png"
        case .badSize(let w, let h): "bad picture size \(w)×\(h): each side must be 16…8192 pixels"
        case .cairo(let message): "cairo: \(message)"
        }
    }
}
