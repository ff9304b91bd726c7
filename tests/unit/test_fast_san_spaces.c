/* SPDX-License-Identifier: MIT */
/*
 * test_fast_san_spaces.c - the white space of a window as the chess
 * movetext loop finds it (window_spaces() in src/syntax/fast_san.c), against
 * pdn_bits__spaces() and the lone CRs worked out from its LF and CR bits:
 * random windows over the bytes near the four kinds of white space, with
 * and without CRs, and the byte after the window an LF or not.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/bits.h"
#include "harness.h"
#include "support/rng.h"
#include "syntax/parser.h"

/* The window's bits the way the loop took them before window_spaces(). */
static uint64_t reference(const unsigned char *p, uint64_t *lone)
{
    uint64_t lf, cr, sp = pdn_bits__spaces(p, &lf, &cr);
    *lone = cr & ~(lf >> 1 | (uint64_t)(p[64] == '\n') << 63);
    return sp;
}

static void test_fast_san_spaces__random_windows(void)
{
    /* White space, its neighbours (VT, FF, '!', NUL, 0x8D, 0xA0) and text. */
    static const unsigned char bytes[] = {' ', '\t', '\n', '\r', 0x0B, 0x0C, 0x08, 0x1F, '!',
                                          0,   0x8D, 0x89, 0xA0, 0x8A, 'e',  '4',  'N',  '.'};
    unsigned char buf[64 + 16];
    long failures = 0, with_cr = 0, with_lone = 0;
    for (int round = 0; round < 200000; round++) {
        /* Mostly text and spaces; CRs in a few windows only, as in files. */
        int crs = rnd(4) == 0, dense = rnd(3) == 0;
        for (size_t i = 0; i < sizeof buf; i++) {
            unsigned char c = bytes[rnd(sizeof bytes)];
            if (c == '\r' && !crs)
                c = ' ';
            buf[i] = dense ? c : (rnd(3) == 0 ? ' ' : (rnd(8) == 0 ? c : 'a'));
        }
        if (rnd(2))
            buf[64] = '\n';
        uint64_t lone, want_lone;
        uint64_t sp = pdn_parse__window_spaces(buf, &lone);
        uint64_t want = reference(buf, &want_lone);
        with_cr += memchr(buf, '\r', 64) != NULL;
        with_lone += want_lone != 0;
        if ((sp != want || lone != want_lone) && ++failures <= 5)
            fprintf(stderr, "    window %d: spaces %016llx lone %016llx, want %016llx %016llx\n",
                    round, (unsigned long long)sp, (unsigned long long)lone,
                    (unsigned long long)want, (unsigned long long)want_lone);
    }
    CHECK_EQ_INT(failures, 0);
    /* The windows met both ways of the CR test. */
    CHECK(with_cr > 10000 && with_cr < 190000);
    CHECK(with_lone > 5000);
}

int main(void)
{
    RUN(test_fast_san_spaces__random_windows);
    return harness_report();
}
