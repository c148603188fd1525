/// Numbers printed exactly as C's `printf` prints them (`%.Nf`, `%0W.Nf`, `%0Wd`), digits written
/// straight into a byte buffer: the fixed precision of gpsd's JSON and of NMEA fields.
///
/// The digits come from the exact binary value of the double (`m × 2^e`, expanded with 128-bit
/// integers, or a small big-number for magnitudes ≥ 2^75), rounded half to even as glibc does,
/// so values within a hair of a decimal tie (`0.125`, `1.005`, `2.675`) print what `printf`
/// prints without going through `String(format:)`.
public enum FixedPoint {
    /// The largest number of decimals supported; more are clamped to it.
    public static let maximumDecimals = 18

    /// Bytes `write(_:decimals:to:)` may need at its pointer.
    @usableFromInline static let scratchCount = 64

    /// Appends `value` as `%.<decimals>f` (`nan`, `-nan`, `inf`, `-inf` when not finite).
    public static func append(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        if value.isFinite, value.magnitude < 0x1p127 {
            // Written in place into the buffer's free capacity.
            bytes.append(addingCapacity: scratchCount) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    guard let out = buffer.baseAddress else { return }
                    initialized = write(value, decimals: decimals, to: out) ?? 0
                }
            }
            return
        }
        let decimals = min(max(decimals, 0), maximumDecimals)
        if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        guard value.isFinite else {
            bytes.append(contentsOf: value.isNaN ? [0x6E, 0x61, 0x6E] : [0x69, 0x6E, 0x66])
            return
        }
        // An integer too large for 128 bits (≥ 2^127).
        let bits = value.magnitude.bitPattern
        appendLargeInteger(bits & ((1 << 52) - 1) | (1 << 52), shift: Int(bits >> 52) - 1075, to: &bytes)
        appendFraction(zeros: decimals, to: &bytes)
    }

    /// Writes `value` as `%.<decimals>f` at `out` (room for `scratchCount` bytes) and returns
    /// the number of bytes; nil, writing nothing, for a value that is not finite or whose
    /// integer part does not fit in 128 bits (`append` prints those).
    @usableFromInline
    static func write(_ value: Double, decimals: Int, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let decimals = min(max(decimals, 0), maximumDecimals)
        // A whole number from 0 to 999 (not -0: its bit pattern is above 1000's), such as a gpsd
        // satellite's elevation, azimuth and signal strength, the most frequent numbers: its
        // digits and `decimals` zeros, before any other work.
        if value.bitPattern < 1000.0.bitPattern, Double(Int(value)) == value {
            let whole = Int(value)
            var count = 0
            if whole >= 100 {
                out[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole / 100)
                count += 1
            }
            if whole >= 10 {
                out[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole / 10 % 10)
                count += 1
            }
            out[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole % 10)
            count += 1
            if decimals > 0 {
                out[count] = UInt8(ascii: ".")
                for k in 1...decimals { out[count + k] = UInt8(ascii: "0") }
                count += decimals + 1
            }
            return count
        }
        guard value.isFinite else { return nil }
        let magnitude = value.magnitude
        let bits = magnitude.bitPattern
        let exponentBits = Int(bits >> 52)
        let fractionBits = bits & ((1 << 52) - 1)
        // magnitude = significand × 2^exponent, exactly.
        let significand = exponentBits == 0 ? fractionBits : fractionBits | (1 << 52)
        let exponent = exponentBits == 0 ? -1074 : exponentBits - 1075
        if exponent > 74 { return nil }
        var count = 0
        if value.sign == .minus {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        // A whole number below 2^32 (a GSV's elevations, azimuths and signal strengths, gpsd's
        // most frequent numbers): its digits, then `decimals` zeros, without the checks below.
        if magnitude < 0x1p32, Double(UInt32(magnitude)) == magnitude {
            count += writeWhole(UInt64(UInt32(magnitude)), to: out + count)
            if decimals > 0 {
                out[count] = UInt8(ascii: ".")
                for k in 1...decimals { out[count + k] = UInt8(ascii: "0") }
                count += decimals + 1
            }
            return count
        }
        // An integer (< 2^127: at most 39 digits; those below 2^53, such as a GSV's elevations and
        // azimuths, without the 128-bit product): its digits, then `decimals` zeros.
        var integer: UInt128?
        if exponent >= 0 {
            integer = UInt128(significand) << exponent
        } else if magnitude < 0x1p53, let whole = UInt64(exactly: magnitude) {
            integer = UInt128(whole)
        }
        if let integer {
            count += writeDigits(integer, decimals: 0, to: out + count)
            if decimals > 0 {
                out[count] = UInt8(ascii: ".")
                for k in 0..<decimals { out[count + 1 + k] = UInt8(ascii: "0") }
                count += decimals + 1
            }
            return count
        }
        // magnitude × 10^decimals = significand × 10^decimals / 2^shift, rounded half to even.
        let shift = -exponent
        let product = UInt128(significand) * UInt128(powerOfTen(decimals))  // < 2^53 × 10^18 < 2^113
        var units: UInt128 = 0
        if shift < 114 {
            units = product >> shift
            let remainder = product & ((1 << shift) - 1)
            let half: UInt128 = 1 << (shift - 1)
            if remainder > half || (remainder == half && units & 1 == 1) { units += 1 }
        }
        // else: product < 2^113 ≤ half, so the value rounds to zero.
        return count + writeDigits(units, decimals: decimals, to: out + count)
    }

    /// `value` as `%.<decimals>f`.
    public static func format(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` as `%0<width>.<decimals>f` (zero-padded on the left to `width` characters).
    public static func format(_ value: Double, decimals: Int, width: Int) -> String {
        let text = format(value, decimals: decimals)
        guard text.utf8.count < width, value.isFinite else { return text }
        if text.hasPrefix("-") { return "-" + String(repeating: "0", count: width - text.utf8.count) + text.dropFirst() }
        return String(repeating: "0", count: width - text.utf8.count) + text
    }

    /// `value` as `%0<width>d`.
    public static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let pad = max(0, width - digits.utf8.count - sign.utf8.count)
        return sign + String(repeating: "0", count: pad) + digits
    }

    // MARK: Digits

    /// 10^n for n in 0…18 (a switch: no global array to initialise and check on every call).
    private static func powerOfTen(_ n: Int) -> UInt64 {
        switch n {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        default:
            var p: UInt64 = 1_000_000_000
            for _ in 9..<n { p *= 10 }
            return p
        }
    }

    private static func appendFraction(zeros: Int, to bytes: inout [UInt8]) {
        guard zeros > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: zeros))
    }

    /// "000102…99": the two digits of every number below 100 (a static string: no global to initialise).
    private static var digitPairs: StaticString { "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" }

    /// Writes `value` (< 2^128: at most 39 digits) with a `.` before its last `decimals` digits
    /// (zero-padded so that one digit at least comes before the point), as `%.<decimals>f`
    /// prints `value / 10^decimals`; returns the number of bytes written.
    private static func writeDigits(_ value: UInt128, decimals: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let small = UInt64(exactly: value) else { return writeLargeDigits(value, decimals: decimals, to: out) }
        // Below 2^64 (every value gpsd's precisions give in practice): written straight at
        // `out`, two digits per division, the whole part then the decimals.
        guard decimals > 0 else { return writeWhole(small, to: out) }
        let scale = powerOfTen(decimals)
        let count = writeWhole(small / scale, to: out)
        out[count] = UInt8(ascii: ".")
        writeExactly(small % scale, digits: decimals, to: out + count + 1)
        return count + 1 + decimals
    }

    /// Writes the decimal digits of `value` (no leading zeros, `0` for zero, at most 20); returns
    /// how many.
    @usableFromInline
    static func writeWhole(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // One or two digits (a SKY satellite's PRN, gnssid, svid, health…) without counting them.
        if value < 10 {
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            return 1
        }
        if value < 100 {
            let pair = digitPairs.utf8Start + Int(value) * 2
            out[0] = pair[0]
            out[1] = pair[1]
            return 2
        }
        var digits = 1
        var power: UInt64 = 10
        while value >= power {
            digits += 1
            if digits == 20 { break }  // 10^20 is past UInt64.max
            power *= 10
        }
        writeExactly(value, digits: digits, to: out)
        return digits
    }

    /// Writes the last `digits` decimal digits of `value` (leading zeros included) at `out`.
    static func writeExactly(_ value: UInt64, digits: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var rest = value
        var i = digits
        while i >= 2 {
            let pair = Int(rest % 100) * 2
            rest /= 100
            i -= 2
            out[i] = pairs[pair]
            out[i + 1] = pairs[pair + 1]
        }
        if i == 1 { out[0] = UInt8(ascii: "0") + UInt8(rest % 10) }
    }

    /// `writeDigits` for values of 2^64 and more, one digit per division through a scratch buffer.
    private static func writeLargeDigits(_ value: UInt128, decimals: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { scratch in
            var i = 48
            var rest = value
            repeat {
                i -= 1
                scratch[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            while 48 - i < decimals + 1 {
                i -= 1
                scratch[i] = UInt8(ascii: "0")
            }
            let integerCount = 48 - decimals - i
            for k in 0..<integerCount { out[k] = scratch[i + k] }
            guard decimals > 0 else { return integerCount }
            out[integerCount] = UInt8(ascii: ".")
            for k in 0..<decimals { out[integerCount + 1 + k] = scratch[48 - decimals + k] }
            return integerCount + 1 + decimals
        }
    }

    /// Appends the digits of `significand × 2^shift` for shifts too large for 128 bits, in base-10⁹ limbs.
    private static func appendLargeInteger(_ significand: UInt64, shift: Int, to bytes: inout [UInt8]) {
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = []  // little-endian, each < 10^9
        var rest = significand
        while rest > 0 {
            limbs.append(rest % base)
            rest /= base
        }
        var remaining = shift
        while remaining > 0 {
            let step = min(remaining, 32)
            remaining -= step
            var carry: UInt64 = 0
            for j in limbs.indices {
                let v = (limbs[j] << step) + carry  // < 2^30 × 2^32 + carry, fits
                limbs[j] = v % base
                carry = v / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
        }
        guard let top = limbs.last else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        bytes.append(contentsOf: String(top).utf8)
        for limb in limbs.dropLast().reversed() {
            let text = String(limb).utf8
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 9 - text.count))
            bytes.append(contentsOf: text)
        }
    }
}
