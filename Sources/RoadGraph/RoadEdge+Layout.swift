import Geodesy

/// An edge in a graph image: 56 bytes, little-endian. An unknown road class reads as `.road`.
///
///     0 from, 4 to, 8 shape (Int32), 12 length (Float), 16 way ID (Int64), 24 name, 28 ref,
///     32 destination (Int32), 36 road class (UInt8), 37 default speed (UInt8), 38 packed speed
///     limit (UInt16), 40 flags (UInt16), 42 car preference (UInt8), 43 car control delay (UInt8), 44 car, 48 bike,
///     52 foot durations (Float)
extension RoadEdge: FixedLayout {
    @inlinable public static var byteSize: Int { 56 }
    /// Offsets of the fields read on their own as well (`MappedArray<RoadEdge>`'s field readers).
    @usableFromInline static var shapeOffset: Int { 8 }
    @usableFromInline static var roadClassOffset: Int { 36 }
    @usableFromInline static var flagsOffset: Int { 40 }
    /// The car duration; bike and foot follow, 4 bytes each, in `TravelProfile.index` order.
    @usableFromInline static var durationsOffset: Int { 44 }

    @inlinable public init(loadingFrom raw: UnsafeRawPointer) {
        func int32(_ offset: Int) -> Int32 { Int32(loadingFrom: raw + offset) }
        func float(_ offset: Int) -> Float { Float(bitPattern: UInt32(loadingFrom: raw + offset)) }
        func uint16(_ offset: Int) -> UInt16 { UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
        self.init(
            from: NodeID(int32(0)), to: NodeID(int32(4)), shape: int32(Self.shapeOffset), length: float(12),
            wayID: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: Int64.self)), name: int32(24), ref: int32(28),
            destination: int32(32), roadClass: RoadClass(rawValue: raw.load(fromByteOffset: Self.roadClassOffset, as: UInt8.self)) ?? .road,
            packedSpeedLimit: uint16(38), defaultSpeed: raw.load(fromByteOffset: 37, as: UInt8.self),
            flags: EdgeFlags(rawValue: uint16(Self.flagsOffset)),
            durations: ProfileDurations(car: float(Self.durationsOffset), bike: float(Self.durationsOffset + 4), foot: float(Self.durationsOffset + 8)),
            carPreference: raw.load(fromByteOffset: 42, as: UInt8.self), carControlDelay: raw.load(fromByteOffset: 43, as: UInt8.self))
    }

    /// An edge from its stored fields (the speed limit packed).
    @inlinable init(
        from: NodeID, to: NodeID, shape: Int32, length: Float, wayID: Int64, name: Int32, ref: Int32, destination: Int32,
        roadClass: RoadClass, packedSpeedLimit: UInt16, defaultSpeed: UInt8, flags: EdgeFlags, durations: ProfileDurations,
        carPreference: UInt8, carControlDelay: UInt8
    ) {
        self.from = from
        self.to = to
        self.shape = shape
        self.length = length
        self.wayID = wayID
        self.name = name
        self.ref = ref
        self.destination = destination
        self.roadClass = roadClass
        self.packedSpeedLimit = packedSpeedLimit
        self.defaultSpeed = defaultSpeed
        self.flags = flags
        self.durations = durations
        self.carPreference = carPreference
        self.carControlDelay = carControlDelay
    }

    @inlinable public func store(to raw: UnsafeMutableRawPointer) {
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteSize)
        from.rawValue.store(to: raw)
        to.rawValue.store(to: raw + 4)
        shape.store(to: raw + Self.shapeOffset)
        length.bitPattern.store(to: raw + 12)
        raw.storeBytes(of: wayID.littleEndian, toByteOffset: 16, as: Int64.self)
        name.store(to: raw + 24)
        ref.store(to: raw + 28)
        destination.store(to: raw + 32)
        raw.storeBytes(of: roadClass.rawValue, toByteOffset: Self.roadClassOffset, as: UInt8.self)
        raw.storeBytes(of: defaultSpeed, toByteOffset: 37, as: UInt8.self)
        raw.storeBytes(of: packedSpeedLimit.littleEndian, toByteOffset: 38, as: UInt16.self)
        raw.storeBytes(of: flags.rawValue.littleEndian, toByteOffset: Self.flagsOffset, as: UInt16.self)
        raw.storeBytes(of: carPreference, toByteOffset: 42, as: UInt8.self)
        raw.storeBytes(of: carControlDelay, toByteOffset: 43, as: UInt8.self)
        durations.car.bitPattern.store(to: raw + Self.durationsOffset)
        durations.bike.bitPattern.store(to: raw + Self.durationsOffset + 4)
        durations.foot.bitPattern.store(to: raw + Self.durationsOffset + 8)
    }
}

/// A turn restriction in a graph image: from (Int32), via (Int32), to (Int32), kind (UInt8),
/// profiles (UInt8), two zero bytes. An unknown kind reads as prohibitive.
extension TurnRestriction: FixedLayout {
    @inlinable public static var byteSize: Int { 16 }

    @inlinable public init(loadingFrom raw: UnsafeRawPointer) {
        self.init(
            from: EdgeID(Int32(loadingFrom: raw)), via: NodeID(Int32(loadingFrom: raw + 4)), to: EdgeID(Int32(loadingFrom: raw + 8)),
            kind: Kind(rawValue: raw.load(fromByteOffset: 12, as: UInt8.self)) ?? .prohibitive,
            profiles: ProfileSet(rawValue: raw.load(fromByteOffset: 13, as: UInt8.self)))
    }

    @inlinable public func store(to raw: UnsafeMutableRawPointer) {
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteSize)
        from.rawValue.store(to: raw)
        via.rawValue.store(to: raw + 4)
        to.rawValue.store(to: raw + 8)
        raw.storeBytes(of: kind.rawValue, toByteOffset: 12, as: UInt8.self)
        raw.storeBytes(of: profiles.rawValue, toByteOffset: 13, as: UInt8.self)
    }
}

extension MappedArray where Element == RoadEdge {
    /// Edge `index`'s travel time for `profile` (seconds; infinite where the profile may not
    /// use it), read from its record alone, without decoding the other fields: what the map
    /// matcher's candidate search asks of every edge near a fix.
    @inlinable public func duration(ofEdge index: Int, profile: TravelProfile) -> Float {
        precondition(index >= 0 && index < count, "edge \(index) out of range 0..<\(count)")
        return Float(bitPattern: UInt32(loadingFrom: base.unsafelyUnwrapped + index * RoadEdge.byteSize + RoadEdge.durationsOffset + 4 * profile.index))
    }

    /// Edge `index`'s shape and flags, read from its record alone (what `RoadGraph.twin(of:)` needs).
    func shapeAndFlags(ofEdge index: Int) -> (shape: Int32, flags: EdgeFlags) {
        precondition(index >= 0 && index < count, "edge \(index) out of range 0..<\(count)")
        let raw = base.unsafelyUnwrapped + index * RoadEdge.byteSize
        return (
            Int32(loadingFrom: raw + RoadEdge.shapeOffset),
            EdgeFlags(rawValue: UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: RoadEdge.flagsOffset, as: UInt16.self))))
    }

    /// Edge `index`'s road class, read from its record alone (an unknown class reads as `.road`).
    @inlinable public func roadClass(ofEdge index: Int) -> RoadClass {
        precondition(index >= 0 && index < count, "edge \(index) out of range 0..<\(count)")
        return RoadClass(rawValue: (base.unsafelyUnwrapped + index * RoadEdge.byteSize + RoadEdge.roadClassOffset).load(as: UInt8.self)) ?? .road
    }
}
