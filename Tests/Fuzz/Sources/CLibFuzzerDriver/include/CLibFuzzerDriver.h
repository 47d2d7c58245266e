#ifndef CLIBFUZZERDRIVER_H
#define CLIBFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver (command line, corpus, mutation loop) with `testOneInput` as the
/// target, for a program whose `main` is its own.
int CLibFuzzerDriver_run(int *argc, char ***argv, int (*testOneInput)(const uint8_t *data, size_t size));

#endif
