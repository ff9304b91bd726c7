/* SPDX-License-Identifier: MIT */
/*
 * test_fast_san.c - the chess movetext loop (src/syntax/fast_san.c) must
 * build exactly the tree the general parser alone builds.  Each text is
 * parsed both ways and the games compared record by record (nodes, moves,
 * diagnostics, the pending move number, where the game ends): every token
 * of up to four bytes over the bytes SAN is made of, random longer ones,
 * and random movetexts whose white space puts tokens across the loop's
 * 64-byte windows.
 */
#include "harness.h"
#include "support/append.h"
#include "support/rng.h"
#include "support/san_samples.h"
#include "syntax/parse.h"

typedef struct parsed {
    struct pdn_game g;
    pdn_parse_out po;
} parsed;

static void parse(parsed *r, const char *s, size_t len, bool general_only)
{
    pdn_game__init(&r->g, pdn_alloc__resolve(NULL));
    pdn_parse_in in = {.text = s,
                       .len = len,
                       .mode = PDN_MODE_LIBERAL,
                       .default_gametype = 0,
                       .general_only = general_only};
    pdn_parse__game(&r->g, &in, &r->po);
}

#define SAME(field)                                                                                \
    if (a->field != b->field) {                                                                    \
        fprintf(stderr, "    %s %zu differs: %lld, general %lld\n", #field, i,                     \
                (long long)a->field, (long long)b->field);                                         \
        return false;                                                                              \
    }

/* Every record of the two games, field by field. */
static bool same_games(const parsed *x, const parsed *y)
{
    const struct pdn_game *gx = &x->g, *gy = &y->g;
    size_t i = 0;
    if (x->po.end != y->po.end || x->po.empty != y->po.empty || x->po.nomem || y->po.nomem ||
        gx->nodes.len != gy->nodes.len || gx->moves.len != gy->moves.len ||
        gx->diags.len != gy->diags.len || gx->squares.len != gy->squares.len ||
        gx->term_kind != gy->term_kind || gx->term_off != gy->term_off) {
        fprintf(stderr, "    end %zu/%zu nodes %zu/%zu moves %zu/%zu diags %zu/%zu\n", x->po.end,
                y->po.end, gx->nodes.len, gy->nodes.len, gx->moves.len, gy->moves.len,
                gx->diags.len, gy->diags.len);
        return false;
    }
    for (i = 0; i < gx->nodes.len; i++) {
        const struct pdn_node *a = (const struct pdn_node *)gx->nodes.data + i,
                              *b = (const struct pdn_node *)gy->nodes.data + i;
        SAME(kind)
        SAME(sub)
        SAME(attach)
        SAME(parent)
        SAME(next) SAME(prev) SAME(first) SAME(last) SAME(offset) SAME(length) SAME(a) SAME(b)
    }
    for (i = 0; i < gx->moves.len; i++) {
        const pdn_move_rec *a = (const pdn_move_rec *)gx->moves.data + i,
                           *b = (const pdn_move_rec *)gy->moves.data + i;
        SAME(number)
        SAME(squares)
        SAME(captured)
        SAME(str_off)
        SAME(san_off)
        SAME(square_count) SAME(captured_count) SAME(str_len) SAME(san_len) SAME(kind) SAME(sep)
            SAME(number_kind) SAME(has_captured)
    }
    for (i = 0; i < gx->diags.len; i++) {
        const pdn_diag *a = (const pdn_diag *)gx->diags.data + i,
                       *b = (const pdn_diag *)gy->diags.data + i;
        SAME(code) SAME(severity) SAME(offset) SAME(length) SAME(related) SAME(arg)
    }
    return true;
}

/* The text parsed both ways gives the same game; how many moves the loop
 * could have taken is no concern here. */
static int same_both_ways(const char *s, size_t len)
{
    parsed quick, general;
    parse(&quick, s, len, false);
    parse(&general, s, len, true);
    bool same = same_games(&quick, &general);
    if (!same)
        fprintf(stderr, "    input: \"%.*s\"\n", (int)(len < 400 ? len : 400), s);
    pdn_game__release(&quick.g);
    pdn_game__release(&general.g);
    return same;
}

/* Moves the loop takes, so that the token under test sits inside a run
 * with enough text after it (the loop leaves the last 80 bytes alone). */
static const char *const FILLER = " Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 "
                                  "8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *\n";

/* Every token of one to four bytes over the bytes of SAN and of what is
 * near it, after a move number and after a move. */
