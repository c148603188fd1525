/// A value the wire writes as a JSON object, member by member, without `JSONEncoder`.
///
/// `writeMembers` must write its members in increasing byte order of their keys, leaving absent
/// optionals out, so the bytes are exactly what `JSONEncoder` with `.sortedKeys` writes for the
/// type's `Codable` form (debug builds check the order).
public protocol WireObject {
    /// Writes this value's members (keys in increasing byte order) through `object`.
    func writeMembers(to object: inout WireObjectWriter)
}
