/* SPDX-License-Identifier: MIT */
/*
 * test_parse_fastrun.c - the draughts move loop (pdn_parse__fast_run in
 * src/syntax/fast_run.c) against the general parser alone, tree for tree:
 * every node, move record, square and diagnostic the two ways give must be
 * the same.  The texts are random runs of the tokens the loop reads by
 * shape (two squares, short move numbers) and of their near misses (zeros,
 * three digits, foreign separators, capitals, dots, results), with every
 * kind of gap, under the GameTypes whose separators and notations differ;
 * and runs that stop where a move number waits, which the loop finds again
 * from where it stopped; squares and numbers with a second digit '0'
 * against their near misses; move numbers with one byte of white space
 * before the next token, which the loop takes together, against theirs;
 * long runs of captures of many squares, for which the arrays grow in
 * the middle of a run; squares and move numbers with a leading zero, whose
 * report the loop records, in every reading mode; and games whose Result
 * tag holds no standard result.
 */
#include "harness.h"
#include "syntax/parse.h"
#define TEST_RNG_SEED 0xD1B54A32D192ED03ull
#include "support/fail_alloc.h"
#include "support/rng.h"

#include <stdlib.h>

typedef struct text {
    char data[4096];
    size_t len;
} text;

static void put(text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n < sizeof t->data) {
        memcpy(t->data + t->len, s, n);
        t->len += n;
    }
}

static void put_char(text *t, char c)
{
    if (t->len + 1 < sizeof t->data)
        t->data[t->len++] = c;
}

/* A number of one or two digits, now and then with a leading zero, zero,
 * or three digits. */
static void put_number(text *t, unsigned max)
{
    char b[8];
    unsigned k = rnd(20);
    if (k == 0)
        snprintf(b, sizeof b, "0%u", rnd(10));
    else if (k == 1)
        snprintf(b, sizeof b, "0");
    else if (k == 2)
        snprintf(b, sizeof b, "%u", 100 + rnd(900));
    else
        snprintf(b, sizeof b, "%u", 1 + rnd(max));
    put(t, b);
}

static char separator(void)
{
    static const char seps[] = "-x:X-x-";
    return seps[rnd(sizeof seps - 1)];
}

static void put_alpha(text *t)
{
    unsigned k = rnd(12);
    char f = k == 0   ? (char)('A' + rnd(16))
             : k == 1 ? (char)('a' + rnd(26))
                      : (char)('a' + rnd(10));
    put_char(t, f);
    unsigned r = rnd(10) == 0 ? rnd(20) : 1 + rnd(9);
    char b[8];
    snprintf(b, sizeof b, "%u", r);
    put(t, b);
}

/* One token the loop may meet. */
static void put_token(text *t)
{
    static const char *const odd[] = {
        "1-1",
        "1-0",
        "0-1",
        "2-0",
        "0-2",
        "1/2-1/2",
        "*",
        "!",
        "?!",
        "(",
        ")",
        "{c}",
        "$1",
        "- -",
        "--",
        "...",
        "\xE2\x80\xA6",
        "32-28!",
        "<42,29>",
        "x14",
        "X14",
        "-14",
        ":14",
        "3228",
        "32x",
        "32-2-",
        "1.32-28",
        "1..",
        "1....",
        "12..",
        ".",
        "a",
        "K",
        "5-",
        "-5",
        "32 - 28",
        "32x23x",
        "e3:c5:a3",
        "a1b2",
        "h8-g7!",
        "05.",
        "0.",
        "9...",
        "99...",
    };
    unsigned k = rnd(16);
    if (k < 5) { /* a numeric move of two squares, now and then more */
        char sep = separator();
        put_number(t, 50);
        put_char(t, sep);
        put_number(t, 50);
        if (rnd(10) == 0) {
            put_char(t, rnd(4) ? sep : separator());
            put_number(t, 50);
        }
    } else if (k < 7) { /* an algebraic move */
        char sep = separator();
        put_alpha(t);
        put_char(t, sep);
        put_alpha(t);
        if (rnd(10) == 0) {
            put_char(t, rnd(4) ? sep : separator());
            put_alpha(t);
        }
    } else if (k < 11) { /* a move number */
        put_number(t, 99);
        put(t, rnd(4) ? "." : "...");
    } else if (k < 13) { /* two squares of one or two digits, exactly */
        char b[16];
        snprintf(b, sizeof b, "%u%c%u", 1 + rnd(99), separator(), 1 + rnd(99));
        put(t, b);
    } else {
        put(t, odd[rnd(sizeof odd / sizeof odd[0])]);
    }
}

static void put_gap(text *t)
{
    static const char *const gaps[] = {" ",  " ",  " ",  " ",   " ", "\n",  "\r\n",
                                       "\t", "  ", "\r", " \n", "",  "\n\n"};
    put(t, rnd(5) ? " " : gaps[rnd(sizeof gaps / sizeof gaps[0])]);
}

