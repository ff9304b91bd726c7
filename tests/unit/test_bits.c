/* SPDX-License-Identifier: MIT */
/*
 * test_bits.c - the byte tests of src/base/bits.h against plain byte loops
 * on random blocks biased towards the bytes the scanners look for (white
 * space, quotes, high bytes) and at every length and alignment.  The same
 * test runs on the SSE2 version in the usual build and on the portable one
 * in the -DPDN_NO_SIMD build (make portable).
 */
#include "base/bits.h"
#include "harness.h"
#define TEST_RNG_SEED 0x2545F4914F6CDD1Dull
#include "support/rng.h"

#include <string.h>

/* A byte that is one of those the tests look for half of the time. */
static unsigned char some_byte(void)
{
    static const unsigned char hot[] = {' ', '\t', '\n', '\r', '"',  '\\', ']',  'a', 'Z',
                                        '0', '9',  '_',  0x80, 0xC3, 0xFF, 0x7F, 0};
    return rnd(2) ? hot[rnd(sizeof hot)] : (unsigned char)rnd(256);
}

static void fill(unsigned char *b, size_t n)
{
    /* Runs of one kind of byte now and then, as text has. */
    for (size_t i = 0; i < n; i++)
        b[i] = i && rnd(4) == 0 ? b[i - 1] : some_byte();
}

static void test_bits__blocks(void)
{
    unsigned char buf[64 + 16];
    for (int round = 0; round < 20000; round++) {
        fill(buf, sizeof buf);
        uint64_t lf, cr, a, b, sp = pdn_bits__spaces(buf, &lf, &cr), want_sp = 0, want_lf = 0,
                               want_cr = 0, want_a = 0, want_b = 0;
        int high = 0;
        unsigned char ca = some_byte(), cb = some_byte();
        uint64_t h = pdn_bits__block2(buf, ca, cb, &a, &b);
        for (unsigned i = 0; i < 64; i++) {
            unsigned char c = buf[i];
            uint64_t bit = UINT64_C(1) << i;
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
                want_sp |= bit;
            if (c == '\n')
                want_lf |= bit;
            if (c == '\r')
                want_cr |= bit;
            if (c == ca)
                want_a |= bit;
            if (c == cb)
                want_b |= bit;
            high |= c >= 0x80;
        }
        CHECK(sp == want_sp);
        CHECK(lf == want_lf);
        CHECK(cr == want_cr);
        CHECK(a == want_a);
        CHECK(b == want_b);
        CHECK((h != 0) == high);
        unsigned w = 0;
        while (w < 16 && ((unsigned)((buf[w] | 0x20) - 'a') < 26 || (unsigned)(buf[w] - '0') < 10 ||
                          buf[w] == '_'))
            w++;
        CHECK_EQ_INT(pdn_bits__word16(buf), w);
    }
}

/* The classes of the draughts move loop's windows and the high bytes of
 * the line index's last block, on blocks of movetext bytes as well as
 * random ones. */
static void test_bits__movetext(void)
{
    static const unsigned char text[] = " \t\n\r0123456789.-x:<!?aAZ\x80\xE2\x0B\x0C";
    unsigned char buf[64];
    for (int round = 0; round < 20000; round++) {
        for (size_t i = 0; i < sizeof buf; i++)
            buf[i] = round % 2 ? text[rnd(sizeof text - 1)] : some_byte();
        pdn_bits_movetext m;
        pdn_bits__movetext(buf, &m);
        uint64_t sp = 0, cr = 0, digit = 0, zero = 0, high = 0;
        for (unsigned i = 0; i < 64; i++) {
            unsigned char c = buf[i];
            uint64_t bit = UINT64_C(1) << i;
            if (c >= 0x80)
                high |= bit;
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
                sp |= bit;
            if (c == '\r')
                cr |= bit;
            if (c >= '0' && c <= '9')
                digit |= bit;
            if (c == '0')
                zero |= bit;
        }
        CHECK(m.space == sp);
        CHECK(m.cr == cr);
        CHECK(m.digit == digit);
        CHECK(m.zero == zero);
        CHECK(pdn_bits__high(buf) == high);
    }
}

static void test_bits__runs(void)
{
    unsigned char src[200], out[200 + 16], before[200 + 16];
    for (int round = 0; round < 20000; round++) {
        size_t n = rnd(180), at = rnd(16);
        fill(src + at, n);
        /* Long ASCII stretches, as most text is, sometimes. */
        if (rnd(2))
            for (size_t i = 0; i < n; i++)
                if (src[at + i] >= 0x80 && rnd(8))
                    src[at + i] = 'e';
        unsigned char a = some_byte(), b = some_byte(), c = some_byte(), d = some_byte();
        size_t want = 0;
        while (want < n && src[at + want] != a && src[at + want] != b && src[at + want] != c &&
               src[at + want] != d)
            want++;
        CHECK_EQ_INT(pdn_bits__find4(src + at, n, a, b, c, d), want);
        size_t ascii = 0;
        while (ascii < n && src[at + ascii] < 0x80)
            ascii++;
        CHECK_EQ_INT(pdn_bits__ascii(src + at, n), ascii);
        memset(out, 0xAA, sizeof out);
        memcpy(before, out, sizeof out);
        size_t k = pdn_bits__copy_ascii(out, src + at, n);
        CHECK_EQ_INT(k, ascii);
        CHECK(memcmp(out, src + at, k) == 0);
        /* Past the count, at most 16 bytes may have been written. */
        CHECK(memcmp(out + k + 16, before + k + 16, sizeof out - k - 16) == 0);
    }
}

/* Continuation bytes counted at every length up to past two flushes of
 * the byte lanes (63 blocks of 64), in texts where nearly every byte may
 * be one, against a byte loop. */
static void test_bits__continuations(void)
{
    static unsigned char buf[9000];
    for (int round = 0; round < 3000; round++) {
        size_t n = round < 200 ? (size_t)round : rnd(round % 4 ? 300 : sizeof buf - 16);
        size_t at = rnd(16);
        unsigned dense = rnd(4);
        for (size_t i = 0; i < n; i++)
            buf[at + i] = dense == 0   ? some_byte()
                          : dense == 1 ? (unsigned char)(0x80 + rnd(64))
                                       : (unsigned char)(rnd(dense) ? 0x80 + rnd(64) : rnd(256));
        size_t want = 0;
        for (size_t i = 0; i < n; i++)
            want += (buf[at + i] & 0xC0) == 0x80;
        CHECK_EQ_INT(pdn_bits__continuations(buf + at, n), want);
    }
}

static void test_bits__ctz(void)
{
    for (unsigned i = 0; i < 64; i++) {
        CHECK_EQ_INT(pdn_bits__ctz(UINT64_C(1) << i), i);
        CHECK_EQ_INT(pdn_bits__ctz(~UINT64_C(0) << i), i);
    }
}

int main(void)
{
    RUN(test_bits__blocks);
    RUN(test_bits__movetext);
    RUN(test_bits__runs);
    RUN(test_bits__continuations);
    RUN(test_bits__ctz);
    return harness_report();
}
