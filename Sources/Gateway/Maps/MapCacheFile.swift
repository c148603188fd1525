import Foundation
import RoadGraph
import Routing
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// The map cache file, memory-mapped and used in place (`PROT_READ`, `MAP_SHARED`, so processes
/// opening the same map share its pages):
///
///     0   "WGCACHE\n", cache version (UInt32), graph and hierarchy format versions (UInt32), 4 zero bytes
///     24  the source's size (UInt64) and modification time (Int64, µs)
///     40  graph image offset and length, hierarchy image offset and length, routing tables image
///         offset and length (UInt64)
///     88  CRC-32 of the 88 bytes above (UInt32), 4 zero bytes
///     96  the graph image (`RoadGraph.imageWriter()`), then at multiples of 8 the car hierarchy's
///         and the route planner's tables (`RoutePlanner.tablesWriter()`)
///
/// Opening reads the header and the images' section tables, not the whole file, so it takes the
/// same time whatever the map's size, and what the planner, the matcher and the hierarchy need is
/// all stored: nothing is computed over the whole graph at start. Unreadable, stale or damaged
/// caches (the tables included) are ignored, never an error; a missing or damaged hierarchy leaves
/// the graph usable. Written image by image, section by section, straight from the arrays.
enum MapCacheFile {
    /// Bumped whenever the import rules change what a graph contains, or the layout changes.
    static let version: UInt32 = 17
    static let magic = Array("WGCACHE\n".utf8)
    static let headerSize = 96
    /// Where the image offsets and lengths start in the header, and where its CRC lies.
    static let imageTable = 40, headerCRC = 88

    /// What a cache holds: a planner over the graph with the stored tables, and the car hierarchy
    /// when its image reads back (empty otherwise).
    struct Contents {
        var planner: RoutePlanner
        var graph: RoadGraph { planner.graph }
    }

