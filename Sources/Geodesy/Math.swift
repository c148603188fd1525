// Elementary functions without importing Glibc, so the pure layers stay free of it
// (DESIGN.md §2.3). They forward to the compiler's builtins through Foundation-free Swift.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@usableFromInline func sine(_ x: Double) -> Double { sin(x) }
@usableFromInline func cosine(_ x: Double) -> Double { cos(x) }
@usableFromInline func arcsine(_ x: Double) -> Double { asin(x) }
@usableFromInline func arctangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline func sinSquared(_ x: Double) -> Double { let s = sin(x); return s * s }
@usableFromInline func tangent(_ x: Double) -> Double { tan(x) }
@usableFromInline func arctangent(_ x: Double) -> Double { atan(x) }
