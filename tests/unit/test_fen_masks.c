/* SPDX-License-Identifier: MIT */
/*
 * test_fen_masks.c - the short path of the draughts FEN check for values of
 * up to 64 bytes (mask_fen in src/values/fen_syntax.c, which reads the
 * piece lists from one bit per byte of each kind) against the full reader:
 * the same verdict on random FENs of every length up to about 90 bytes with
 * kings, ranges, long numbers and misplaced separators; never a value the
 * full reader rejects or one with white space; and every plain numeric FEN
 * the full reader accepts taken.  Also the byte classes and the short copy
 * of src/base/bits.h against byte loops, and the FEN_FORM notes of the tag
 * check, which the short path gives without looking for spaces.
 */
#include "base/bits.h"
#include "harness.h"
#include "pdn.h"
#include "support/append.h"
#include "support/fen_verdict.h"
#include "values/values.h"
#define TEST_RNG_SEED 0xBB67AE8584CAA73Bull
#include "support/rng.h"

#include <stdlib.h>
#include <string.h>

static void random_entry(char *b, size_t *n, size_t cap)
{
    static const char *const numbers[] = {"7", "31", "05", "0", "123", "9999", "12345", "1", "50"};
    static const char *const odd[] = {"K", "-", ",", ":",  ".",  "W",
                                      "B", "x", " ", "KK", "a3", "\t"};
    if (rnd(5) == 0)
        test_put_fixed(b, n, cap, "K");
    test_put_fixed(b, n, cap, numbers[rnd(4) ? rnd(3) : rnd(sizeof numbers / sizeof numbers[0])]);
    if (rnd(8) == 0) {
        test_put_fixed(b, n, cap, "-");
        test_put_fixed(b, n, cap, numbers[rnd(sizeof numbers / sizeof numbers[0])]);
        if (rnd(6) == 0) {
            test_put_fixed(b, n, cap, "-");
            test_put_fixed(b, n, cap, numbers[rnd(3)]);
        }
    }
    if (rnd(30) == 0)
        test_put_fixed(b, n, cap, odd[rnd(sizeof odd / sizeof odd[0])]);
}

/* FENs of about 40 to 90 bytes, most around 64. */
static void random_fen(char *b, size_t *n, size_t cap)
{
    *n = 0;
    size_t want = 30 + rnd(60);
    test_put_fixed(b, n, cap, rnd(12) ? (rnd(2) ? "W" : "B") : rnd(2) ? "?" : "K");
    unsigned sections = rnd(10) ? 2 : rnd(4);
    for (unsigned s = 0; s < sections; s++) {
        test_put_fixed(b, n, cap, ":");
        if (rnd(12) == 0)
            continue;
        test_put_fixed(b, n, cap, rnd(10) == 0 ? (rnd(2) ? "W" : "B") : s == 0 ? "W" : "B");
        size_t stop = *n + (want / (sections ? sections : 1));
        for (unsigned e = 0; *n < stop; e++) {
            if (e)
                test_put_fixed(b, n, cap, rnd(40) ? "," : ",,");
            random_entry(b, n, cap);
        }
    }
    if (rnd(3))
        test_put_fixed(b, n, cap, ".");
    /* Cut or lengthen to land on the block's edge now and then. */
    if (rnd(4) == 0 && *n > 60)
        *n = 60 + rnd((unsigned)(*n - 59));
}

/* FENs of 1 to about 70 bytes (the short path classifies the second 32
 * bytes only when the value reaches them): kings, ranges, long numbers and
 * stray bytes now and then. */
static void random_short_fen(char *b, size_t *n, size_t cap)
{
    static const char *const numbers[] = {"7", "31", "05", "0", "123", "9999", "12345"};
    static const char *const odd[] = {"K", "-", ",", ":", ".", "W", "B", "x", " ", "KK", "a3"};
    size_t want = 1 + rnd(70);
    *n = 0;
    test_put_fixed(b, n, cap, rnd(12) ? (rnd(2) ? "W" : "B") : rnd(2) ? "?" : "K");
    for (unsigned s = 0; s < 2 && *n < want; s++) {
        test_put_fixed(b, n, cap, ":");
        test_put_fixed(b, n, cap, s == 0 ? "W" : "B");
        for (unsigned e = 0; *n < want; e++) {
            if (e)
                test_put_fixed(b, n, cap, ",");
            if (rnd(40) == 0)
                test_put_fixed(b, n, cap, odd[rnd(sizeof odd / sizeof odd[0])]);
            if (rnd(5) == 0)
                test_put_fixed(b, n, cap, "K");
            test_put_fixed(b, n, cap,
                           numbers[rnd(4) ? rnd(2) : rnd(sizeof numbers / sizeof numbers[0])]);
            if (rnd(10) == 0) {
                test_put_fixed(b, n, cap, "-");
                test_put_fixed(b, n, cap, numbers[rnd(3)]);
                if (rnd(5) == 0) {
                    test_put_fixed(b, n, cap, "-");
                    test_put_fixed(b, n, cap, numbers[rnd(2)]);
                }
            }
            if (rnd(40) == 0)
                test_put_fixed(b, n, cap, odd[rnd(sizeof odd / sizeof odd[0])]);
            if (s == 0 && rnd(3) == 0)
                break;
        }
    }
    if (rnd(3) == 0)
        test_put_fixed(b, n, cap, ".");
    if (rnd(5) == 0 && *n > 1)
        *n = 1 + rnd((unsigned)*n);
}

