// glibc's allocator tuning: `mallopt` and its `M_*` parameters from <malloc.h>, which the
// Glibc module leaves out. Nothing to link: the functions are in libc itself. Other C
// libraries (musl, Darwin) have no `mallopt`, so the header is only included under glibc.
#if __has_include(<features.h>)
#include <features.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif
