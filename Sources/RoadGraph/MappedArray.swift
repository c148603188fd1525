public import Geodesy

/// A value stored as a fixed number of little-endian bytes, so an array of it can be read in
/// place from a file image (`MappedArray`). Loading must accept any bytes without trapping.
public protocol FixedLayout {
    /// The number of bytes one value takes.
    static var byteSize: Int { get }
    /// The value stored at `raw` (`byteSize` bytes, any alignment).
    init(loadingFrom raw: UnsafeRawPointer)
    /// Stores the value at `raw` (`byteSize` bytes, any alignment).
    func store(to raw: UnsafeMutableRawPointer)
}

/// The owner of the bytes a `MappedArray` reads: a heap buffer (`HeapBytes`) or a file mapping,
/// released when the last array (or graph) using it goes away. Its memory is never written after it is made.
public typealias ByteOwner = AnyObject & Sendable

/// A heap buffer of bytes (what a freshly built graph or hierarchy is stored in).
public final class HeapBytes: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    /// The bytes.
    public let buffer: UnsafeRawBufferPointer

    /// An uninitialised buffer of `count` bytes for the creator to fill before sharing it.
    init(count: Int) {
        base = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
        buffer = UnsafeRawBufferPointer(start: base, count: count)
    }

    /// A copy of `bytes`.
    public convenience init(copying bytes: [UInt8]) {
        self.init(count: bytes.count)
        bytes.withUnsafeBytes { if let source = $0.baseAddress { base.copyMemory(from: source, byteCount: $0.count) } }
    }

    deinit { base.deallocate() }
}

/// An immutable array of `FixedLayout` values read in place from bytes that `owner` keeps alive:
/// either copied from a Swift array into a heap buffer, or a section of a memory-mapped file.
/// Values are decoded on access, so a mapped array costs no memory until its pages are touched.
public struct MappedArray<Element: FixedLayout>: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline let base: UnsafeRawPointer?
    /// The number of values.
    public let count: Int
    @usableFromInline let owner: (any ByteOwner)?

    /// The values of `array`, copied into a heap buffer.
    public init(_ array: some Collection<Element>) {
        let heap = HeapBytes(count: array.count * Element.byteSize)
        for (i, value) in array.enumerated() { value.store(to: heap.base + i * Element.byteSize) }
        base = UnsafeRawPointer(heap.base)
        count = array.count
        owner = heap
    }

    /// `count` values, value `i` being `element(i)` (asked for `i` = 0, 1, 2, … in turn), stored
    /// into a heap buffer as they are made (so no intermediate array of them is needed).
    public init(count: Int, _ element: (Int) -> Element) {
        let heap = HeapBytes(count: count * Element.byteSize)
        for i in 0..<count { element(i).store(to: heap.base + i * Element.byteSize) }
        base = UnsafeRawPointer(heap.base)
        self.count = count
        owner = heap
    }

    /// `count` values stored back to back at `bytes` (at least `count * Element.byteSize` of them),
    /// which `owner` keeps alive and unchanged.
    public init(bytes: UnsafeRawBufferPointer, count: Int, owner: any ByteOwner) {
        precondition(count * Element.byteSize <= bytes.count, "mapped array beyond its bytes")
        base = bytes.baseAddress
        self.count = count
        self.owner = owner
    }

    /// An empty array.
    public init() {
        base = nil
        count = 0
        owner = nil
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The value at `index`; traps outside `0..<count` like an array.
    @inlinable public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index \(index) out of range 0..<\(count)")
        return Element(loadingFrom: base.unsafelyUnwrapped + index * Element.byteSize)
    }

    /// The stored bytes (little-endian values back to back), for writing a file image.
    public var rawBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count * Element.byteSize)
    }
}

extension MappedArray: Equatable where Element: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}

extension Int32: FixedLayout {
    @inlinable public static var byteSize: Int { 4 }
    @inlinable public init(loadingFrom raw: UnsafeRawPointer) { self.init(littleEndian: raw.loadUnaligned(as: Int32.self)) }
    @inlinable public func store(to raw: UnsafeMutableRawPointer) { raw.storeBytes(of: littleEndian, as: Int32.self) }
}

extension UInt32: FixedLayout {
    @inlinable public static var byteSize: Int { 4 }
    @inlinable public init(loadingFrom raw: UnsafeRawPointer) { self.init(littleEndian: raw.loadUnaligned(as: UInt32.self)) }
    @inlinable public func store(to raw: UnsafeMutableRawPointer) { raw.storeBytes(of: littleEndian, as: UInt32.self) }
}

extension UInt8: FixedLayout {
    @inlinable public static var byteSize: Int { 1 }
    @inlinable public init(loadingFrom raw: UnsafeRawPointer) { self = raw.load(as: UInt8.self) }
    @inlinable public func store(to raw: UnsafeMutableRawPointer) { raw.storeBytes(of: self, as: UInt8.self) }
}

extension Double: FixedLayout {
    @inlinable public static var byteSize: Int { 8 }
    @inlinable public init(loadingFrom raw: UnsafeRawPointer) {
        self.init(bitPattern: UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)))
    }
    @inlinable public func store(to raw: UnsafeMutableRawPointer) { raw.storeBytes(of: bitPattern.littleEndian, as: UInt64.self) }
}

extension Coordinate: FixedLayout {
    @inlinable public static var byteSize: Int { 16 }
    @inlinable public init(loadingFrom raw: UnsafeRawPointer) {
        self.init(latitude: Double(loadingFrom: raw), longitude: Double(loadingFrom: raw + 8))
    }
    @inlinable public func store(to raw: UnsafeMutableRawPointer) {
        latitude.store(to: raw)
        longitude.store(to: raw + 8)
    }
}

extension UInt64: FixedLayout {
    @inlinable public static var byteSize: Int { 8 }
    @inlinable public init(loadingFrom raw: UnsafeRawPointer) { self.init(littleEndian: raw.loadUnaligned(as: UInt64.self)) }
    @inlinable public func store(to raw: UnsafeMutableRawPointer) { raw.storeBytes(of: littleEndian, as: UInt64.self) }
}