/* A numeric FEN the short path must take: valid, no white space, only
 * those bytes, numbers of at most four digits. */
static int plain_form(const char *b, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        if (b[i] >= '0' && b[i] <= '9') {
            if (++run > 4)
                return 0;
            continue;
        }
        run = 0;
        if (!strchr("WB?:,K-.", b[i]) || b[i] == 0)
            return 0;
    }
    return 1;
}

/* Every other FEN of 1 to about 70 bytes, so that both halves of the
 * short path's 64 bytes are taken many times. */
static void test_fen_masks__against_full_reader(void)
{
    char fen[160];
    int failed = 0, taken = 0, valid = 0, first = 0, second = 0;
    for (int k = 0; k < 300000 && failed < 5; k++) {
        size_t n;
        if (k % 2)
            random_short_fen(fen, &n, sizeof fen);
        else
            random_fen(fen, &n, sizeof fen);
        pdn_diag_code b;
        int same = test_fen_same_as_full(fen, n, &b);
        int plain = pdn_values__fen_plain(fen, n);
        if (k % 2) {
            first += plain && n <= 32;
            second += plain && n > 32 && n <= 64;
        } else {
            valid += b == PDN_D_NONE;
            taken += plain && n <= 64;
        }
        /* plain: only what the full reader accepts, and all of that form
         * (the short FENs double their K and W at times, which the full
         * reader accepts and the short path leaves to it) */
        int fits = (!plain || (b == PDN_D_NONE && plain_form(fen, n))) &&
                   (plain || b != PDN_D_NONE || !plain_form(fen, n) || k % 2);
        if (!CHECK(same && fits)) {
            fprintf(stderr, "    \"%.*s\" (%zu): plain %d\n", (int)n, fen, n, plain);
            failed++;
        }
    }
    if (!CHECK(taken > 15000 && valid < 125000 && first > 3000 && second > 3000))
        fprintf(stderr, "    taken %d, valid %d, halves %d and %d\n", taken, valid, first, second);
}

/* Edge cases by hand: the short path's verdict is the full reader's. */
static void test_fen_masks__edges(void)
{
    static const char *const fens[] = {
        "W:W1,2:B3,4",
        "W:W1,2:B3,4.",
        "B:WK1,K2:BK3-K4",
        "W:WK1-4,5:B3",
        "W:W1-2-3:B4",
        "W:W12-34-5:B4",
        "W:W1-K2:B4",
        "W:W1K2:B4",
        "W:WK:B4",
        "W:W,1:B4",
        "W:W1,:B4",
        "W:W1,,2:B4",
        "W:W-1:B4",
        "W:W1-:B4",
        "W:W9999:B1",
        "W:W10000:B1",
        "W:W00001:B1",
        "W:W1:W2",
        "W:B1:B2",
        "W::",
        "W:",
        "W",
        "?:W1:B2",
        "W:W1:B2:",
        "W:W1:B2..",
        "W:W1.:B2",
        "W.W1:B2",
        "W:W1:B2 ",
        "W:W1 :B2",
        "W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:B21,22,23,2",
        "W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:B21,22,23,24",
        "W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:B21,22,23,24.",
        "W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:B21,22,23,2-",
        "W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:B21,22,23,24K",
        "W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:B21,22,23,2,",
        "W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:B21,22,23,K2",
        "W:W1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:B21,22,12345",
    };
    for (size_t k = 0; k < sizeof fens / sizeof fens[0]; k++) {
        const char *f = fens[k];
        size_t n = strlen(f), at = 0, at2 = 0;
        char spaced[80];
        spaced[0] = ' ';
        memcpy(spaced + 1, f, n);
        pdn_diag_code a = pdn_check_fen_syntax(f, n, 0, &at);
        pdn_diag_code b = pdn_check_fen_syntax(spaced, n + 1, 0, &at2);
        int plain = pdn_values__fen_plain(f, n);
        int same = a == b && (a == PDN_D_NONE || at + 1 == at2) &&
                   (!plain || (b == PDN_D_NONE && plain_form(f, n))) &&
                   (plain || b != PDN_D_NONE || !plain_form(f, n));
        if (!CHECK(same))
            fprintf(stderr, "    \"%s\": %d at %zu, full reader %d at %zu, plain %d\n", f, (int)a,
                    at, (int)b, at2, plain);
    }
}