static void test_fast_san__short_tokens(void)
{
    static const char alphabet[] = "aehx18NKQB=O-+#0!9.";
    const size_t k = sizeof alphabet - 1;
    int failed = 0;
    char buf[512];
    for (size_t len = 1; len <= 4 && failed < 5; len++) {
        size_t count = 1;
        for (size_t i = 0; i < len; i++)
            count *= k;
        for (size_t code = 0; code < count && failed < 5; code++) {
            char tok[8];
            size_t c = code;
            for (size_t i = 0; i < len; i++, c /= k)
                tok[i] = alphabet[c % k];
            tok[len] = 0;
            for (int where = 0; where < 3; where++) {
                const char *pre = where == 0   ? "1. e4 "
                                  : where == 1 ? "1. e4 e5 2. "
                                               : "1. e4 e5 2.";
                int n = snprintf(buf, sizeof buf, "%s%s%s", pre, tok, FILLER);
                if (!CHECK(same_both_ways(buf, (size_t)n)))
                    failed++;
            }
        }
    }
}

/* Pieces of tokens: mostly the parts of standard SAN, sometimes a byte
 * that spoils them. */
static const char *const pieces[] = {
    "N",  "B",   "R", "Q", "K", "a", "e", "h", "1", "4", "8",  "x", "=", "+",  "#",           "O-O",
    "-O", "0-0", "!", "?", "9", "0", "P", "C", "k", ".", "..", "(", ")", "$1", "\xE2\x80\xA6"};

static void random_token(test_text *t)
{
    char tok[64] = "";
    unsigned parts = 1 + rnd(6);
    for (unsigned i = 0; i < parts; i++) {
        unsigned k = rnd(4) ? rnd(17) : rnd((unsigned)(sizeof pieces / sizeof pieces[0]));
        strcat(tok, pieces[k]);
    }
    test_puts(t, tok);
}

/* Tokens of five to nine bytes, where the loop reads eight bytes of a
 * move's shape. */
static void test_fast_san__long_tokens(void)
{
    int failed = 0;
    for (int k = 0; k < 40000 && failed < 5; k++) {
        test_text t = {0};
        test_puts(&t, rnd(2) ? "1. e4 " : "1. e4 e5 2.");
        random_token(&t);
        test_puts(&t, FILLER);
        if (!CHECK(same_both_ways(t.buf, t.len)))
            failed++;
        free(t.buf);
    }
}

/* What the loop takes, what stops it and what looks like either. */
static const char *const tokens[] = {
    TEST_SAN_SAMPLES,
    "e8Q",
    "0-0",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "!",
    "?",
    "(",
    ")",
    "{c}",
    "$1",
    "--",
    "e8=K",
    "exd8=K",
    "e4++",
    "Nf3+#",
    "e2-e4",
    "Ng1-f3",
    "e7e8q",
    "Pe4",
    "Qa1b2c3d4",
    "N@f3",
    "Kxe2",
    "a7a8",
    "Bxc6",
    "dxc6",
    "Rfd1",
    "h8=N",
    "O-O+",
    "Nf3+-",
    "e4!?",
    "...",
    "1...",
    "12345.",
    "1234.",
    "99.",
    "1....",
    "1..",
    "10.Nf3",
    "7...O-O",
    "\xE2\x80\xA6",
    "{a\nb}",
    "{",
    "}",
    "{[%clk 0:01]}",
    "{c}e4",
    "e4{c}",
    "{c}{d}",
    "{}",
    "{x}}",
    "{a comment long enough to run over one of the windows of the loop, sixty-four bytes}",
    "( {c} e4 )",
    "1. {c}",
    "1... {c} e5",
    "%x\n",
    ";x\n",
    "[Event \"x\"]",
    "e4)",
    "(e4",
    "1.(e4)",
    "Nf3!"};

static const char *const gaps[] = {" ", " ",  " ",  " ",   "\n",   "\r\n",     "\t",
                                   "",  "  ", "\r", " \n", "\n\n", "    \t  ", " \r\n "};

