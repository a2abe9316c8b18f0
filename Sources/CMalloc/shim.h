// glibc's allocator settings (`mallopt`), which the `tiprules` executable tunes for a
// short run that builds large trees. Empty where there is no <malloc.h> (Darwin).
#if __has_include(<malloc.h>) && defined(__linux__)
#include <malloc.h>
#endif
