import CZlib
import Foundation

/// A decoded 8-bit, non-interlaced PNG (grey, RGB or RGBA, what Chromium and cairo write), as RGBA.
struct PNGImage {
    let width: Int
    let height: Int
    /// RGBA, row by row.
    let pixels: [UInt8]

    enum DecodeError: Error { case notPNG, unsupported(String), corrupt(String) }

    init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, Array(bytes[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw DecodeError.notPNG }
        var offset = 8
        var width = 0, height = 0, colorType = 0
        var idat: [UInt8] = []
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        while offset + 8 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            guard data + length + 4 <= bytes.count else { throw DecodeError.corrupt("chunk \(type) overruns") }
            switch type {
            case "IHDR":
                width = u32(data)
                height = u32(data + 4)
                colorType = Int(bytes[data + 9])
                guard bytes[data + 8] == 8, bytes[data + 12] == 0 else { throw DecodeError.unsupported("depth/interlace") }
            case "IDAT": idat += bytes[data..<(data + length)]
            default: break
            }
            offset = data + length + 4
            if type == "IEND" { break }
        }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 6: channels = 4
        default: throw DecodeError.unsupported("color type \(colorType)")
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var stream = z_stream()
        guard waygate_inflateInit(&stream) == Z_OK else { throw DecodeError.corrupt("inflateInit") }
        defer { inflateEnd(&stream) }
        let code: Int32 = idat.withUnsafeBufferPointer { input in
            raw.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard code == Z_STREAM_END else { throw DecodeError.corrupt("inflate \(code)") }
        var image = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = Int(raw[y * (stride + 1) + 1 + x])
                let a = x >= channels ? Int(image[y * stride + x - channels]) : 0
                let b = y > 0 ? Int(image[(y - 1) * stride + x]) : 0
                let c = (x >= channels && y > 0) ? Int(image[(y - 1) * stride + x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw DecodeError.corrupt("filter \(filter)")
                }
                image[y * stride + x] = UInt8((value + predictor) & 0xFF)
            }
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            switch channels {
            case 1: (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]) = (image[i], image[i], image[i])
            case 3: (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]) = (image[3 * i], image[3 * i + 1], image[3 * i + 2])
            default: for k in 0..<4 { rgba[4 * i + k] = image[4 * i + k] }
            }
        }
        self.width = width
        self.height = height
        pixels = rgba
    }

    /// The RGBA of one pixel.
    func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = 4 * (y * width + x)
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3]))
    }

    /// Whether a pixel within `radius` of (x, y) is within `tolerance` of `color` per channel.
    func hasColor(_ color: (Int, Int, Int), near x: Int, _ y: Int, radius: Int = 3, tolerance: Int = 40) -> Bool {
        for yy in max(0, y - radius)...min(height - 1, y + radius) {
            for xx in max(0, x - radius)...min(width - 1, x + radius) {
                let p = pixel(x: xx, y: yy)
                if abs(p.r - color.0) <= tolerance && abs(p.g - color.1) <= tolerance && abs(p.b - color.2) <= tolerance { return true }
            }
        }
        return false
    }
}

/// gzip decompression for checking `Content-Encoding: gzip` bodies.
enum Gunzip {
    static func inflate(_ bytes: [UInt8], size: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size)
        var stream = z_stream()
        guard waygate_inflateInit2(&stream, 31) == Z_OK else { throw PNGImage.DecodeError.corrupt("inflateInit2") }
        defer { inflateEnd(&stream) }
        let code: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard code == Z_STREAM_END, Int(stream.total_out) == size else { throw PNGImage.DecodeError.corrupt("inflate \(code)") }
        return output
    }
}
