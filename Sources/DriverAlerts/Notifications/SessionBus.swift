import CSystemdBus
import Glibc

/// A client connection to the D-Bus session bus through sd-bus, able to post freedesktop
/// notifications. Not thread-safe: it belongs to the notification thread that opened it.
final class SessionBus {
    private let bus: OpaquePointer
    /// Where it is connected (the address, or "the user bus" for sd-bus's default).
    let address: String

    /// Connects to `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`), or when nil
    /// to `DBUS_SESSION_BUS_ADDRESS` from `environment`, or else to sd-bus's default user bus.
    init(address: String?, environment: [String: String]) throws(DriverAlertsError) {
        let chosen = address ?? environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        var handle: OpaquePointer?
        if let chosen {
            var rc = sd_bus_new(&handle)
            guard rc >= 0, let created = handle else { throw .sessionBusUnreachable(address: chosen, reason: Self.message(rc)) }
            rc = sd_bus_set_address(created, chosen)
            if rc >= 0 { rc = sd_bus_set_bus_client(created, 1) }
            if rc >= 0 { rc = sd_bus_start(created) }
            guard rc >= 0 else {
                sd_bus_unref(created)
                throw .sessionBusUnreachable(address: chosen, reason: Self.message(rc))
            }
            self.address = chosen
        } else {
            let rc = sd_bus_open_user(&handle)
            guard rc >= 0, handle != nil else {
                throw .noSessionBus("DBUS_SESSION_BUS_ADDRESS unset, and no user bus: \(Self.message(rc))")
            }
            self.address = "the user bus"
        }
        guard let handle else { throw .noSessionBus("sd-bus returned no connection") }
        bus = handle
    }

    deinit { sd_bus_flush_close_unref(bus) }

    /// Calls `org.freedesktop.Notifications.Notify` and returns the id the server gave the
    /// notification (pass it as `replacesID` to replace it). Waits at most `timeout` seconds.
    func notify(appName: String, replacesID: UInt32, summary: String, body: String,
                urgency: DesktopNotification.Urgency, timeout: Double = 2) throws(DriverAlertsError) -> UInt32 {
        var message: OpaquePointer?
        var rc = sd_bus_message_new_method_call(
            bus, &message, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
            "org.freedesktop.Notifications", "Notify")
        guard rc >= 0, let message else { throw .notifyFailed(Self.message(rc)) }
        defer { sd_bus_message_unref(message) }
        rc = waygate_bus_append_notify(message, appName, replacesID, "", summary, body, urgency.rawValue, -1)
        guard rc >= 0 else { throw .notifyFailed("cannot build the call: \(Self.message(rc))") }
        var error = waygate_bus_error_null()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        rc = sd_bus_call(bus, message, UInt64(timeout * 1_000_000), &error, &reply)
        guard rc >= 0, let reply else {
            let name = error.name.map { String(cString: $0) }
            let text = error.message.map { String(cString: $0) }
            throw .notifyFailed([name, text].compactMap { $0 }.joined(separator: ": ").nonEmpty ?? Self.message(rc))
        }
        defer { sd_bus_message_unref(reply) }
        var id: UInt32 = 0
        rc = withUnsafeMutablePointer(to: &id) { sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "u")), $0) }
        guard rc > 0 else { throw .notifyFailed("the reply holds no id: \(Self.message(rc))") }
        return id
    }

    /// The text of a negative errno as sd-bus returns it.
    static func message(_ rc: Int32) -> String { String(cString: strerror(-rc)) }
}

extension String {
    /// nil for an empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
