/* SPDX-License-Identifier: MIT */
/*
 * base.h - memory, growable arrays and text helpers shared by every stage of
 * the pipeline.  Nothing here knows about PDN.
 */
#ifndef PDN_BASE_H
#define PDN_BASE_H

#include "pdn.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Where a hot loop's speed was measured to depend on it: PDN_NOINLINE keeps
 * a function out of line (a quick loop gets the registers to itself, a
 * general path stops taxing the short path that calls it), PDN_FORCE_INLINE
 * puts one in its caller even where the compiler would not.  Plain C
 * elsewhere. */
#if defined(__GNUC__)
#define PDN_NOINLINE __attribute__((noinline))
#define PDN_FORCE_INLINE inline __attribute__((always_inline))
#else
#define PDN_NOINLINE
#define PDN_FORCE_INLINE inline
#endif

/* The allocator every object keeps: the user's, or libc behind the same shape. */
typedef struct pdn_alloc {
    void *(*fn)(void *ctx, void *ptr, size_t old_size, size_t new_size);
    void *ctx;
} pdn_alloc;

pdn_alloc pdn_alloc__resolve(const pdn_allocator *user);
void *pdn_alloc__get(const pdn_alloc *a, size_t size);
void *pdn_alloc__resize(const pdn_alloc *a, void *ptr, size_t old_size, size_t new_size);
void pdn_alloc__put(const pdn_alloc *a, void *ptr, size_t size);

/* A growable array of fixed-size elements.  Capacity is kept when cleared so
 * that a reader reusing one game for the next allocates nothing in the steady
 * state. */
typedef struct pdn_vec {
    void *data;
    size_t len; /* elements */
    size_t cap; /* elements */
} pdn_vec;

/* Makes room for `extra` more elements; false on out-of-memory. */
bool pdn_vec__grow(pdn_vec *v, const pdn_alloc *a, size_t elem, size_t extra);
void pdn_vec__free(pdn_vec *v, const pdn_alloc *a, size_t elem);
bool pdn_vec__copy(pdn_vec *dst, const pdn_vec *src, const pdn_alloc *a, size_t elem);

static inline bool pdn_vec__reserve(pdn_vec *v, const pdn_alloc *a, size_t elem, size_t extra)
{
    return v->cap - v->len >= extra || pdn_vec__grow(v, a, elem, extra);
}

/* ---- diagnostics --------------------------------------------------------- */

/* A diagnostic code's row in diag.c: name, message, severity per mode. */
typedef struct pdn_diag__info {
    const char *name;
    const char *message;
    unsigned char sev[3];
} pdn_diag__info;

extern const pdn_diag__info pdn_diag__table[];

/* pdn_diag_severity() inline and without its range checks, for the
 * library's own codes in a mode the reader has checked: a game records a
 * diagnostic or two, and a call for each was measurable. */
static inline pdn_severity pdn_diag__severity(pdn_diag_code code, pdn_mode mode)
{
    return (pdn_severity)pdn_diag__table[code].sev[mode];
}

/* ---- text ---------------------------------------------------------------- */

/* Length of the longest valid UTF-8 prefix of s[0..n). */
size_t pdn_utf8__valid_prefix(const unsigned char *s, size_t n);

/* Decodes s[0..n) from a single-byte encoding (or repairs invalid UTF-8 with
 * U+FFFD for PDN_ENC_UTF8) into UTF-8 appended to `out`.  The output length is
 * at most 3*n. */
bool pdn_text__decode(pdn_vec *out, const pdn_alloc *a, const char *s, size_t n, pdn_encoding enc);

/* Length in UTF-8 of s[0..n) decoded as pdn_text__decode() does. */
size_t pdn_text__decoded_len(const char *s, size_t n, pdn_encoding enc);
/* How many bytes of s[0..n) decode to the first `decoded` bytes of UTF-8. */
size_t pdn_text__raw_len(const char *s, size_t n, size_t decoded, pdn_encoding enc);

static inline pdn_str pdn_str__make(const char *p, size_t n)
{
    pdn_str s;
    s.ptr = p;
    s.len = n;
    return s;
}

#endif
