import Foundation

/// The vehicle id of a topic (`waygate/<vehicle>/…`): given, or this machine's.
public enum VehicleIdentity {
    /// This machine's id: the first 12 characters of `/etc/machine-id`, else the host name,
    /// else `waygate`.
    public static func `default`(machineIDFile: String = "/etc/machine-id") -> String {
        if let text = try? String(contentsOfFile: machineIDFile, encoding: .utf8) {
            let id = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(12))
            if (try? validate(id)) != nil { return id }
        }
        let host = ProcessInfo.processInfo.hostName
        if (try? validate(host)) != nil { return host }
        return "waygate"
    }

    /// Checks that `id` can be one topic level: 1–64 characters, no `/`, `+`, `#` or control characters.
    public static func validate(_ id: String) throws(MQTTError) {
        if id.isEmpty { throw .badVehicleID(id, reason: "it is empty") }
        if id.count > 64 { throw .badVehicleID(id, reason: "it is longer than 64 characters") }
        if let bad = id.unicodeScalars.first(where: { "/+#".unicodeScalars.contains($0) || $0.value < 0x20 || $0.value == 0x7F }) {
            throw .badVehicleID(id, reason: "it contains \(bad.value < 0x20 ? "a control character" : "\"\(bad)\""), which MQTT topics reserve")
        }
    }

    static func isReadable(_ path: String) -> Bool { FileManager.default.isReadableFile(atPath: path) }
}