static void random_game(text *t)
{
    static const char *const headers[] = {
        "",
        "[GameType \"20\"]\n",
        "[GameType \"21\"]\n",
        "[GameType \"25\"]\n",
        "[GameType \"31\"]\n",
        "[GameType \"20\"]\n[Result \"4-6\"]\n",
        "[Event \"x\"]\n",
        "[GameType \"20,W,10,10,A0,0\"]\n",
        "[GameType \"21,B,8,8,N1,0\"]\n",
    };
    t->len = 0;
    put(t, headers[rnd(sizeof headers / sizeof headers[0])]);
    if (rnd(4) == 0)
        put(t, "\n");
    unsigned n = 10 + rnd(150);
    for (unsigned i = 0; i < n; i++) {
        put_token(t);
        put_gap(t);
    }
    if (rnd(2))
        put(t, "*\n");
}

/* The game's arrays, field by field (padding left out). */
static int same_nodes(const struct pdn_game *a, const struct pdn_game *b)
{
    if (a->nodes.len != b->nodes.len)
        return 0;
    const struct pdn_node *x = a->nodes.data, *y = b->nodes.data;
    for (size_t i = 0; i < a->nodes.len; i++) {
        if (x[i].game != a || y[i].game != b || x[i].kind != y[i].kind || x[i].sub != y[i].sub ||
            x[i].attach != y[i].attach || x[i].parent != y[i].parent || x[i].next != y[i].next ||
            x[i].prev != y[i].prev || x[i].first != y[i].first || x[i].last != y[i].last ||
            x[i].offset != y[i].offset || x[i].length != y[i].length || x[i].a != y[i].a ||
            x[i].b != y[i].b) {
            fprintf(stderr, "    node %zu differs\n", i);
            return 0;
        }
    }
    return 1;
}

static int same_moves(const struct pdn_game *a, const struct pdn_game *b)
{
    if (a->moves.len != b->moves.len || a->squares.len != b->squares.len)
        return 0;
    const pdn_move_rec *x = a->moves.data, *y = b->moves.data;
    for (size_t i = 0; i < a->moves.len; i++) {
        if (x[i].number != y[i].number || x[i].squares != y[i].squares ||
            x[i].captured != y[i].captured || x[i].str_off != y[i].str_off ||
            x[i].san_off != y[i].san_off || x[i].square_count != y[i].square_count ||
            x[i].captured_count != y[i].captured_count || x[i].str_len != y[i].str_len ||
            x[i].san_len != y[i].san_len || x[i].kind != y[i].kind || x[i].sep != y[i].sep ||
            x[i].number_kind != y[i].number_kind || x[i].has_captured != y[i].has_captured) {
            fprintf(stderr, "    move %zu differs\n", i);
            return 0;
        }
    }
    return a->squares.len == 0 ||
           memcmp(a->squares.data, b->squares.data, a->squares.len * sizeof(pdn_square)) == 0;
}

static int same_diags(const struct pdn_game *a, const struct pdn_game *b)
{
    if (a->diags.len != b->diags.len)
        return 0;
    const pdn_diag *x = a->diags.data, *y = b->diags.data;
    for (size_t i = 0; i < a->diags.len; i++)
        if (x[i].code != y[i].code || x[i].severity != y[i].severity ||
            x[i].offset != y[i].offset || x[i].length != y[i].length ||
            x[i].related != y[i].related || x[i].arg != y[i].arg)
            return 0;
    return 1;
}

/* The reading mode of same_both_ways(), which decides whether a
 * diagnostic is recorded at all. */
static pdn_mode mode = PDN_MODE_LIBERAL;

/* Parses every game of s both ways; the trees must agree. */
static int same_both_ways(const char *s, size_t len, int default_gametype, int *fast_moves)
{
    size_t at = 0;
    int ok = 1;
    while (ok && at <= len) {
        struct pdn_game g[2];
        pdn_parse_out po[2];
        for (int way = 0; way < 2; way++) {
            pdn_game__init(&g[way], pdn_alloc__resolve(NULL));
            pdn_parse_in in = {.text = s + at,
                               .len = len - at,
                               .mode = mode,
                               .default_gametype = default_gametype,
                               .general_only = way == 1};
            pdn_parse__game(&g[way], &in, &po[way]);
        }
        /* The loop counts the room it has in nodes (see enough_room): its
         * arrays must not have run past what they hold. */
        ok = g[0].nodes.len <= g[0].nodes.cap && g[0].moves.len <= g[0].moves.cap &&
             g[0].squares.len <= g[0].squares.cap;
        ok = ok && !po[0].nomem && !po[1].nomem && po[0].end == po[1].end &&
             po[0].empty == po[1].empty && po[0].ran_out == po[1].ran_out &&
             po[0].by_header == po[1].by_header && g[0].gametype == g[1].gametype &&
             g[0].term_kind == g[1].term_kind && g[0].term_off == g[1].term_off &&
             g[0].term_len == g[1].term_len && same_nodes(&g[0], &g[1]) &&
             same_moves(&g[0], &g[1]) && same_diags(&g[0], &g[1]);
        *fast_moves += (int)g[0].moves.len;
        bool done = po[0].empty || po[0].end == 0 || po[0].ran_out;
        at += po[0].end;
        pdn_game__release(&g[0]);
        pdn_game__release(&g[1]);
        if (done)
            break;
    }
    if (!ok)
        fprintf(stderr, "    input: \"%.*s\"\n", (int)len, s);
    return ok;
}

