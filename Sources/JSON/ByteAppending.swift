extension Array where Element == UInt8 {
    /// Appends the few bytes of a key, literal or number one by one: for the short pieces JSON
    /// is made of this is cheaper than the general `append(contentsOf:)`.
    @inline(__always)
    mutating func appendShort(_ piece: UnsafeBufferPointer<UInt8>) {
        if piece.count > 24 {
            append(contentsOf: piece)
            return
        }
        for byte in piece { append(byte) }
    }
}
