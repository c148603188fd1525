/* libFuzzer's driver entry point (the toolchain's -sanitize=fuzzer runtime); declared only,
 * linked only in fuzzing builds (see Sources/WaygateFuzz and TOOLCHAIN.md §5). */
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
