/* SPDX-License-Identifier: MIT */
/*
 * test_bits_tokens.c - pdn_bits__tokens() (src/base/bits.h), the move
 * loop's classification of a window, against plain byte loops: white space
 * (a CR only with LF after it), bytes that are no digit and zeros, on
 * random blocks of movetext bytes with CR and LF in every place, the byte
 * after the block included, and on every byte value in every place.  Runs
 * on SSE2 and on the portable version.
 */
#include "base/bits.h"
#include "harness.h"
#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
#include "support/rng.h"

#include <stdbool.h>
#include <string.h>

/* Movetext bytes, the edges of the digit range and CR and LF most of the
 * time, any byte now and then. */
static unsigned char some_byte(void)
{
    static const unsigned char hot[] = {' ',  '\t', '\n', '\r', '\r', '\n', '0',  '1',  '9',  '/',
                                        ':',  '.',  '-',  'x',  'a',  0x08, 0x0B, 0x0C, 0x1F, 0,
                                        0x80, 0xB9, 0xBA, 0xFF, 0x29, 0x3A, 0x30, 0x39};
    return rnd(4) ? hot[rnd(sizeof hot)] : (unsigned char)rnd(256);
}

static void test_bits_tokens__against_loops(void)
{
    unsigned char buf[64 + 16];
    int lone_seen = 0, none_seen = 0;
    for (int round = 0; round < 200000; round++) {
        for (size_t i = 0; i < sizeof buf; i++)
            buf[i] = some_byte();
        /* Half the blocks have every CR followed by LF. */
        if (rnd(2))
            for (size_t i = 0; i < 64; i++)
                if (buf[i] == '\r')
                    buf[i + 1] = '\n';
        uint64_t sp, other, zero, want_sp = 0, want_other = 0, want_zero = 0;
        pdn_bits__tokens(buf, &sp, &other, &zero);
        bool lone = false;
        for (unsigned i = 0; i < 64; i++) {
            const unsigned char c = buf[i];
            if (c == ' ' || c == '\t' || c == '\n' || (c == '\r' && buf[i + 1] == '\n'))
                want_sp |= UINT64_C(1) << i;
            if (c < '0' || c > '9')
                want_other |= UINT64_C(1) << i;
            if (c == '0')
                want_zero |= UINT64_C(1) << i;
            if (c == '\r' && buf[i + 1] != '\n')
                lone = true;
        }
        CHECK(sp == want_sp);
        CHECK(other == want_other);
        CHECK(zero == want_zero);
        lone_seen += lone;
        none_seen += !lone;
    }
    CHECK(lone_seen > 1000 && none_seen > 1000);
}

/* Every byte value in every place, alone among letters or before an LF:
 * the tests that take two or more values at once (tab and LF by one
 * average) are checked at each of their edges. */
static void test_bits_tokens__every_byte(void)
{
    unsigned char buf[64 + 16];
    for (unsigned c = 0; c < 256; c++)
        for (unsigned i = 0; i <= 64; i++)
            for (int lf = 0; lf < 2; lf++) {
                memset(buf, 'a', sizeof buf);
                buf[i] = (unsigned char)c;
                if (lf)
                    buf[i + 1] = '\n';
                uint64_t sp, other, zero;
                pdn_bits__tokens(buf, &sp, &other, &zero);
                const uint64_t at = i < 64 ? UINT64_C(1) << i : 0;
                const uint64_t nl = lf && i < 63 ? UINT64_C(1) << (i + 1) : 0;
                const bool white = c == ' ' || c == '\t' || c == '\n' || (c == '\r' && lf);
                CHECK(sp == ((white ? at : 0) | nl));
                CHECK(other == (c >= '0' && c <= '9' ? ~at : ~UINT64_C(0)));
                CHECK(zero == (c == '0' ? at : 0));
            }
}

int main(void)
{
    RUN(test_bits_tokens__against_loops);
    RUN(test_bits_tokens__every_byte);
    return harness_report();
}
