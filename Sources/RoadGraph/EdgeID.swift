/// The index of a directed edge in a `RoadGraph`.
public struct EdgeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The zero-based index into the graph's edge array.
    public let rawValue: Int32

    /// An edge ID from its index.
    @inlinable public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The index as an `Int`, for subscripting.
    @inlinable public var index: Int { Int(rawValue) }

    /// Orders by index.
    public static func < (lhs: EdgeID, rhs: EdgeID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// A short human-readable form, for logs and error messages.
    public var description: String { "e\(rawValue)" }
}
