/* SPDX-License-Identifier: MIT */
/*
 * alloc.c - the allocator hook and growable arrays.  Every allocation of the
 * library goes through here, so out-of-memory is reported in one way.
 */
#include "base/base.h"

#include <stdlib.h>

static void *libc_fn(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
    (void)ctx;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

pdn_alloc pdn_alloc__resolve(const pdn_allocator *user)
{
    pdn_alloc a;
    if (user && user->realloc) {
        a.fn = user->realloc;
        a.ctx = user->ctx;
    } else {
        a.fn = libc_fn;
        a.ctx = NULL;
    }
    return a;
}

void *pdn_alloc__get(const pdn_alloc *a, size_t size)
{
    return a->fn(a->ctx, NULL, 0, size ? size : 1);
}

void *pdn_alloc__resize(const pdn_alloc *a, void *ptr, size_t old_size, size_t new_size)
{
    return a->fn(a->ctx, ptr, old_size, new_size ? new_size : 1);
}

void pdn_alloc__put(const pdn_alloc *a, void *ptr, size_t size)
{
    if (ptr)
        a->fn(a->ctx, ptr, size, 0);
}

bool pdn_vec__grow(pdn_vec *v, const pdn_alloc *a, size_t elem, size_t extra)
{
    size_t need = v->len + extra;
    if (need < v->len || need > SIZE_MAX / elem / 2)
        return false;
    size_t cap = v->cap ? v->cap : 16;
    while (cap < need)
        cap *= 2;
    void *p = pdn_alloc__resize(a, v->data, v->cap * elem, cap * elem);
    if (!p)
        return false;
    v->data = p;
    v->cap = cap;
    return true;
}

void pdn_vec__free(pdn_vec *v, const pdn_alloc *a, size_t elem)
{
    pdn_alloc__put(a, v->data, v->cap * elem);
    v->data = NULL;
    v->len = v->cap = 0;
}

bool pdn_vec__copy(pdn_vec *dst, const pdn_vec *src, const pdn_alloc *a, size_t elem)
{
    dst->data = NULL;
    dst->len = dst->cap = 0;
    if (src->len == 0)
        return true;
    if (!pdn_vec__grow(dst, a, elem, src->len))
        return false;
    memcpy(dst->data, src->data, src->len * elem);
    dst->len = src->len;
    return true;
}
