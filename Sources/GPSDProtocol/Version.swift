public import JSON

/// gpsd's VERSION greeting, sent when a client connects.
public struct Version: Sendable, Hashable, Codable, GPSDObject {
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
    public func write(to json: inout JSONWriter) {
        json.beginGPSDObject(class: "VERSION")
        json.gpsdMember("release", release)
        json.gpsdMember("rev", rev)
        json.member("proto_major", proto_major)
        json.member("proto_minor", proto_minor)
        json.endObject()
    }
}
