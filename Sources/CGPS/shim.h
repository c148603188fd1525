#include <gps.h>
#include <stdbool.h>
#include <stdlib.h>
#if GPSD_API_MAJOR_VERSION != 11
#error "waygate CGPS shim expects GPSD_API_MAJOR_VERSION 11 (gpsd 3.22)"
#endif
/* gps_data_t is ~24 KB: keep it on the heap, zeroed. */
static inline struct gps_data_t *waygate_gps_alloc(void) { return calloc(1, sizeof(struct gps_data_t)); }
static inline void waygate_gps_free(struct gps_data_t *d) { free(d); }
static inline bool waygate_gps_isset(const struct gps_data_t *d, gps_mask_t m) { return (d->set & m) != 0; }
static inline bool waygate_gps_online(const struct gps_data_t *d) { return d->online.tv_sec != 0 || d->online.tv_nsec != 0; }
/* gps_send is variadic, which Swift cannot call. */
static inline int waygate_gps_send_str(struct gps_data_t *d, const char *s) { return gps_send(d, "%s", s); }
