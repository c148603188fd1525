/// A small, fast, seeded random number generator (xoshiro256**, seeded through SplitMix64):
/// the same seed always gives the same sequence, on every platform.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64
    /// A second normal deviate left over from the last Box–Muller pair.
    private var spareNormal: Double?

    /// A generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        func nextSplitMix() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = nextSplitMix()
        s1 = nextSplitMix()
        s2 = nextSplitMix()
        s3 = nextSplitMix()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform deviate in [0, 1) with 53 random bits.
    public mutating func nextUniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A standard normal deviate (mean 0, standard deviation 1), by the Box–Muller transform.
    public mutating func nextNormal() -> Double {
        if let spare = spareNormal {
            spareNormal = nil
            return spare
        }
        // 1 − u lies in (0, 1], so the logarithm is finite.
        let u1 = 1 - nextUniform(), u2 = nextUniform()
        let radius = (-2 * Elementary.log(u1)).squareRoot()
        let angle = Elementary.sinCos(2 * Elementary.pi * u2)
        spareNormal = radius * angle.sin
        return radius * angle.cos
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
