/* SPDX-License-Identifier: MIT */
/*
 * test_bits_tokens.c - pdn_bits__tokens() (src/base/bits.h), the move
 * loop's classification of a window, against plain byte loops: white space
 * (a CR only with LF after it), bytes that are no digit and zeros, on
 * random blocks of movetext bytes with CR and LF in every place, the byte
 * after the block included.  Runs on SSE2 and on the portable version.
 */
#include "base/bits.h"
#include "harness.h"
#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
#include "support/rng.h"

#include <stdbool.h>

/* Movetext bytes, the edges of the digit range and CR and LF most of the
 * time, any byte now and then. */
static unsigned char some_byte(void)
{
    static const unsigned char hot[] = {' ', '\t', '\n', '\r', '\r', '\n', '0',  '1',  '9',
                                        '/', ':',  '.',  '-',  'x',  'a',  0x0B, 0x0C, 0x1F,
                                        0,   0x80, 0xB9, 0xBA, 0xFF, 0x29, 0x3A, 0x30, 0x39};
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

int main(void)
{
    RUN(test_bits_tokens__against_loops);
    return harness_report();
}
