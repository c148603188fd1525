#include <zlib.h>
/* inflateInit is a function-like macro, which Swift cannot call. */
static inline int waygate_inflateInit(z_streamp s) { return inflateInit(s); }
