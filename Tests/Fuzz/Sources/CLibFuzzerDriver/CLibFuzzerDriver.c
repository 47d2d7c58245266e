#include "CLibFuzzerDriver.h"

// libFuzzer's entry for programs with their own main (compiler-rt, LLVM 11 and later).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

int CLibFuzzerDriver_run(int *argc, char ***argv, int (*testOneInput)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(argc, argv, testOneInput);
}
