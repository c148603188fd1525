import CZlib

/// gzip compression of response bodies (`Content-Encoding: gzip`) through zlib.
enum Gzip {
    /// `bytes` as a gzip member at compression level 6, nil if zlib fails.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard waygate_deflateInit2(&stream, 6, 31) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let code: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard code == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
