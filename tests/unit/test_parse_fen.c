/* SPDX-License-Identifier: MIT */
/*
 * test_parse_fen.c - the short path of the draughts FEN syntax check
 * (common_fen in src/values/fen_syntax.c, which FEN tags mostly take)
 * against the full reader: a value with a space in front is trimmed and
 * read by the full reader alone, so both must give the same verdict on
 * random FENs of numbers of one to six digits, ranges, kings and the
 * mistakes around them.
 */
#include "harness.h"
#include "pdn.h"
#include "support/append.h"
#include "support/fen_verdict.h"
#define TEST_RNG_SEED 0x94D049BB133111EBull
#include "support/rng.h"

#include <string.h>

static void random_number(char *b, size_t *n, size_t cap)
{
    static const char *const digits[] = {"7",     "31", "05", "0",  "123", "9999",
                                         "12345", "1",  "50", "44", "",    "100000"};
    unsigned k = rnd(8);
    test_put_fixed(b, n, cap, digits[k < 5 ? rnd(3) : rnd(sizeof digits / sizeof digits[0])]);
}

static void random_fen(char *b, size_t *n, size_t cap)
{
    static const char *const odd[] = {"K", "-", ",", ":", ".", "W", "B", "x", " ", "KK", "a3"};
    *n = 0;
    test_put_fixed(b, n, cap, rnd(10) ? (rnd(2) ? "W" : "B") : rnd(2) ? "?" : "w");
    unsigned sections = rnd(8) ? 2 : rnd(4);
    for (unsigned s = 0; s < sections; s++) {
        test_put_fixed(b, n, cap, ":");
        if (rnd(12) == 0)
            continue; /* an empty section */
        test_put_fixed(b, n, cap, rnd(8) == 0 ? (rnd(2) ? "W" : "B") : s == 0 ? "W" : "B");
        unsigned entries = rnd(24);
        for (unsigned e = 0; e < entries; e++) {
            if (e)
                test_put_fixed(b, n, cap, ",");
            if (rnd(6) == 0)
                test_put_fixed(b, n, cap, "K");
            random_number(b, n, cap);
            if (rnd(10) == 0) {
                test_put_fixed(b, n, cap, "-");
                random_number(b, n, cap);
            }
            if (rnd(40) == 0)
                test_put_fixed(b, n, cap, odd[rnd(sizeof odd / sizeof odd[0])]);
        }
    }
    if (rnd(3))
        test_put_fixed(b, n, cap, ".");
}

static void test_parse_fen__short_path(void)
{
    char fen[240];
    int failed = 0, valid = 0;
    for (int k = 0; k < 200000 && failed < 5; k++) {
        size_t n;
        random_fen(fen, &n, sizeof fen);
        pdn_diag_code full;
        int same = test_fen_same_as_full(fen, n, &full);
        valid += full == PDN_D_NONE;
        if (!CHECK(same))
            failed++;
    }
    /* Both verdicts are common. */
    CHECK(valid > 20000 && valid < 180000);
}

int main(void)
{
    RUN(test_parse_fen__short_path);
    return harness_report();
}