static void test_parse_fastrun__random(void)
{
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 20000 && failed < 3; k++) {
        random_game(&t);
        int dflt = k % 5 == 0 ? 20 : k % 7 == 0 ? 25 : -1;
        if (!CHECK(same_both_ways(t.data, t.len, dflt, &moves)))
            failed++;
    }
    /* The texts are mostly moves: the loop must have had work. */
    CHECK(moves > 100000);
}

/* Plain runs of the commonest shapes, long enough for many windows, with
 * each kind of gap: every token is the loop's. */
static void test_parse_fastrun__plain(void)
{
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 3000 && failed < 3; k++) {
        t.len = 0;
        put(&t, k % 2 ? "[GameType \"20\"]\n\n" : "");
        unsigned n = 1 + rnd(120);
        for (unsigned i = 1; i <= n; i++) {
            char b[64];
            unsigned a = 1 + rnd(50), c = 1 + rnd(50);
            if (k % 3 == 0)
                snprintf(b, sizeof b, "%u. %c%u-%c%u %c%u%c%c%u", i, 'a' + rnd(8), 1 + rnd(8),
                         'a' + rnd(8), 1 + rnd(8), 'a' + rnd(8), 1 + rnd(8), rnd(3) ? '-' : 'x',
                         'a' + rnd(8), 1 + rnd(8));
            else if (rnd(8) == 0)
                snprintf(b, sizeof b, "%u... %u%c%u", i, a, rnd(3) ? '-' : 'x', c);
            else
                snprintf(b, sizeof b, "%u. %u-%u %ux%u", i, a, c, c, a);
            put(&t, b);
            put(&t, rnd(6) ? " " : rnd(2) ? "\n" : "\r\n");
        }
        put(&t, rnd(2) ? "*" : "2-0");
        if (!CHECK(same_both_ways(t.data, t.len, -1, &moves)))
            failed++;
    }
    CHECK(moves > 100000);
}

/* Runs of the commonest shapes with, at a random token, one that makes the
 * general parser read on from the token before ("32x23 x14", "47x36
 * <42,29>", "1. ...") or stops the run (a lone CR, a result, a long move
 * number), so that the loop's stops fall at every place in a window and
 * after every kind of token, and move numbers wait where a run ends. */
static void test_parse_fastrun__stops(void)
{
    static const char *const stops[] = {
        "x14",   "X14",   "-14",   ":14",    "<42,29>", "...",   "\xE2\x80\xA6", "*",    "2-0",
        "1-1",   "123.",  "1234.", "100...", "7.",      "07.",   "\r",           "\r ",  "0",
        "05-10", "12.\r", "{c}",   "!",      "a1-b2",   "c3:e5", "32-28x",       "9...",
    };
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 6000 && failed < 3; k++) {
        t.len = 0;
        put(&t, k % 3 == 0 ? "[GameType \"25\"]\n" : k % 3 == 1 ? "[GameType \"20\"]\n" : "");
        unsigned n = 1 + rnd(40), at = rnd(3 * n + 1), tok = 0;
        for (unsigned i = 1; i <= n; i++) {
            char b[64];
            for (unsigned j = 0; j < 3; j++, tok++) {
                if (tok == at) {
                    put(&t, stops[rnd(sizeof stops / sizeof stops[0])]);
                    put(&t, rnd(3) ? " " : "");
                }
                if (j == 0)
                    snprintf(b, sizeof b, rnd(6) ? "%u." : "%u...", rnd(8) ? i : 100 + i);
                else if (k % 4 == 3)
                    snprintf(b, sizeof b, "%c%u%c%c%u", 'a' + rnd(8), 1 + rnd(8), "----x:"[rnd(6)],
                             'a' + rnd(8), 1 + rnd(8));
                else
                    snprintf(b, sizeof b, "%u%c%u", 1 + rnd(50), rnd(3) ? '-' : 'x', 1 + rnd(50));
                put(&t, b);
                put(&t, rnd(8) ? " " : rnd(2) ? "\n" : "\r\n");
            }
        }
        put(&t, rnd(2) ? "*" : "2-0");
        if (!CHECK(same_both_ways(t.data, t.len, -1, &moves)))
            failed++;
    }
    CHECK(moves > 100000);
}

