#include <zlib.h>
/* inflateInit is a function-like macro, which Swift cannot call. */
static inline int waygate_inflateInit(z_streamp s) { return inflateInit(s); }
/* deflateInit2 / inflateInit2 are macros too; window_bits 31 reads and writes gzip framing. */
static inline int waygate_deflateInit2(z_streamp s, int level, int window_bits) {
    return deflateInit2(s, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
static inline int waygate_inflateInit2(z_streamp s, int window_bits) { return inflateInit2(s, window_bits); }
