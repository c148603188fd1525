/// The index of a node (an intersection or dead end) in a `RoadGraph`.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The zero-based index into the graph's node arrays.
    public let rawValue: Int32

    /// A node ID from its index.
    @inlinable public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The index as an `Int`, for subscripting.
    @inlinable public var index: Int { Int(rawValue) }

    /// Orders by index.
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// A short human-readable form, for logs and error messages.
    public var description: String { "n\(rawValue)" }
}
