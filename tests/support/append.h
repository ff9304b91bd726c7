/* SPDX-License-Identifier: MIT */
/*
 * append.h - the growing byte buffer the tests, the spec runner and the
 * fuzz target write into, and the text the randomised tests build.  Each
 * keeps its own policy for running out of memory (fail the sink, abort,
 * exit); the growth is shared here.
 */
#ifndef PDN_TEST_APPEND_H
#define PDN_TEST_APPEND_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends p[0..n) to the buffer (*data, *len, *cap) and keeps a NUL after
 * its end; false when memory runs out (the buffer is unchanged then). */
static inline bool test_append(char **data, size_t *len, size_t *cap, const char *p, size_t n)
{
    if (n > SIZE_MAX / 4 - *len) /* sizes past this cannot be allocated anyway */
        return false;
    if (*len + n + 1 > *cap) {
        size_t c = *cap ? *cap : 256;
        while (c < *len + n + 1)
            c *= 2;
        char *d = realloc(*data, c);
        if (!d)
            return false;
        *data = d;
        *cap = c;
    }
    if (n)
        memcpy(*data + *len, p, n);
    *len += n;
    (*data)[*len] = '\0';
    return true;
}

/* A text the randomised tests write their inputs into, NUL-terminated. */
typedef struct test_text {
    char *buf;
    size_t len, cap;
} test_text;

/* A pdn_sink writing to a test_text. */
static inline int test_text_sink(void *ctx, const char *data, size_t len)
{
    test_text *t = ctx;
    return test_append(&t->buf, &t->len, &t->cap, data, len) ? 0 : 1;
}

/* Appends `s`; running out of memory ends the test program. */
static inline void test_puts(test_text *t, const char *s)
{
    if (!test_append(&t->buf, &t->len, &t->cap, s, strlen(s))) {
        fputs("out of memory\n", stderr);
        exit(3);
    }
}

/* Appends `s` to the fixed buffer b (*n of cap bytes used) when it fits
 * with a byte to spare, else leaves it out: the random FEN tests build
 * texts of bounded length this way. */
static inline void test_put_fixed(char *b, size_t *n, size_t cap, const char *s)
{
    size_t k = strlen(s);
    if (*n + k < cap) {
        memcpy(b + *n, s, k);
        *n += k;
    }
}

#endif