/* Tokens at the end of the text, where the loop reads a padded copy. */
static void test_parse_fastrun__edges(void)
{
    static const char *const cases[] = {
        "1. 32-28",
        "1. 32-28 ",
        "1. 32-28 19-23 2.",
        "1. 32-28 19-23 2. 28x19 14x23 3. 33-28 1-1",
        "1. 32-28 19-23 2. 28x19 14x23 3. 33-28 1-0",
        "[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4:f6 g7:e5 3. a3-b4 e5-f4 *",
        "[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4xf6 g7xe5 3. a3-b4 e5-f4 *",
        "[GameType \"20\"]\n1. c3-d4 f6-g5 2. 32-28 19-23 *",
        "[GameType \"31\"]\n1. 32-28 19-23 2. 28-19 14-23 3. 33-28-19 *",
        "1. 32-28 19-23 2. 28x19 14x23 3. 32x23 X14 4. 33-28 28-22 5. 22-17 *",
        "1. 32-28 19-23 2. 28x19 14x23 3. 47x36 <42,29> 4. 33-28 28-22 *",
        "1. 32-28 19-23 2. 28x19 14x23 3. ... 9-14 4. 33-28 28-22 5. 22-17 *",
        "1. 32-28 19-23 2. 28x19 14x23 3. \xE2\x80\xA6 9-14 4. 33-28 28-22 5. 22-17 *",
        "1. 32-28 19-23 2. 28x19 14x23\r3. 33-28 9-14 4. 28-22 17-21 *",
        "1. 32-28 19-23 2. 28x19 14x23 3. 33-28 9-14 4. 28-22 17-21 5. 31-27 21-26 6. 37-31 "
        "12-17 7. 41-37 7-12 8. 46-41 1-7 9. 42-38 17-21 10. 47-42 11-17 *",
        "1. 32-28 19-23 2. 28x19 14x23 3. 33-28 9-14 4. 28-22 17-21 5. 31-27 21-26 6. 37-31 "
        "12-17 7. 41-37 07-12 8. 46-41 1-7 9. 42-38 17-21 10. 47-42 11-17 *",
        "1. 32-28 19-23 2. 28x19 14x23 3. 33-28 9-14 4. 28-22 17-21 5. 31-27 21-26 6. 37-31 "
        "12-17 7. 41-37 7-12 8. 46-41 1-7 9. 42-38 17-21 100. 47-42 11-17 *",
    };
    int moves = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK(same_both_ways(cases[i], strlen(cases[i]), -1, &moves));
}

/* Runs of every shape the loop reads without a loop, under each GameType,
 * that stop where a move number the run read still waits for its move:
 * the number goes back to the general parser with its place and length,
 * found from where the run stopped over every kind of white space, and a
 * number that waited before the run ("1. {c} 32-28") stays the parser's. */
static void test_parse_fastrun__waiting(void)
{
    static const char *const gaps[] = {" ",    "  ",    "\t",          "\n",
                                       "\r\n", " \r\n", "\r\n\r\n\t ", "\n \n"};
    static const char *const stops[] = {"{c}",    "...", "\xE2\x80\xA6", "*",    "2-0", "1-1", "!",
                                        "$1",     "(",   "12.",          "7...", "\r",  "0-1", "a",
                                        "32-28-", "x14", "05-10",        "123."};
    static const char *const headers[] = {"",
                                          "[GameType \"20\"]\n",
                                          "[GameType \"21\"]\n",
                                          "[GameType \"25\"]\n",
                                          "[GameType \"31\"]\n",
                                          "[GameType \"30\"]\n"};
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 8000 && failed < 3; k++) {
        t.len = 0;
        put(&t, headers[rnd(sizeof headers / sizeof headers[0])]);
        if (rnd(4) == 0)
            put(&t, "1. {c} ");
        unsigned n = rnd(30), i = 1;
        for (; i <= n; i++) {
            char b[64];
            /* Squares of one and two digits in every order, and algebraic
             * ones, with each separator. */
            const char sep = "-x:"[rnd(3)];
            if (rnd(6) == 0)
                snprintf(b, sizeof b, "%u%s %c%u%c%c%u %c%u%c%c%u", i, rnd(5) ? "." : "...",
                         'a' + rnd(8), 1 + rnd(8), sep, 'a' + rnd(8), 1 + rnd(8), 'a' + rnd(8),
                         1 + rnd(8), sep, 'a' + rnd(8), 1 + rnd(8));
            else
                snprintf(b, sizeof b, "%u%s %u%c%u %u%c%u", i, rnd(5) ? "." : "...",
                         rnd(2) ? 1 + rnd(9) : 10 + rnd(40), sep,
                         rnd(2) ? 1 + rnd(9) : 10 + rnd(40), 1 + rnd(50), sep, 1 + rnd(50));
            put(&t, b);
            put(&t, gaps[rnd(sizeof gaps / sizeof gaps[0])]);
        }
        char b[16];
        snprintf(b, sizeof b, "%u%s", rnd(8) ? i : rnd(100), rnd(3) ? "." : "...");
        put(&t, b);
        put(&t, gaps[rnd(sizeof gaps / sizeof gaps[0])]);
        put(&t, stops[rnd(sizeof stops / sizeof stops[0])]);
        put(&t, rnd(2) ? " 32-28 *" : "");
        if (!CHECK(same_both_ways(t.data, t.len, rnd(3) ? -1 : 20, &moves)))
            failed++;
    }
    CHECK(moves > 50000);
}

