/* SPDX-License-Identifier: MIT */
/*
 * out.h - a small buffer in front of a pdn_sink, so that writers can emit
 * byte by byte without a call per byte, and the first sink failure sticks.
 */
#ifndef PDN_WRITE_OUT_H
#define PDN_WRITE_OUT_H

#include "pdn.h"

#include <stdbool.h>
#include <string.h>

#define PDN_OUT_BUF 8192

typedef struct pdn_out {
    pdn_sink sink;
    size_t len;
    int failed;
    char buf[PDN_OUT_BUF];
} pdn_out;

void pdn_out__init(pdn_out *o, pdn_sink sink);
void pdn_out__flush(pdn_out *o);
/* Flushes and returns PDN_OK, or PDN_EIO when the sink failed. */
pdn_status pdn_out__finish(pdn_out *o);

/* Copies n <= 16 bytes with fixed-size moves (two that overlap when n is
 * not a power of two) instead of a call for a few bytes, the usual token. */
static inline void pdn_out__copy_short(char *d, const char *s, size_t n)
{
    if (n >= 8) {
        memcpy(d, s, 8);
        memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4) {
        memcpy(d, s, 4);
        memcpy(d + n - 4, s + n - 4, 4);
    } else if (n > 0) {
        d[0] = s[0];
        d[n / 2] = s[n / 2];
        d[n - 1] = s[n - 1];
    }
}

static inline void pdn_out__write(pdn_out *o, const char *s, size_t n)
{
    if (n <= PDN_OUT_BUF - o->len) {
        if (n <= 16)
            pdn_out__copy_short(o->buf + o->len, s, n);
        else
            memcpy(o->buf + o->len, s, n);
        o->len += n;
        return;
    }
    pdn_out__flush(o);
    if (o->failed)
        return;
    if (n <= PDN_OUT_BUF) {
        memcpy(o->buf, s, n);
        o->len = n;
    } else if (o->sink.write(o->sink.ctx, s, n) != 0) {
        o->failed = 1;
    }
}

#endif
