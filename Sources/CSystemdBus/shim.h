#include <systemd/sd-bus.h>
#include <stdint.h>

/* sd_bus_message_append/read and sd_bus_reply_method_return are variadic, which Swift cannot
   call: these fixed-signature wrappers cover the one call Waygate makes and its test server. */

/* The arguments of org.freedesktop.Notifications.Notify (signature "susssasa{sv}i"): no actions,
   one hint ("urgency", byte 0 low / 1 normal / 2 critical). */
static inline int waygate_bus_append_notify(sd_bus_message *m, const char *app_name, uint32_t replaces_id,
                                            const char *app_icon, const char *summary, const char *body,
                                            uint8_t urgency, int32_t expire_timeout) {
    return sd_bus_message_append(m, "susssasa{sv}i", app_name, replaces_id, app_icon, summary, body,
                                 0, 1, "urgency", "y", urgency, expire_timeout);
}

/* Reads the leading "susss" of a Notify call; the strings stay owned by the message. */
static inline int waygate_bus_read_notify(sd_bus_message *m, const char **app_name, uint32_t *replaces_id,
                                          const char **app_icon, const char **summary, const char **body) {
    return sd_bus_message_read(m, "susss", app_name, replaces_id, app_icon, summary, body);
}

/* Replies to method call `m` with one uint32. */
static inline int waygate_bus_reply_uint32(sd_bus_message *m, uint32_t value) {
    return sd_bus_reply_method_return(m, "u", value);
}

/* SD_BUS_ERROR_NULL as a value. */
static inline sd_bus_error waygate_bus_error_null(void) {
    sd_bus_error e = SD_BUS_ERROR_NULL;
    return e;
}