/* The byte classes and the copy against byte loops. */
static void test_fen_masks__bits(void)
{
    static const unsigned char hot[] = {'0', '5', '9', '/', ':', ',', 'K', '-', 'W', 0x80, 0xB0, 0};
    unsigned char p[80], b[80];
    int failed = 0;
    for (int t = 0; t < 100000 && failed < 5; t++) {
        for (size_t i = 0; i < sizeof p; i++)
            p[i] = rnd(4) ? hot[rnd(sizeof hot)] : (unsigned char)rnd(256);
        pdn_bits_fen m;
        pdn_bits__fen(p, &m);
        uint64_t d = 0, c = 0, k = 0, h = 0;
        for (unsigned i = 0; i < 64; i++) {
            d |= (uint64_t)(p[i] >= '0' && p[i] <= '9') << i;
            c |= (uint64_t)(p[i] == ',') << i;
            k |= (uint64_t)(p[i] == 'K') << i;
            h |= (uint64_t)(p[i] == '-') << i;
        }
        size_t n = rnd(65);
        memset(b, 0xEE, sizeof b);
        pdn_bits__copy64(b, p, n);
        int copied = memcmp(b, p, n) == 0;
        for (size_t i = n; i < sizeof b; i++)
            copied &= b[i] == 0;
        if (!CHECK(m.digit == d && m.comma == c && m.king == k && m.dash == h && copied))
            failed++;
    }
}

/* FEN_FORM where a written FEN ends with a dot, through the whole reader:
 * at the dot, by the short path and by the full one alike. */
static void test_fen_masks__form(void)
{
    static const char *const fens[] = {"W:W31,32:B1,2.",  "W:W31,32:B1,2",   "W:W31,32:B1,2 .",
                                       "W:W31,32:B1 ,2.", "W:W31,32:Ba1,2.", "W:W31,32:B1,2,."};
    for (size_t k = 0; k < sizeof fens / sizeof fens[0]; k++) {
        char text[200];
        int len = snprintf(text, sizeof text, "[GameType \"20\"]\n[FEN \"%s\"]\n\n*\n", fens[k]);
        const char *v = strstr(text, fens[k]);
        size_t vn = strlen(fens[k]);
        /* Where fen_form() points: the first space, else a final dot. */
        const char *sp = memchr(v, ' ', vn);
        size_t want = sp ? (size_t)(sp - text) : v[vn - 1] == '.' ? (size_t)(v + vn - 1 - text) : 0;
        pdn_read_options o = PDN_READ_OPTIONS_INIT;
        o.mode = PDN_MODE_STRICT;
        pdn_game *g;
        if (!CHECK(pdn_game_parse(&g, text, (size_t)len, &o) == PDN_OK))
            continue;
        size_t count, found = 0, at = 0;
        const pdn_diag *d = pdn_game_diags(g, &count);
        for (size_t i = 0; i < count; i++)
            if (d[i].code == PDN_D_FEN_FORM) {
                found++;
                at = d[i].offset;
            }
        if (!CHECK(found == (want != 0) && (!found || at == want)))
            fprintf(stderr, "    \"%s\": %zu FEN_FORM at %zu, want at %zu\n", fens[k], found, at,
                    want);
        pdn_game_free(g);
    }
}

/* Every valid FEN without ranges is taken whatever its length: one list
 * grown an entry at a time, for each cut of its final dot. */
static void test_fen_masks__lengths(void)
{
    char fen[80] = "W:W1,K2,33:B";
    size_t n = strlen(fen);
    for (unsigned e = 0; n + 4 < 66; e++) {
        char num[8];
        snprintf(num, sizeof num, "%s%u", e ? "," : "", 1 + e % 50);
        test_put_fixed(fen, &n, sizeof fen, num);
        if (n > 64)
            break;
        CHECK(pdn_values__fen_plain(fen, n) == 1);
        if (n < 64) {
            fen[n] = '.';
            CHECK(pdn_values__fen_plain(fen, n + 1) == 1);
            /* a bad byte at the end, then at each place */
            fen[n] = ',';
            CHECK(pdn_values__fen_plain(fen, n + 1) == 0);
        }
        for (size_t i = 3; i < n; i++) {
            char keep = fen[i];
            fen[i] = keep == ',' ? '-' : keep == 'K' ? ',' : 'x';
            pdn_diag_code full;
            CHECK(test_fen_same_as_full(fen, n, &full));
            if (pdn_values__fen_plain(fen, n))
                CHECK(full == PDN_D_NONE);
            fen[i] = keep;
        }
    }
}

int main(void)
{
    RUN(test_fen_masks__against_full_reader);
    RUN(test_fen_masks__lengths);
    RUN(test_fen_masks__edges);
    RUN(test_fen_masks__bits);
    RUN(test_fen_masks__form);
    return harness_report();
}
