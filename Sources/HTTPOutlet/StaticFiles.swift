import Foundation

/// Files served from a directory on disk (Leaflet from Debian's libjs-leaflet), by a checked
/// relative path: no `..`, no hidden files, only names of letters, digits, `.`, `-` and `_`.
struct StaticFiles: Sendable {
    /// The directory served.
    let directory: String

    /// The response for `relativePath` (below the mount point): the file, 404 when absent or not allowed.
    func response(for relativePath: Substring) -> HTTPResponse {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = !components.isEmpty && components.allSatisfy { part in
            !part.isEmpty && !part.hasPrefix(".")
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }
        }
        let path = directory + "/" + components.joined(separator: "/")
        guard allowed, let data = FileManager.default.contents(atPath: path) else {
            return .error(404, code: "not_found", "no file \"\(relativePath)\" under \(directory)")
        }
        var response = HTTPResponse(status: 200, contentType: Self.contentType(of: path), body: [UInt8](data))
        response.cacheable = true
        return response
    }

    /// The MIME type for a file name.
    static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last.map({ $0.lowercased() }) {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        case "map", "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