/* Squares and numbers with a '0' as their second digit ("10.", "30-25",
 * "20-40-10"), which the loop tells from a leading zero by the digit
 * before it: each such place gets '0' or now and then a byte that is no
 * digit 1-9 ('.', ':', 'x', '-', '/', 'a', a space, a CR, a high byte), in
 * tokens of every length among runs of plain moves and numbers. */
static void test_parse_fastrun__zeros(void)
{
    static const char *const shapes[] = {
        "#0.",   "#0...", "#-#0", "#0-#",  "#0-##", "##-#0",  "#0-#0",    "#0x#0",
        "#0:#0", "#0x##", "#:#0", "#0.##", "#0..",  "#0....", "#0-#0-#0",
    };
    static const char odd[] = ".:x-/a 0\r\xB0";
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 6000 && failed < 3; k++) {
        t.len = 0;
        put(&t, k % 3 == 0 ? "[GameType \"25\"]\n" : k % 3 == 1 ? "[GameType \"20\"]\n" : "");
        unsigned n = 1 + rnd(60);
        for (unsigned i = 1; i <= n; i++) {
            if (rnd(3) == 0) {
                /* '#' is a digit 1-9, '0' a '0' or now and then anything. */
                for (const char *c = shapes[rnd(sizeof shapes / sizeof shapes[0])]; *c; c++)
                    put_char(&t, *c == '#'   ? (char)('1' + rnd(9))
                                 : *c == '0' ? (rnd(3) ? '0' : odd[rnd(sizeof odd - 1)])
                                             : *c);
            } else {
                char b[32];
                if (rnd(3))
                    snprintf(b, sizeof b, "%u.", i);
                else
                    snprintf(b, sizeof b, "%u-%u", 1 + rnd(50), 1 + rnd(50));
                put(&t, b);
            }
            put(&t, rnd(8) ? " " : rnd(2) ? "\n" : "\r\n");
        }
        put(&t, rnd(2) ? "*" : "2-0");
        if (!CHECK(same_both_ways(t.data, t.len, -1, &moves)))
            failed++;
    }
    CHECK(moves > 20000);
}

/* One of the n texts, or (three times in four) a random move number when
 * `number`, else a random move of two numeric squares. */
static void put_some(text *t, bool number, const char *const *texts, unsigned n)
{
    char b[16];
    if (!rnd(4)) {
        put(t, texts[rnd(n)]);
        return;
    }
    if (number)
        snprintf(b, sizeof b, "%u.", 1 + (rnd(4) ? rnd(99) : rnd(9)));
    else
        snprintf(b, sizeof b, "%u%c%u", 1 + rnd(50), "-x-"[rnd(3)], 1 + rnd(50));
    put(t, b);
}

/* Move numbers and the token after them with one byte of white space
 * between ("12. 32-28", "1.\tc3-d4"), which the loop takes as one token,
 * against their near misses: two bytes of white space, a lone CR, a byte
 * other than the dot ("12x 14", "5! 9", "32-28x 14"), no digit before the
 * dot ("x. 5", ". 5", "1.. 5"), a second number, a number already waiting,
 * "...", results and comments after the number, each at every place in a
 * window (the text starts after 0 to 70 bytes of white space). */
