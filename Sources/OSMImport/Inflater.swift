import CZlib

/// zlib decompression of one PBF blob whose uncompressed size is known (`raw_size`).
enum Inflater {
    /// Inflates the zlib stream `input` into exactly `size` bytes; nil plus the zlib code on failure.
    static func inflate(_ input: ArraySlice<UInt8>, size: Int) -> Result<[UInt8], ZlibFailure> {
        var output = [UInt8](repeating: 0, count: size)
        var stream = z_stream()
        let initCode = waygate_inflateInit(&stream)
        guard initCode == Z_OK else { return .failure(ZlibFailure(code: initCode)) }
        defer { inflateEnd(&stream) }
        let code: Int32 = input.withUnsafeBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard code == Z_STREAM_END, Int(stream.total_out) == size else {
            return .failure(ZlibFailure(code: code == Z_STREAM_END ? Z_DATA_ERROR : code))
        }
        return .success(output)
    }

    /// A zlib return code.
    struct ZlibFailure: Error {
        /// The zlib code (`Z_DATA_ERROR`, `Z_BUF_ERROR`, …).
        let code: Int32
    }
}