    /// The graph, tables (and hierarchy) cached at `path` when the cache matches `stamp` and the
    /// current formats; `verifyingContents` also checks every byte's CRC, every index and the
    /// hierarchy's cost fingerprint (reads it all).
    static func read(_ path: String, expecting stamp: SourceStamp, verifyingContents: Bool = false) -> Contents? {
        guard let file = try? MappedFile(path: path), file.bytes.count >= headerSize else { return nil }
        let bytes = file.bytes
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: headerCRC, as: UInt32.self))
        guard bytes.prefix(40).elementsEqual(header(stamp)), stored == CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<headerCRC])) else {
            return nil
        }
        func image(_ n: Int) -> UnsafeRawBufferPointer? {
            let start = word(imageTable + 16 * n), length = word(imageTable + 16 * n + 8)
            guard start >= UInt64(headerSize), start <= UInt64(bytes.count), length <= UInt64(bytes.count) - start else { return nil }
            return UnsafeRawBufferPointer(rebasing: bytes[Int(start)..<Int(start + length)])
        }
        guard let graphImage = image(0), let tablesImage = image(2),
            let graph = try? RoadGraph(image: graphImage, owner: file, verifyingContents: verifyingContents)
        else { return nil }
        let hierarchy = image(1).flatMap { try? ContractionHierarchy(image: $0, owner: file, verifyingContents: verifyingContents) }
        guard
            let planner = try? RoutePlanner(
                graph: graph, tables: tablesImage, owner: file, hierarchies: hierarchy.map { [$0] } ?? [], verifying: verifyingContents)
        else { return nil }
        return Contents(planner: planner)
    }

    /// Writes `planner`'s graph and tables and `hierarchy` to `path` atomically (a new file renamed
    /// over the old one, so processes that have the old one mapped keep reading it), creating the
    /// directory; false when that is not possible. Each array is written from where it lies, so the
    /// write needs no buffer the size of the cache.
    static func write(_ planner: RoutePlanner, hierarchy: ContractionHierarchy, stamp: SourceStamp, to path: String) -> Bool {
        guard let draft = Draft(stamp: stamp, path: path), draft.write(planner.graph) else { return false }
        return draft.finish(hierarchy: hierarchy, tables: planner.tablesWriter())
    }

    /// A cache file written in steps, so that an imported graph need not stay in memory while its
    /// hierarchy is built: `init` starts a new file beside `path` (creating the directory), `stream`
    /// (or `write`) writes the graph image, `finish` appends the hierarchy and the tables, writes
    /// the header and renames the file over `path`. The file is the one `write` makes, byte for
    /// byte; a draft never finished is removed.
    final class Draft {
        /// Where the cache goes once finished.
        let path: String
        /// The graph read back from the draft's mapping, once streamed.
        private(set) var graph: RoadGraph?
        private let output: Output
        private let stamp: SourceStamp
        private var graphBytes: Int?
        private var mapping: MappedFile?
        private var open = true

        /// Starts a new file for `path` (creating the directory), its header left blank; nil when that is not possible.
        init?(stamp: SourceStamp, path: String) {
            let url = URL(fileURLWithPath: path)
            guard (try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)) != nil else {
                return nil
            }
            let temporary = path + ".new-\(getpid())"
            guard let fd = try? FileDescriptor.open(temporary, flags: O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC) else { return nil }
            guard (try? fd.writeAll([UInt8](repeating: 0, count: headerSize))) != nil else {
                fd.close()
                unlink(temporary)
                return nil
            }
            output = Output(fd: fd, path: temporary)
            (self.path, self.stamp) = (path, stamp)
        }

        /// Writes `graph`'s image as it lies (its segment index included); false when that is not possible.
        func write(_ graph: RoadGraph) -> Bool {
            let image = graph.imageWriter()
            guard open, graphBytes == nil, (try? image.write { piece in try output.append(piece) }) != nil else { return false }
            graphBytes = image.byteCount
            return true
        }

        /// Writes the image of `graph`, built without its segment index, the index made from the
        /// written graph as it goes (`RoadGraph.writeImage`), and maps it back as `graph`; false when
        /// that is not possible. Hand the graph over (`consume`) so that it is freed as it is written.
        /// - Throws: the `RoadGraphError` of a graph that cannot be indexed (a hostile map: its
        ///   error names the map, not the cache).
        func stream(_ graph: consuming RoadGraph) throws(RoadGraphError) -> Bool {
            guard open, graphBytes == nil else { return false }
            let written: Int?
            do {
                written = try RoadGraph.writeImage(of: graph, to: output)
            } catch let error as RoadGraphError {
                throw error
            } catch {
                written = nil
            }
            guard let bytes = written, let file = try? MappedFile(path: output.path),
                let mapped = try? RoadGraph(image: UnsafeRawBufferPointer(rebasing: file.bytes[headerSize..<(headerSize + bytes)]), owner: file)
            else { return false }
            (graphBytes, mapping, self.graph) = (bytes, file, mapped)
            return true
        }

        /// Drops the mapped graph's pages from the process's resident memory (they are read back
        /// from the page cache when touched again): for when the graph is not read for a while.
        func releaseGraphPages() { mapping?.releaseResidentPages() }

        /// Appends `hierarchy` and `tables`, writes the header and renames the file over `path`;
        /// false (and the file removed) when that is not possible.
        func finish(hierarchy: ContractionHierarchy, tables: SectionedImage.Writer) -> Bool {
            guard open, let graphBytes else { return false }
            open = false
            let fd = output.fd, temporary = output.path
            let images = [hierarchy.imageWriter(), tables]
            var w = ByteWriter()
            for b in header(stamp) { w.write(b) }
            w.write(UInt64(headerSize))
            w.write(UInt64(graphBytes))
            var written = headerSize + graphBytes, offset = (written + 7) & ~7, starts: [Int] = []
            for image in images {
                starts.append(offset)
                w.write(UInt64(offset))
                w.write(UInt64(image.byteCount))
                offset = (offset + image.byteCount + 7) & ~7
            }
            w.write(CRC32.checksum(w.bytes))
            w.write(UInt32(0))
            do {
                defer { fd.close() }
                for (image, start) in zip(images, starts) {
                    try fd.writeAll([UInt8](repeating: 0, count: start - written))
                    try image.write { piece in try fd.writeAll(piece) }
                    written = start + image.byteCount
                }
                guard lseek(fd.rawValue, 0, SEEK_SET) == 0 else { throw SystemError(code: errno, operation: "lseek") }
                try fd.writeAll(w.bytes)
            } catch {
                unlink(temporary)
                return false
            }
            guard rename(temporary, path) == 0 else {
                unlink(temporary)
                return false
            }
            return true
        }

        deinit {
            if open {
                output.fd.close()
                unlink(output.path)
            }
        }

        /// The draft file as an image output: the graph image starts after the cache header.
        final class Output: ImageOutput {
            let fd: FileDescriptor
            let path: String

            init(fd: FileDescriptor, path: String) { (self.fd, self.path) = (fd, path) }

            func append(_ bytes: UnsafeRawBufferPointer) throws { try fd.writeAll(bytes) }

            func overwriteStart(with bytes: UnsafeRawBufferPointer) throws {
                var done = 0
                while done < bytes.count {
                    let n = pwrite(fd.rawValue, bytes.baseAddress.unsafelyUnwrapped + done, bytes.count - done, off_t(headerSize + done))
                    guard n > 0 else { throw SystemError(code: n < 0 ? errno : EIO, operation: "pwrite") }
                    done += n
                }
            }

            func readBack(_ count: Int) throws -> (bytes: UnsafeRawBufferPointer, owner: any ByteOwner) {
                let file = try MappedFile(path: path)
                guard file.bytes.count >= headerSize + count else { throw SystemError(code: EIO, operation: "mmap of a short draft") }
                return (UnsafeRawBufferPointer(rebasing: file.bytes[headerSize..<(headerSize + count)]), file)
            }
        }
    }

    /// The first 40 header bytes for `stamp`: magic, versions, source stamp.
    static func header(_ stamp: SourceStamp) -> [UInt8] {
        var w = ByteWriter()
        for b in magic { w.write(b) }
        w.write(version)
        w.write(RoadGraph.fileFormatVersion)
        w.write(ContractionHierarchy.fileFormatVersion)
        w.write(UInt32(0))
        w.write(stamp.size)
        w.write(stamp.modified)
        return w.bytes
    }
}
