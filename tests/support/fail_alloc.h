/* SPDX-License-Identifier: MIT */
/*
 * fail_alloc.h - an allocator for the out-of-memory tests that fails its
 * fail_at-th allocation or resize once and counts its calls, so that a
 * test can fail each allocation of an operation in turn and stop when the
 * operation needs fewer calls than that.
 */
#ifndef PDN_TEST_FAIL_ALLOC_H
#define PDN_TEST_FAIL_ALLOC_H

#include <stdlib.h>

typedef struct test_fail_alloc {
    unsigned long calls;   /* allocations and resizes; frees are not counted */
    unsigned long fail_at; /* the call that returns NULL */
} test_fail_alloc;

/* A pdn_allocator function whose context is a test_fail_alloc; frees
 * always work. */
static inline void *test_fail_realloc(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
    test_fail_alloc *f = ctx;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    if (++f->calls == f->fail_at)
        return NULL;
    return realloc(ptr, new_size);
}

#endif
