/* SPDX-License-Identifier: MIT */
/*
 * rng.h - the xorshift generator of the randomised unit tests.  Each test
 * program is one translation unit and includes this once; the fixed seed
 * (TEST_RNG_SEED, defined before the include to pick another) makes every
 * run draw the same cases, so a failure comes back when the test is run
 * again.
 */
#ifndef PDN_TEST_RNG_H
#define PDN_TEST_RNG_H

#ifndef TEST_RNG_SEED
#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
#endif

static unsigned long long test_rng_state = TEST_RNG_SEED;

/* A number below n (n > 0), from the generator's high bits. */
static inline unsigned rnd(unsigned n)
{
    unsigned long long x = test_rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    test_rng_state = x;
    return (unsigned)(x >> 33) % n;
}

#endif
