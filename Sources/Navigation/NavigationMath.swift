// Elementary functions for the camera's Web Mercator maths. Glibc is imported for the math
// library only (as Geodesy does); the module does no I/O and reads no clock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Base-2 logarithm.
@inline(__always) func logarithm2(_ x: Double) -> Double { log2(x) }
/// Natural logarithm.
@inline(__always) func naturalLogarithm(_ x: Double) -> Double { log(x) }
/// Natural exponential.
@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
/// Tangent of an angle in radians.
@inline(__always) func tangent(_ x: Double) -> Double { tan(x) }
/// Arctangent in radians.
@inline(__always) func arctangent(_ x: Double) -> Double { atan(x) }
/// Sine of an angle in radians.
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
/// Cosine of an angle in radians.
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
/// `2^x`.
@inline(__always) func power2(_ x: Double) -> Double { exp2(x) }
/// Arctangent of `y / x` in radians, using both signs for the quadrant.
@inline(__always) func arctangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
