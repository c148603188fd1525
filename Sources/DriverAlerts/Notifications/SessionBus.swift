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
    /// notification (pass it as `replacesID` to replace it). `body` goes as it is: the caller
    /// escapes it for a server that reads markup (see `capabilities`). Waits at most `timeout` seconds.
    func notify(appName: String, replacesID: UInt32, summary: String, body: String,
                urgency: DesktopNotification.Urgency, timeout: Double = 2) throws(DriverAlertsError) -> UInt32 {
        let reply = try call("Notify", timeout: timeout) {
            waygate_bus_append_notify($0, appName, replacesID, "", summary, body, urgency.rawValue, -1)
        }
        defer { sd_bus_message_unref(reply) }
        var id: UInt32 = 0
        let rc = withUnsafeMutablePointer(to: &id) { sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "u")), $0) }
        guard rc > 0 else { throw .notifyFailed("the reply holds no id: \(Self.message(rc))") }
        return id
    }

    /// Calls `org.freedesktop.Notifications.GetCapabilities`: the optional features the server
    /// has, such as `body-markup` (it parses the body as markup). nil when the call fails (no
    /// server, or one that does not answer it). Waits at most `timeout` seconds.
    func capabilities(timeout: Double = 2) -> [String]? {
        guard let reply = try? call("GetCapabilities", timeout: timeout, append: { _ in 0 }) else { return nil }
        defer { sd_bus_message_unref(reply) }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        guard sd_bus_message_read_strv(reply, &list) >= 0 else { return nil }
        defer { free(list) }
        var names: [String] = []
        while let name = list?[names.count] {
            names.append(String(cString: name))
            free(name)
        }
        return names
    }

    /// Calls `member` of the notification server with the arguments `append` adds to the message
    /// (it returns an sd-bus code) and returns the reply, which the caller unrefs. Failures throw
    /// `notifyFailed` with the server's error, or sd-bus's.
    private func call(_ member: String, timeout: Double, append: (OpaquePointer) -> Int32) throws(DriverAlertsError) -> OpaquePointer {
        var message: OpaquePointer?
        var rc = sd_bus_message_new_method_call(
            bus, &message, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
            "org.freedesktop.Notifications", member)
        guard rc >= 0, let message else { throw .notifyFailed(Self.message(rc)) }
        defer { sd_bus_message_unref(message) }
        rc = append(message)
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
        return reply
    }

    /// The text of a negative errno as sd-bus returns it.
    static func message(_ rc: Int32) -> String { String(cString: strerror(-rc)) }
}

extension String {
    /// nil for an empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