static void random_game(test_text *t)
{
    /* Also Result tags with values of their own, which end the game where
     * they come before the next game's tags. */
    static const char *const headers[] = {"[Event \"x\"]\n[GameType \"0\"]\n\n",
                                          "",
                                          "[White \"a\"]\n\n",
                                          "[Result \"1/2\"]\n\n",
                                          "[Result \"12.\"]\n\n",
                                          "[Result \"1. e4\"]\n\n",
                                          "[Result \"9...\"]\n\n",
                                          "[Result \"1.e4\"]\n\n"};
    static const char *const odd_ends[] = {"1/2", "12.", "1. e4", "9...", "1.e4"};
    unsigned h = rnd(8);
    test_puts(t, headers[h]);
    unsigned n = 20 + rnd(300);
    for (unsigned i = 0; i < n; i++) {
        /* Mostly what the loop takes, so that it runs long before a stop. */
        unsigned k = rnd(5) ? rnd(22) : rnd((unsigned)(sizeof tokens / sizeof tokens[0]));
        if (rnd(40) == 0) {
            random_token(t);
        } else if (rnd(60) == 0) {
            /* White space long enough to cover a window. */
            for (unsigned j = 40 + rnd(100); j > 0; j--)
                test_puts(t, rnd(8) ? " " : "\n");
        } else {
            test_puts(t, tokens[k]);
        }
        test_puts(t, rnd(5) ? " " : gaps[rnd((unsigned)(sizeof gaps / sizeof gaps[0]))]);
    }
    if (h >= 3 && rnd(2)) {
        test_puts(t, odd_ends[h - 3]);
        test_puts(t, "\n\n[Event \"next\"]\n\n1. e4 *\n");
    } else if (rnd(2)) {
        test_puts(t, "*\n");
    }
}

static void test_fast_san__random(void)
{
    int failed = 0;
    for (int k = 0; k < 4000 && failed < 3; k++) {
        test_text t = {0};
        random_game(&t);
        /* Also every length of the end of the text. */
        size_t len = rnd(4) ? t.len : t.len - rnd((unsigned)(t.len < 100 ? t.len : 100));
        if (!CHECK(same_both_ways(t.buf, len)))
            failed++;
        free(t.buf);
    }
}

/* Cases the loop must leave alone, or take with care, each once. */
static void test_fast_san__edges(void)
{
    static const char *const cases[] = {
        /* A move number the general parser read, waiting for its move. */
        "1. {c} e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 *",
        /* "1. ..." and "1. …" are Black's numbers. */
        "1. e4 e5 2. ... Nf3 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *",
        "1. e4 e5 2. \xE2\x80\xA6 Nf3 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 *",
        "1. e4 e5 2.\n... Nf3 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *",
        /* ... also when no move follows, and the number is reported. */
        "1. e4 e5 2. ... {c} 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *",
        "1. e4 e5 2. \xE2\x80\xA6 *                                                          \n",
        /* A CR that is no line break, after a move and in white space. */
        "1. e4 e5 2. Nf3\rNc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *",
        "1. e4 e5 2. Nf3 \r Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *",
        /* Two numbers in a row, a number with a bad move glued to it. */
        "1. e4 e5 2. 3. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 *",
        "1. e4 e5 2.Nf3x Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *",
        /* Promotion to a king; check marks. */
        "1. e8=K e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 *",
        "1. e4+ e5# 2. Nf3++ Nc6+#+ 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *",
        /* A token longer than a window. */
        "1. e4 e5 2. Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3 a6 "
        "4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK(same_both_ways(cases[i], strlen(cases[i])));
}

/* Brace comments of every length up to past three windows, with the byte
 * that ends one early, one that makes it the general parser's (a command)
 * or others at every place, the comment last in the text, and the text
 * cut short inside it, where the general parser reports it unclosed. */
static void test_fast_san__comments(void)
{
    static const char *const marks[] = {"}", "[%clk 0:01]", "[", "{", "\n"};
    int failed = 0;
    for (size_t len = 0; len <= 200 && failed < 5; len++) {
        for (size_t at = 0; at <= len && failed < 5; at += 1 + (at >= 20) * 6) {
            for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
                test_text t = {0};
                /* After a move, and after a move number that waits. */
                static const char *const pre[] = {"1. e4 ", "1. e4 e5 2. Nf3 ", "1. e4 e5 2. "};
                test_puts(&t, pre[rnd(3)]);
                test_puts(&t, "{");
                for (size_t i = 0; i < len; i++)
                    test_puts(&t, i == at ? marks[k] : rnd(8) ? "x" : " ");
                /* Also the comment last in the text, and the text cut
                 * inside the comment or just after it. */
                if (rnd(3)) {
                    test_puts(&t, "} Nc6 ");
                    test_puts(&t, FILLER);
                } else {
                    test_puts(&t, rnd(2) ? "}" : "} ");
                }
                size_t cut = rnd(3) ? t.len : 6 + rnd((unsigned)len + 8);
                if (!CHECK(same_both_ways(t.buf, cut < t.len ? cut : t.len)))
                    failed++;
                free(t.buf);
            }
        }
    }
}

