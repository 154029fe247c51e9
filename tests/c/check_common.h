/* What the sanitizer drivers share. Define CHECK_NAME ("check_draws", ...) before including:
 * fail() prints "CHECK_NAME: FAIL: ..." and exits 1; xmalloc() allocates exactly the bytes
 * asked for (ASan poisons everything past them) and never returns NULL; next_random() is the
 * drivers' stream of test inputs. All are static inline so a driver that uses only some stays
 * free of unused-function warnings. */
#ifndef CHECK_COMMON_H
#define CHECK_COMMON_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef CHECK_NAME
#error "define CHECK_NAME before including check_common.h"
#endif

#if defined(__GNUC__)
#define PRINTF_LIKE __attribute__((format(printf, 1, 2)))
#else
#define PRINTF_LIKE
#endif

static inline void fail(const char *fmt, ...) PRINTF_LIKE;

static inline void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(CHECK_NAME ": FAIL: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static inline void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        fail("out of memory allocating %zu bytes", size);
    return p;
}

/* xorshift64: the drivers' reproducible stream of test inputs (state never 0). */
static inline uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13, *state ^= *state >> 7, *state ^= *state << 17;
    return *state;
}

#endif