static void test_parse_fastrun__fused(void)
{
    static const char *const numbers[] = {
        "1.",  "9.", "12.", "47.", "10.", "99.", "100.",   "0.", "05.",  "7...",
        "12x", "5!", "x.",  ".",   "1..", "2-",  "32-28x", "a.", "12.5", "3.3.",
    };
    static const char *const after[] = {
        "32-28", "5-10", "9x14", "10-5", "1-7", "c3-d4", "a1:b2",  "12.",     "3.",           "...",
        "x14",   "{c}",  "*",    "2-0",  "1-1", "05-10", "32-28!", "<42,29>", "\xE2\x80\xA6", "a",
    };
    static const char *const gaps[] = {" ", " ", " ", "\t", "\n", "\r", "\r\n", "  ", " \n"};
    static const char *const headers[] = {"", "[GameType \"20\"]\n", "[GameType \"25\"]\n",
                                          "[GameType \"21\"]\n"};
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 8000 && failed < 3; k++) {
        t.len = 0;
        put(&t, headers[rnd(sizeof headers / sizeof headers[0])]);
        for (unsigned i = rnd(71); i; i--)
            put_char(&t, rnd(8) ? ' ' : '\n');
        unsigned n = 1 + rnd(40);
        for (unsigned i = 0; i < n; i++) {
            put_some(&t, true, numbers, sizeof numbers / sizeof numbers[0]);
            put(&t, rnd(3) ? " " : gaps[rnd(sizeof gaps / sizeof gaps[0])]);
            put_some(&t, false, after, sizeof after / sizeof after[0]);
            put(&t, rnd(3) ? " " : gaps[rnd(sizeof gaps / sizeof gaps[0])]);
            if (rnd(2)) {
                char b[16];
                snprintf(b, sizeof b, "%u-%u", 1 + rnd(50), 1 + rnd(50));
                put(&t, b);
                put(&t, rnd(3) ? " " : gaps[rnd(sizeof gaps / sizeof gaps[0])]);
            }
        }
        put(&t, rnd(2) ? "*" : "2-0");
        if (!CHECK(same_both_ways(t.data, t.len, rnd(3) ? -1 : 20, &moves)))
            failed++;
    }
    CHECK(moves > 50000);
}

/* Long runs of windows full of captures of many squares ("1x7x12x18x23",
 * read byte by byte) among moves of two squares and move numbers, so that
 * the squares fill faster than the nodes and the arrays grow in the middle
 * of runs: the loop must make room for them as it goes. */
static void test_parse_fastrun__room(void)
{
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 400 && failed < 3; k++) {
        t.len = 0;
        put(&t, k % 2 ? "[GameType \"20\"]\n" : "");
        unsigned n = 1 + rnd(300);
        for (unsigned i = 1; i <= n; i++) {
            char b[16];
            if (rnd(3) == 0) {
                snprintf(b, sizeof b, "%u. ", i);
                put(&t, b);
            }
            snprintf(b, sizeof b, "%u", 1 + rnd(50));
            put(&t, b);
            for (unsigned j = rnd(4) ? 2 + rnd(14) : 1; j; j--) {
                snprintf(b, sizeof b, "x%u", 1 + rnd(50));
                put(&t, b);
            }
            put(&t, rnd(8) ? " " : "\n");
        }
        put(&t, "*");
        if (!CHECK(same_both_ways(t.data, t.len, -1, &moves)))
            failed++;
    }
    CHECK(moves > 20000);
}

/* Writes the i-th token of a generated game into t. */
typedef void (*token_fn)(text *t, unsigned i);

/*
 * Reads 9,000 generated games both ways (same_both_ways()), each in the
 * next reading mode: a GameType tag of 20 (International) or 21 (English),
 * or none, fewer than `blanks` spaces and line breaks, up to 60 tokens of
 * `token` each followed by white space, and a terminator or none.  Returns
 * how many moves the loop took.
 */
static int generated_games(token_fn token, unsigned blanks)
{
    static const pdn_mode modes[] = {PDN_MODE_LIBERAL, PDN_MODE_STANDARD, PDN_MODE_STRICT};
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 9000 && failed < 3; k++) {
        mode = modes[k % 3];
        t.len = 0;
        put(&t, k % 4 == 0 ? "[GameType \"20\"]\n" : k % 4 == 1 ? "[GameType \"21\"]\n" : "");
        for (unsigned i = rnd(blanks); i; i--)
            put_char(&t, rnd(8) ? ' ' : '\n');
        unsigned n = 1 + rnd(60);
        for (unsigned i = 1; i <= n; i++) {
            token(&t, i);
            put(&t, rnd(6) ? " " : rnd(2) ? "\n" : rnd(2) ? "\r\n" : "  ");
        }
        put(&t, rnd(3) == 0 ? "" : rnd(2) ? "*" : "2-0");
        if (!CHECK(same_both_ways(t.data, t.len, rnd(3) ? -1 : 20, &moves)))
            failed++;
    }
    mode = PDN_MODE_LIBERAL;
    return moves;
}

/* A token of test_parse_fastrun__leading_zeros: the i-th move number, a
 * move, either with or without leading zeros, or one of the others. */