/* Move numbers of one to five digits, white and black, alone or glued to
 * a move, before each kind of token: the loop reads White's numbers of one
 * and two digits by their length alone. */
static void test_fast_san__numbers(void)
{
    static const char *const nums[] = {
        "1.",   "9.",    "10.",   "99.",  "100.",   "1000.",    "12345.", "0.",   "01.", "1..",
        "1...", "12...", "1....", "1.e4", "12.Nf3", "12...Nf3", "1a.",    "1.1.", "9x.", "12.."};
    static const char *const after[] = {"Nf3", "e4",  "...", "\xE2\x80\xA6", "{c}",  "1.",
                                        "*",   "1-0", "O-O", "$1",           "(e4)", "Nf3!"};
    int failed = 0;
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        for (size_t j = 0; j < sizeof after / sizeof after[0]; j++)
            for (int where = 0; where < 2; where++) {
                char buf[512];
                int n = snprintf(buf, sizeof buf, "%s%s %s%s", where ? "1. e4 e5 " : "1. e4 ",
                                 nums[i], after[j], FILLER);
                if (!CHECK(same_both_ways(buf, (size_t)n)) && ++failed >= 5)
                    return;
            }
}

/* A run over many windows, during which the game's arrays grow. */
static void test_fast_san__long_run(void)
{
    test_text t = {0};
    for (int i = 1; i <= 60; i++) {
        char b[64];
        snprintf(b, sizeof b, "%d. Nf3 Nc6 %d... exd5+ ", i, i);
        test_puts(&t, b);
    }
    test_puts(&t, "*\n");
    parsed quick;
    parse(&quick, t.buf, t.len, false);
    CHECK_EQ_INT(quick.g.moves.len, 180);
    pdn_game__release(&quick.g);
    CHECK(same_both_ways(t.buf, t.len));
    free(t.buf);
}

/* Moves glued to the ')' that closes their variation ("Nf3)"), which the
 * loop takes out of its way, and tokens that end in ')' but hold no move,
 * after a number or a move, glued to their number, also where no
 * variation is open. */
static void test_fast_san__closing_paren(void)
{
    static const char *const toks[] = {TEST_SAN_SAMPLES,
                                       "e4+",
                                       "Nf3+#",
                                       "e8=Q#",
                                       "exd8=Q+",
                                       "exd8=Q+#",
                                       "O-O-O+",
                                       "Nbd7+",
                                       "Qh4xe1+",
                                       "e8=K",
                                       "Nf3)",
                                       "Nf3(!",
                                       "e8(Q",
                                       "e2-e4",
                                       "0-0",
                                       "1",
                                       "",
                                       "(",
                                       "{c}",
                                       "e4!",
                                       "Pe4",
                                       "--",
                                       "N@f3",
                                       "1-0",
                                       "*"};
    static const char *const pres[] = {
        "1. e4 (1. d4 ", "1. e4 (1. d4 d5 2.",   "1. e4 (1... ", "1. e4 e5 2. Nf3 (2. ",
        "1. e4 e5 2. ",  "1. e4 (1. d4 (1. c4 ", "1. e4 (\n"};
    static const char *const posts[] = {"", ")", " )", "\r\n", "{c}", "\r"};
    int failed = 0;
    char buf[512];
    for (size_t i = 0; i < sizeof toks / sizeof toks[0] && failed < 5; i++)
        for (size_t j = 0; j < sizeof pres / sizeof pres[0]; j++)
            for (size_t k = 0; k < sizeof posts / sizeof posts[0]; k++) {
                int n = snprintf(buf, sizeof buf, "%s%s)%s%s", pres[j], toks[i], posts[k], FILLER);
                if (!CHECK(same_both_ways(buf, (size_t)n)))
                    failed++;
            }
    for (int k = 0; k < 20000 && failed < 5; k++) {
        test_text t = {0};
        test_puts(&t, rnd(2) ? "1. e4 (1. d4 " : "1. e4 (1. d4 d5 2.");
        random_token(&t);
        test_puts(&t, ")");
        test_puts(&t, FILLER);
        if (!CHECK(same_both_ways(t.buf, t.len)))
            failed++;
        free(t.buf);
    }
}

int main(void)
{
    RUN(test_fast_san__edges);
    RUN(test_fast_san__long_run);
    RUN(test_fast_san__comments);
    RUN(test_fast_san__numbers);
    RUN(test_fast_san__short_tokens);
    RUN(test_fast_san__long_tokens);
    RUN(test_fast_san__random);
    RUN(test_fast_san__closing_paren);
    return harness_report();
}
