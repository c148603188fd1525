#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>
#if ESPEAK_API_REVISION != 12
#error "waygate CEspeakNG shim expects ESPEAK_API_REVISION 12 (espeak-ng 1.51)"
#endif