static void zero_token(text *t, unsigned i)
{
    static const char *const others[] = {
        "00-11",     "0-11",      "06-0",
        "006-11",    "06-110",    "0.",
        "00.",       "01..",      "0123.",
        "01.",       "x17",       "...",
        "<12,17>",   "06-11!",    "1.",
        "2.",        "32 - 28",   "c3-d4",
        "0-2",       "01-01",     "1-1",
        "06x",       "{c}",       "06-11x17",
        "0611",      "09-04x13",  "01....",
        "06x11 x17", "10x06 X17", "06x11 <12,17>",
        "07-12 -17", "01. ...",   "01. \xE2\x80\xA6",
    };
    char b[32];
    unsigned r = rnd(10), a = 1 + rnd(50), c = 1 + rnd(50);
    if (r < 3)
        snprintf(b, sizeof b, i < 10 && rnd(2) ? "0%u%s" : "%u%s", i, rnd(5) ? "." : "...");
    else if (r < 6)
        snprintf(b, sizeof b, "%s%u%c%s%u", a < 10 && rnd(2) ? "0" : "", a, rnd(3) ? '-' : 'x',
                 c < 10 && rnd(2) ? "0" : "", c);
    else if (r < 8)
        snprintf(b, sizeof b, "%u-%u", a, c);
    else if (r < 9)
        snprintf(b, sizeof b, "0%ux%ux0%u", 1 + rnd(9), a, 1 + rnd(9));
    else
        snprintf(b, sizeof b, "%s", others[rnd(sizeof others / sizeof others[0])]);
    put(t, b);
}

/* Squares and move numbers written with a leading zero ("06-11", "10-05",
 * "01.", "09..."), which the loop takes with the general parser's report on
 * each such move, among plain moves and numbers, their near misses ("00",
 * "0", three digits) and tokens that bring other reports before and after
 * them (a number without its move, a move with spaces in it, a foreign
 * notation) or make the general parser read on from the move before ("06x11
 * x17", "01. ..."), which the loop leaves to it, in each reading mode. */
static void test_parse_fastrun__leading_zeros(void)
{
    CHECK(generated_games(zero_token, 40) > 50000);
}

/* A token of test_parse_fastrun__spaced: the i-th move number, a move with
 * a space before its second square, a plain move, or one of the others. */
static void spaced_token(text *t, unsigned i)
{
#define TEXT(x)                                                                                    \
    {                                                                                              \
        x, sizeof x - 1                                                                            \
    }
    static const struct {
        const char *s;
        size_t n;
    } others[] = {
        TEXT("2-  7"),    TEXT("2-\t7"),    TEXT("2-\n7"),    TEXT("2-\r\n7"),    TEXT("2- \0007"),
        TEXT("2-\0007"),  TEXT("2- 7x12"),  TEXT("2- 7 x12"), TEXT("2- 7 -12"),   TEXT("2- 7\t-12"),
        TEXT("2- 07"),    TEXT("02- 7"),    TEXT("1- 1"),     TEXT("2- 70"),      TEXT("2- 777"),
        TEXT("2- a"),     TEXT("c3- d4"),   TEXT("2 -7"),     TEXT("2- 7!"),      TEXT("2- 7 <12>"),
        TEXT("2- 7x 12"), TEXT("12x 1x 7"), TEXT("2- 7 X12"), TEXT("2- 7."),      TEXT("9..."),
        TEXT("1."),       TEXT("{c}"),      TEXT("2-"),       TEXT("2- 7 \0x12"),
    };
#undef TEXT
    char b[32];
    unsigned r = rnd(10), a = 1 + rnd(50), c = 1 + rnd(9);
    if (r < 3) {
        snprintf(b, sizeof b, "%u%s", i, rnd(5) ? "." : "...");
        put(t, b);
    } else if (r < 6) {
        snprintf(b, sizeof b, "%u%c %u", a, "-x-:"[rnd(4)], c);
        put(t, b);
    } else if (r < 9) {
        snprintf(b, sizeof b, "%u-%u", a, 1 + rnd(50));
        put(t, b);
    } else {
        const unsigned o = rnd(sizeof others / sizeof others[0]);
        for (size_t u = 0; u < others[o].n; u++)
            put_char(t, others[o].s[u]);
    }
}

/* Moves with one space before their second square ("2- 7", "12x 1"), as
 * files that line squares up in columns write them, which the loop takes
 * with the general parser's report, among plain moves and numbers, against
 * their near misses (two spaces, a tab, a line break, a NUL, a third
 * square, a leading zero, a space elsewhere, a square of three digits, a
 * strength or a move or captured list after them), at every place in a
 * window and in each reading mode. */
static void test_parse_fastrun__spaced(void)
{
    CHECK(generated_games(spaced_token, 70) > 50000);
}

/* Moves with a leading zero whose reports make the game's diagnostics grow
 * in the middle of runs, with each allocation failing once in turn: where
 * the loop cannot record a report it leaves the move to the general parser,
 * so that the game either runs out of memory or comes out as the general
 * parser alone gives it. */
