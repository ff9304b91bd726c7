/* SPDX-License-Identifier: MIT */
/*
 * test_quickloops.c - the reader's quick movetext loops (fast_draughts in
 * moves.c, fast_san.c) must read every text exactly as the general parser
 * alone reads it.  Random movetexts of draughts and chess tokens, glued and
 * spaced in every way that matters to the loops, are parsed both ways and
 * compared through the JSON of the game (items, positions, diagnostics),
 * its canonical PDN, and where the game ends.
 */
#include "harness.h"
#include "support/both_ways.h"
#include "syntax/parse.h"

#include <stdlib.h>

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static int text_sink(void *ctx, const char *data, size_t len)
{
    text *t = ctx;
    if (len == 0)
        return 0;
    if (t->len + len > t->cap) {
        size_t cap = (t->len + len) * 2 + 64;
        char *d = realloc(t->data, cap);
        if (d == NULL)
            return 1;
        t->data = d;
        t->cap = cap;
    }
    memcpy(t->data + t->len, data, len);
    t->len += len;
    return 0;
}

static void append(text *t, const char *s, size_t n)
{
    (void)text_sink(t, s, n);
}

/* xorshift64: the inputs are the same on every run. */
static unsigned next(unsigned long long *state, unsigned n)
{
    unsigned long long x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    return (unsigned)(x % n);
}

/* Tokens that the loops take, that stop them, and that look like either. */
static const char *const draughts_tokens[] = {
    "32-28",    "19-23",    "28x19",   "14x23",     "26x17x8",      "1.",
    "12.",      "9...",     "123.",    "c3-d4",     "f6-g5",        "d4:f6",
    "e3:c5:a3", "a1-b2",    "06-11",   "1-1",       "2-0",          "0-2",
    "1-0",      "x14",      "X14",     "-14",       ":14",          "<42,29>",
    "!",        "?!",       "(",       ")",         "{c}",          "$1",
    "*",        "- -",      "--",      "...",       "\xE2\x80\xA6", "\xC2\xBD-\xC2\xBD",
    "32-28!",   "K",        "5-50",    "50-45",     "47x36x27",     "c3xe5xg3",
    "h8-g7",    "p16-o15",  "A1-B2",   "32 - 28",   "3228",         "32x",
    "32-2",     "100.",     "1.32-28", "2...19-23", "%x\n",         ";x\n",
    "\x00",     "01.",      "07-12",   "12-07",     "09...",        "01-06x17",
    "00-11",    "06x11 x17"};

static const char *const chess_tokens[] = {
    "e4",        "e5",    "Nf3",   "Nc6",    "Bb5",     "a6",   "O-O",          "O-O-O",
    "exd5",      "e8=Q+", "e8Q",   "Qh4xe1", "Nbd7",    "R1e2", "Raxe1+",       "Qxf7#",
    "1.",        "12.",   "9...",  "1.e4",   "2...Nc6", "0-0",  "1-0",          "0-1",
    "1/2-1/2",   "*",     "!",     "?",      "(",       ")",    "{c}",          "$1",
    "--",        "Z0",    "e2-e4", "Ng1-f3", "e7e8q",   "Pe4",  "f7:f6",        "b7-b8(Q)",
    "Qa1b2c3d4", "xd2",   "N@f3",  "e.p.",   "Kxe2",    "a7a8", "Bxc6",         "dxc6",
    "Rfd1",      "h8=N",  "O-O+",  "Nf3+-",  "e4!?",    "...",  "\xE2\x80\xA6", "\x00"};

static const char *const gaps[] = {" ", " ", " ", " ", "\n", "\r\n", "\t", "", "  ", "\r", " \n"};

static void random_game(text *t, unsigned long long *rng, int chess)
{
    static const char *const draughts_headers[] = {"",
                                                   "[GameType \"20\"]\n",
                                                   "[GameType \"21\"]\n",
                                                   "[GameType \"25\"]\n",
                                                   "[GameType \"20\"]\n[Result \"4-6\"]\n",
                                                   "[Event \"x\"]\n"};
    static const char *const chess_headers[] = {"[GameType \"0\"]\n",
                                                "[Event \"x\"]\n[GameType \"0\"]\n\n", ""};
    const char *h = chess ? chess_headers[next(rng, 3)] : draughts_headers[next(rng, 6)];
    append(t, h, strlen(h));
    const char *const *tokens = chess ? chess_tokens : draughts_tokens;
    size_t count = chess ? sizeof chess_tokens / sizeof chess_tokens[0]
                         : sizeof draughts_tokens / sizeof draughts_tokens[0];
    unsigned n = 20 + next(rng, 120);
    for (unsigned i = 0; i < n; i++) {
        /* Mostly what the loops take, so that they run long before a stop. */
        unsigned k = next(rng, 4) != 0 ? next(rng, 10) : next(rng, (unsigned)count);
        const char *tok = tokens[k];
        append(t, tok, tok[0] ? strlen(tok) : 1);
        const char *g = next(rng, 6) != 0 ? " " : gaps[next(rng, sizeof gaps / sizeof gaps[0])];
        append(t, g, strlen(g));
    }
    if (next(rng, 2))
        append(t, "*\n", 2);
}

/* The first game of s both ways (support/both_ways.h). */
static int same_both_ways(const char *s, size_t len, int default_gametype)
{
    return test_same_both_ways(s, len, PDN_MODE_LIBERAL, default_gametype);
}

static void test_quickloops__random(void)
{
    unsigned long long rng = 0x2545F4914F6CDD1Dull;
    int failed = 0;
    for (int k = 0; k < 6000 && failed < 3; k++) {
        text t = {0};
        int chess = k % 2;
        random_game(&t, &rng, chess);
        int dflt = chess && next(&rng, 2) ? 0 : -1;
        if (!CHECK(same_both_ways(t.data, t.len, dflt)))
            failed++;
        free(t.data);
    }
}

/* The cases the loops must leave to the general parser, each once. */
static void test_quickloops__edges(void)
{
    static const struct {
        const char *text;
        int gametype;
    } cases[] = {
        {"[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 32x23 X14 4. 33-28 28-22 5. 22-17 *",
         -1},
        {"[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 47x36 <42,29> 4. 33-28 28-22 *", -1},
        {"[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. ... 9-14 4. 33-28 28-22 5. 22-17 *",
         -1},
        {"[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23\r3. 33-28 9-14 4. 28-22 17-21 *", -1},
        {"[GameType \"20\"]\n01. 33-29  17-22 02. 39-33  11-17 03. 44-39  06-11 04. 50-44  01-06 "
         "05. 31-26  16-21 \r\n06. 32-28  19-23 07. 28x19  14x23 08. 35-30  10-14 09. 30-24  05-10 "
         "10. 37-31  20-25 *",
         -1},
        {"[GameType \"20\"]\n[Result \"1-9\"]\n\n1. 32-28 19-23 2. 1-9 9-14 3. 33-29 {[c]} 1-9 "
         "4. 28-22 1-9\r\n\r\n[GameType \"20\"]\n1. 32-28 *",
         -1},
        {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *", 0},
        {"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 *", 0},
        {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6{x}8. c3 "
         "Qa1b2c3d4 "
         "9. h3 *",
         0},
        {"1. e4 ... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 ! 7. Bb3 d6 8. c3 O-O "
         "*",
         0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK(same_both_ways(cases[i].text, strlen(cases[i].text), cases[i].gametype));
}

int main(void)
{
    RUN(test_quickloops__edges);
    RUN(test_quickloops__random);
    return harness_report();
}
