#include <mosquitto.h>
#include <stdbool.h>

#if LIBMOSQUITTO_MAJOR < 2
#error "waygate CMosquitto shim expects libmosquitto 2.x (Debian 12: 2.0.11)"
#endif
