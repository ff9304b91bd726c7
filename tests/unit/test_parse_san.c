/* SPDX-License-Identifier: MIT */
/*
 * test_parse_san.c - the general parser's scan of a SAN move
 * (pdn_parse__scan_san in src/syntax/moves.c), which tells the forms apart
 * by their first byte, against the forms tried one after the other: every
 * token of up to four bytes over the bytes that matter, and random longer
 * ones, each at the very end of its own block so that a read past it is
 * caught.  Also that only castling with zeros is a chess move starting
 * with '0', which lets the parser take "0-1" as a result without a scan.
 */
#include "harness.h"
#include "syntax/parser.h"
#define TEST_RNG_SEED 0x9E3779B97F4A7C15ull
#include "support/all_strings.h"
#include "support/rng.h"

#include <stdlib.h>

static const char bytes[] = "O0-ZPNBRQK@ahix189=+#( ";
#define NBYTES (sizeof bytes - 1)

static bool in(char c, const char *set)
{
    return c != 0 && strchr(set, c) != NULL;
}

static bool file(char c)
{
    return c >= 'a' && c <= 'h';
}

static bool rank(char c)
{
    return c >= '1' && c <= '8';
}

/* Standard SAN's length at p, the forms tried in turn: castling (also with
 * zeros), the null moves, a drop, a piece's move, a pawn's; then checks. */
static size_t reference(const char *p, size_t avail)
{
    size_t n;
    if (avail >= 5 && (memcmp(p, "O-O-O", 5) == 0 || memcmp(p, "0-0-0", 5) == 0)) {
        n = 5;
    } else if (avail >= 3 && (memcmp(p, "O-O", 3) == 0 || memcmp(p, "0-0", 3) == 0)) {
        n = 3;
    } else if (avail >= 2 && (memcmp(p, "--", 2) == 0 || memcmp(p, "Z0", 2) == 0)) {
        n = 2;
    } else if (avail >= 4 && in(p[0], "PNBRQ") && p[1] == '@' && file(p[2]) && rank(p[3])) {
        n = 4;
    } else if (in(p[0], "KQRBN")) {
        /* At most eight bytes of files, ranks and 'x', the last two a
         * square, before it a file, a rank and 'x', each optional. */
        size_t k = 1;
        while (k < avail && k <= 8 && (file(p[k]) || rank(p[k]) || p[k] == 'x'))
            k++;
        if (k < 3 || !file(p[k - 2]) || !rank(p[k - 1]))
            return 0;
        size_t j = 1;
        if (j < k - 2 && file(p[j]))
            j++;
        if (j < k - 2 && rank(p[j]))
            j++;
        if (j < k - 2 && p[j] == 'x')
            j++;
        if (j != k - 2)
            return 0;
        n = k;
    } else if (file(p[0])) {
        if (avail >= 4 && p[1] == 'x' && file(p[2]) && rank(p[3]))
            n = 4;
        else if (avail >= 2 && rank(p[1]))
            n = 2;
        else
            return 0;
        if (n < avail && p[n] >= '0' && p[n] <= '9')
            return 0;
        size_t t = n < avail && p[n] == '=' ? n + 1 : n;
        if (t < avail && in(p[t], "QRBN"))
            n = t + 1;
    } else {
        return 0;
    }
    while (n < avail && (p[n] == '+' || p[n] == '#'))
        n++;
    return n;
}

static int failures;

static void check_token(const char *tok, size_t len)
{
    /* Its own block, the token at the end. */
    char *block = malloc(len);
    if (!block)
        return;
    memcpy(block, tok, len);
    size_t want = reference(block, len);
    size_t got = pdn_parse__scan_san(block, block + len, false);
    size_t chess = pdn_parse__scan_san(block, block + len, true);
    bool zero_ok =
        block[0] != '0' || chess == 0 || (len >= 3 && block[1] == '-' && block[2] == '0');
    if ((got != want || !zero_ok) && failures++ < 10)
        fprintf(stderr, "    \"%.*s\": %zu, expected %zu (chess %zu)\n", (int)len, tok, got, want,
                chess);
    free(block);
}

static void visit_token(const char *tok, size_t len, void *ctx)
{
    (void)ctx;
    check_token(tok, len);
}

static void test_parse_san__short_tokens(void)
{
    test_all_strings(bytes, NBYTES, 1, 4, visit_token, NULL);
    CHECK(failures == 0);
}

/* Longer tokens, mostly moves and their near misses. */
static void test_parse_san__long_tokens(void)
{
    static const char *const starts[] = {"O-O-O", "0-0-0",  "O-O",  "0-0",  "Nbd7",
                                         "R1xa8", "Qh4xe1", "N@f3", "exd8", "e8=Q",
                                         "a1",    "Kx",     "--",   "Z0",   "P@"};
    char tok[16];
    for (int i = 0; i < 200000; i++) {
        size_t len = 0;
        if (rnd(2)) {
            const char *s = starts[rnd(sizeof starts / sizeof starts[0])];
            len = strlen(s);
            memcpy(tok, s, len);
        }
        size_t more = 1 + rnd(8);
        while (more-- && len < sizeof tok)
            tok[len++] = bytes[rnd(NBYTES)];
        check_token(tok, len);
    }
    CHECK(failures == 0);
}

int main(void)
{
    RUN(test_parse_san__short_tokens);
    RUN(test_parse_san__long_tokens);
    return harness_report();
}