static void test_parse_fastrun__zeros_oom(void)
{
    static text t;
    t.len = 0;
    put(&t, "[GameType \"20\"]\n");
    for (unsigned i = 1; i <= 40; i++) {
        char b[48];
        snprintf(b, sizeof b, "%s%u. 0%u-%u 1%ux0%u ", i < 10 ? "0" : "", i, 1 + i % 9, 10 + i,
                 i % 10, 1 + i % 9);
        put(&t, b);
    }
    put(&t, "*");
    test_fail_alloc f = {0, 0};
    const pdn_allocator failing = {test_fail_realloc, &f};
    int quick_done = 0;
    for (f.fail_at = 1; f.fail_at < 200 && !quick_done; f.fail_at++) {
        struct pdn_game g[2];
        pdn_parse_out po[2];
        for (int way = 0; way < 2; way++) {
            f.calls = 0;
            pdn_game__init(&g[way],
                           way == 0 ? pdn_alloc__resolve(&failing) : pdn_alloc__resolve(NULL));
            pdn_parse_in in = {.text = t.data,
                               .len = t.len,
                               .mode = PDN_MODE_LIBERAL,
                               .default_gametype = -1,
                               .general_only = way == 1};
            pdn_parse__game(&g[way], &in, &po[way]);
            if (way == 0)
                quick_done = f.calls < f.fail_at;
        }
        CHECK(po[0].nomem || (po[0].end == po[1].end && same_nodes(&g[0], &g[1]) &&
                              same_moves(&g[0], &g[1]) && same_diags(&g[0], &g[1])));
        pdn_game__release(&g[0]);
        pdn_game__release(&g[1]);
    }
    CHECK(quick_done);
}

/* Games whose Result tag holds no standard result, which ends the game
 * where it stands before the next game's tags or the end of the text and
 * is read as a move (or a number) anywhere else: runs of plain moves among
 * which the value stands now and then, with or without white space before
 * a '[' (the next game's tags, a '[' in a comment, one glued to a move),
 * several games a text. */
static void test_parse_fastrun__odd_result(void)
{
    static const char *const results[] = {"4-6", "1-9", "32-28", "12.", "7x9", "c3-d4", "5"};
    static const char *const gaps[] = {" ", " ", "  ", "\n", "\r\n", "\n\n", "\t", ""};
    static const char *const headers[] = {"", "[GameType \"20\"]\n", "[GameType \"25\"]\n"};
    static text t;
    int failed = 0, moves = 0;
    for (int k = 0; k < 6000 && failed < 3; k++) {
        t.len = 0;
        for (unsigned games = 1 + rnd(3); games; games--) {
            const char *const v = results[rnd(sizeof results / sizeof results[0])];
            put(&t, headers[rnd(sizeof headers / sizeof headers[0])]);
            put(&t, "[Result \"");
            put(&t, v);
            put(&t, rnd(4) ? "\"]\n" : " \"]\n");
            if (rnd(3))
                put(&t, "\n");
            unsigned n = rnd(40);
            for (unsigned i = 1; i <= n; i++) {
                char b[32];
                unsigned r = rnd(12);
                if (r == 0)
                    put(&t, v);
                else if (r == 1)
                    put(&t, rnd(2) ? "{a [b] c}" : "[");
                else if (r == 2)
                    snprintf(b, sizeof b, "%u...", i);
                else if (r < 6)
                    snprintf(b, sizeof b, "%u.", i);
                else if (r < 8)
                    snprintf(b, sizeof b, "%c%u-%c%u", 'a' + rnd(8), 1 + rnd(8), 'a' + rnd(8),
                             1 + rnd(8));
                else
                    snprintf(b, sizeof b, "%u%c%u", 1 + rnd(50), rnd(3) ? '-' : 'x', 1 + rnd(50));
                if (r > 1)
                    put(&t, b);
                put(&t, rnd(6) ? " " : gaps[rnd(sizeof gaps / sizeof gaps[0])]);
            }
            if (rnd(4))
                put(&t, rnd(4) ? v : results[rnd(sizeof results / sizeof results[0])]);
            put(&t, gaps[rnd(sizeof gaps / sizeof gaps[0])]);
        }
        if (!CHECK(same_both_ways(t.data, t.len, rnd(3) ? -1 : 20, &moves)))
            failed++;
    }
    CHECK(moves > 20000);
}

int main(void)
{
    RUN(test_parse_fastrun__room);
    RUN(test_parse_fastrun__fused);
    RUN(test_parse_fastrun__zeros);
    RUN(test_parse_fastrun__edges);
    RUN(test_parse_fastrun__plain);
    RUN(test_parse_fastrun__stops);
    RUN(test_parse_fastrun__waiting);
    RUN(test_parse_fastrun__random);
    RUN(test_parse_fastrun__odd_result);
    RUN(test_parse_fastrun__leading_zeros);
    RUN(test_parse_fastrun__zeros_oom);
    RUN(test_parse_fastrun__spaced);
    return harness_report();
}
