/// gpsd's VERSION greeting, sent when a client connects.
public struct Version: Sendable, Hashable, Codable {
    /// The object's class, as gpsd spells it.
    public var `class` = "VERSION"
    /// gpsd release, e.g. `3.22`.
    public var release: String
    /// Source revision.
    public var rev: String
    /// Protocol major version.
    public var proto_major: Int
    /// Protocol minor version.
    public var proto_minor: Int

    /// A version greeting; the defaults are gpsd 3.22's.
    public init(release: String = "3.22", rev: String = "3.22", protoMajor: Int = 3, protoMinor: Int = 14) {
        self.release = release
        self.rev = rev
        proto_major = protoMajor
        proto_minor = protoMinor
    }

    /// The greeting as gpsd prints it.
    public var json: String {
        var w = GPSDJSON(class: "VERSION")
        w.add("release", release)
        w.add("rev", rev)
        w.add("proto_major", proto_major)
        w.add("proto_minor", proto_minor)
        return w.object
    }
}
