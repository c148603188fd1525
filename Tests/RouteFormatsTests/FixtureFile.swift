import Foundation
import TestSupport

/// Reads a fixture of this test target as bytes.
func fixtureBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Fixtures.url(name, target: "RouteFormatsTests")))
}

/// The UTF-8 bytes of a literal.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
