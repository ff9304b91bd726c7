/* SPDX-License-Identifier: MIT */
/*
 * all_strings.h - every string up to a length over a small alphabet, for
 * the tests that compare a short path with the general code on all inputs
 * made of the bytes that matter to it.
 */
#ifndef PDN_TEST_ALL_STRINGS_H
#define PDN_TEST_ALL_STRINGS_H

#include <stddef.h>

typedef void (*test_string_fn)(const char *s, size_t len, void *ctx);

/* Calls visit(s, n, ctx) for every string s of each length n from min_len
 * to max_len (at most 8) over the `size` bytes of `alphabet`. */
static inline void test_all_strings(const char *alphabet, size_t size, size_t min_len,
                                    size_t max_len, test_string_fn visit, void *ctx)
{
    char s[8];
    for (size_t n = min_len; n <= max_len && n <= sizeof s; n++) {
        size_t total = 1;
        for (size_t i = 0; i < n; i++)
            total *= size;
        for (size_t code = 0; code < total; code++) {
            size_t c = code;
            for (size_t i = 0; i < n; i++, c /= size)
                s[i] = alphabet[c % size];
            visit(s, n, ctx);
        }
    }
}

#endif
