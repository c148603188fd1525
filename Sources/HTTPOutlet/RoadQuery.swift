public import Geodesy
import Foundation

/// A `GET /roads?bbox=minLon,minLat,maxLon,maxLat&zoom=Z` request, checked.
public struct RoadQuery: Sendable, Hashable {
    /// The view, in degrees.
    public var box: BoundingBox
    /// The Web-Mercator zoom level of the view, 0…22.
    public var zoom: Int

    /// The widest view served at `zoom`, in tile widths (a 4K screen is 15 tiles of 256 px wide).
    public static let maxTilesAcross = 16.0

    /// A query from its parts.
    public init(box: BoundingBox, zoom: Int) {
        self.box = box
        self.zoom = zoom
    }

    /// Parses the query string values; the error is a one-line message naming the bad value.
    public init(bbox: String?, zoom: String?) throws(QueryError) {
        guard let bbox, !bbox.isEmpty else { throw .init("missing bbox=minLon,minLat,maxLon,maxLat") }
        guard let zoom, !zoom.isEmpty else { throw .init("missing zoom=Z") }
        let parts = bbox.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 4, let w = parts[0], let s = parts[1], let e = parts[2], let n = parts[3],
            [w, s, e, n].allSatisfy(\.isFinite)
        else {
            throw .init("bad bbox \"\(bbox)\": expected four numbers minLon,minLat,maxLon,maxLat")
        }
        guard w >= -180, e <= 180, s >= -90, n <= 90, w < e, s < n else {
            throw .init("bad bbox \"\(bbox)\": need -180 ≤ minLon < maxLon ≤ 180 and -90 ≤ minLat < maxLat ≤ 90")
        }
        guard let z = Double(zoom), z.isFinite, z >= 0, z <= 22 else {
            throw .init("bad zoom \"\(zoom)\": expected a number from 0 to 22")
        }
        let level = Int(z.rounded(.down))
        let limit = Self.maxSpan(zoom: level)
        guard e - w <= limit, n - s <= limit else {
            throw .init("bbox \"\(bbox)\" is too large for zoom \(level): at most \(limit)° across")
        }
        self.init(box: BoundingBox(south: s, west: w, north: n, east: e), zoom: level)
    }

    /// The widest longitude (and latitude) span, in degrees, served at `zoom`.
    public static func maxSpan(zoom: Int) -> Degrees { maxTilesAcross * 360 / Double(1 << max(0, min(zoom, 30))) }

    /// Metres per screen pixel at this zoom and the view's latitude (256-pixel Web-Mercator tiles).
    public var metersPerPixel: Meters {
        2 * .pi * earthRadius * cos(box.center.latitude * .pi / 180) / (256 * Double(1 << max(0, min(zoom, 30))))
    }
}

/// A bad query string value (`/roads` bbox or zoom, `/events` channels); `message` names it.
public struct QueryError: Error, Equatable, CustomStringConvertible {
    /// The one-line message.
    public let message: String
    init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
