/// Errors of the OSMImport module: unreadable input or an unusable extract.
public enum OSMImportError: Error, Equatable, CustomStringConvertible {
    /// The bytes are neither an OSM PBF file nor OSM XML.
    case unrecognizedFormat
    /// A PBF blob header or block is cut short or malformed; `offset` is the byte offset of the blob in the file.
    case corruptPBF(offset: Int, reason: String)
    /// The PBF file needs a feature this reader does not implement (e.g. an LZMA- or zstd-compressed blob).
    case unsupportedFeature(String)
    /// zlib failed to inflate a blob (`code` is the zlib return code).
    case inflateFailed(offset: Int, code: Int32)
    /// The XML is not well-formed OSM XML.
    case malformedXML(line: Int, reason: String)
    /// The extract has no way that any profile may travel.
    case noRoutableWays
    /// The extract's roads make no usable road graph (`RoadGraphError`'s reason: e.g. roads spread
    /// so thinly that their spatial index would be unbounded), whatever the file's format.
    case unusableRoads(String)
    /// The file is larger than Waygate imports in this format (`OSMImporter.maximumPBFBytes`,
    /// `maximumXMLBytes`).
    case tooLarge(format: String, bytes: Int, limit: Int)
    /// Something the import must hold (`what`) needs more than the memory budget (`MemoryBudget`).
    case overMemoryBudget(what: String, needs: Int, budget: Int)
    /// The file could not be read (an `OSMSource` failed; `reason` says why).
    case unreadable(String)

    /// A short human-readable form, for logs and error messages.
    public var description: String {
        switch self {
        case .unrecognizedFormat: "not an OSM file (expected .osm.pbf or .osm XML)"
        case .unreadable(let reason): "cannot read the OSM file: \(reason)"
        case .corruptPBF(let offset, let reason): "corrupt OSM PBF at byte \(offset): \(reason)"
        case .unsupportedFeature(let f): "unsupported OSM PBF feature: \(f)"
        case .inflateFailed(let offset, let code): "zlib could not inflate the OSM PBF blob at byte \(offset) (code \(code))"
        case .malformedXML(let line, let reason): "malformed OSM XML at line \(line): \(reason)"
        case .noRoutableWays: "the OSM extract contains no routable ways"
        case .unusableRoads(let reason): "the OSM extract's roads make no usable road graph: \(reason)"
        case .tooLarge(let format, let bytes, let limit): "\(format) of \(bytes) bytes is over the limit of \(limit) (use a smaller extract)"
        case .overMemoryBudget(let what, let needs, let budget):
            "\(what) needs about \(MemoryBudget.format(needs)), over the memory budget of \(MemoryBudget.format(budget)) (allow more with --memory)"
        }
    }
}
