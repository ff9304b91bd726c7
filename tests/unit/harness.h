/* SPDX-License-Identifier: MIT */
/*
 * harness.h - the unit tests' assertion harness.  Each tests/unit/test_*.c is
 * one program: it runs its test_<area>__<case>() functions with RUN(), the
 * CHECK macros count passes and failures (and print each failure with its
 * file and line), and main() ends with `return harness_report();`.
 */
#ifndef PDN_TEST_HARNESS_H
#define PDN_TEST_HARNESS_H

#include <stdio.h>
#include <string.h>

static int harness_passed, harness_failed;
static const char *harness_test = "";

static inline int harness_check(int ok, const char *file, int line, const char *what)
{
    if (ok) {
        harness_passed++;
    } else {
        harness_failed++;
        fprintf(stderr, "%s:%d: %s: check failed: %s\n", file, line, harness_test, what);
    }
    return ok;
}

#define RUN(fn) (harness_test = #fn, fn())

#define CHECK(cond) harness_check((cond) ? 1 : 0, __FILE__, __LINE__, #cond)

#define CHECK_EQ_INT(a, b)                                                                         \
    do {                                                                                           \
        long long a_ = (long long)(a), b_ = (long long)(b);                                        \
        if (!harness_check(a_ == b_, __FILE__, __LINE__, #a " == " #b))                            \
            fprintf(stderr, "    got %lld, expected %lld\n", a_, b_);                              \
    } while (0)

/* A (pointer, length) string against a NUL-terminated one. */
#define CHECK_STR(ptr, len, want)                                                                  \
    do {                                                                                           \
        const char *p_ = (ptr), *w_ = (want);                                                      \
        size_t n_ = (len);                                                                         \
        int ok_ = p_ != NULL && strlen(w_) == n_ && memcmp(p_, w_, n_) == 0;                       \
        if (!harness_check(ok_, __FILE__, __LINE__, #ptr " == \"" #want "\""))                     \
            fprintf(stderr, "    got \"%.*s\", expected \"%s\"\n", p_ ? (int)n_ : 0, p_ ? p_ : "", \
                    w_);                                                                           \
    } while (0)

/* Prints "<program>: N passed, M failed" and gives main()'s exit code. */
static inline int harness_report_named(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, harness_passed, harness_failed);
    return harness_failed == 0 ? 0 : 1;
}
#define harness_report() harness_report_named(__FILE__)

#endif /* PDN_TEST_HARNESS_H */
