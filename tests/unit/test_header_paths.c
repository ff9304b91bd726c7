/* SPDX-License-Identifier: MIT */
/*
 * test_header_paths.c - the reader's steps outside the move loop: random
 * games read with the quick paths (the first move number handed to the
 * move loop, blank lines crossed a CRLF at a time) against the general
 * parser, the public tags made in one pass against their records, the
 * date verdicts kept from game to game against each game read alone, and
 * the first Result tag that the end of a game compares its terminator with.
 */
#include "harness.h"
#include "support/append.h"
#include "support/both_ways.h"
#include "support/rng.h"
#include "syntax/parse.h"

#include <stdlib.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* White space as it comes between games and after headers, with the odd
 * bytes the general loop treats on its own (lone CR, NUL, \v, \f). */
static const char *const blanks[] = {
    "",   "\n",     "\r\n",      "\r\n\r\n", "\n\n",   " ",        "\t",
    "\r", "\r\r\n", "\r\n \r\n", "\v\f\n",   "\r\n\t", "\n\r\n\r", "\r\n\r\n\r\n\r\n\r\n\r\n"};

static const char *const names[] = {"Event", "Site",     "Date", "Result", "Result",
                                    "Round", "GameType", "FEN",  "event",  "White"};

static const char *const values[] = {
    "x",  "1-0", "0-1",    "2-0",    "1/2-1/2",    "4-6",        "*", "20",
    "21", "0",   "a\\\"b", "a\\\\b", "two\nlines", "2004.10.27", "",  "W:W31,32:B1,2."};

/* First tokens of a movetext: move numbers of every form, results, moves
 * without a number, and what is no move at all. */
static const char *const firsts[] = {"1.",      "1...",    "12.",   "1. ...", "1. \xE2\x80\xA6",
                                     "0.",      "1-0",     "2-0",   "0-1",    "4-6",
                                     "1/2-1/2", "*",       "32-28", "(",      "{x}",
                                     "$1",      "1.32-28", "1 .",   "01.",    "99999999999.",
                                     "1.\r\n",  "1..",     "7"};

static const char *const moves[] = {" 32-28",   " 19-23", " 28x19", " 14x23",  " 1-7",
                                    "\n",       "\r\n",   " 2.",    " 2...",   " {c}",
                                    " (33-28)", " 1-0",   " *",     " 32-28!", " $3"};

static void random_game(test_text *t)
{
    test_puts(t, blanks[rnd(COUNT(blanks))]);
    if (rnd(20) == 0)
        test_append(&t->buf, &t->len, &t->cap, "\r\n\0\r\n", 5);
    unsigned tags = rnd(6);
    for (unsigned i = 0; i < tags; i++) {
        test_puts(t, "[");
        test_puts(t, names[rnd(COUNT(names))]);
        test_puts(t, " \"");
        test_puts(t, values[rnd(COUNT(values))]);
        test_puts(t, "\"]");
        test_puts(t, blanks[rnd(COUNT(blanks))]);
        if (rnd(4))
            test_puts(t, rnd(2) ? "\n" : "\r\n");
    }
    if (rnd(8) == 0)
        test_puts(t, "{before}");
    test_puts(t, blanks[rnd(COUNT(blanks))]);
    test_puts(t, firsts[rnd(COUNT(firsts))]);
    unsigned n = rnd(12);
    for (unsigned i = 0; i < n; i++)
        test_puts(t, moves[rnd(COUNT(moves))]);
    static const char *const ends[] = {"", " 1-0", " 0-1", " *", "\r\n\r\n", "\n\n[Event \"b\"]\n"};
    test_puts(t, ends[rnd(COUNT(ends))]);
    test_puts(t, blanks[rnd(COUNT(blanks))]);
}

/* Random games, whole and cut short anywhere, the same both ways. */
static void test_header_paths__both_ways(void)
{
    static const int types[] = {20, 21, 0, 25};
    int failed = 0;
    for (int k = 0; k < 8000 && failed < 3; k++) {
        test_text t = {0};
        random_game(&t);
        size_t cut = rnd((unsigned)t.len + 1);
        pdn_mode mode = (pdn_mode)rnd(3);
        int type = types[rnd(COUNT(types))];
        if (!CHECK(test_same_both_ways(t.buf, t.len, mode, type)) ||
            !CHECK(test_same_both_ways(t.buf, cut, mode, type)))
            failed++;
        free(t.buf);
    }
}

/* The blank-line runs once each, between tags (where two line breaks make a
 * TAG_SPACING note) and before the movetext, with every first token. */
static void test_header_paths__edges(void)
{
    int failed = 0;
    for (size_t a = 0; a < COUNT(blanks) && failed < 3; a++)
        for (size_t b = 0; b < COUNT(firsts) && failed < 3; b++) {
            test_text t = {0};
            test_puts(&t, "[Event \"e\"]");
            test_puts(&t, blanks[a]);
            test_puts(&t, "[Result \"1-0\"]");
            test_puts(&t, blanks[COUNT(blanks) - 1 - a]);
            test_puts(&t, firsts[b]);
            test_puts(&t, " 32-28 19-23 1-0");
            test_puts(&t, blanks[a]);
            for (int m = 0; m < 3; m++)
                if (!CHECK(test_same_both_ways(t.buf, t.len, (pdn_mode)m, 20)))
                    failed++;
            free(t.buf);
        }
}

/* pdn_game__resolve_tags() against the records: names in the text, values
 * in the text or, unescaped, in the game's strings. */
static void test_header_paths__tags(void)
{
    int failed = 0;
    for (int k = 0; k < 3000 && failed < 3; k++) {
        test_text t = {0};
        unsigned tags = 1 + rnd(6);
        for (unsigned i = 0; i < tags; i++) {
            test_puts(&t, "[");
            test_puts(&t, names[rnd(COUNT(names))]);
            test_puts(&t, " \"");
            test_puts(&t, values[rnd(COUNT(values))]);
            test_puts(&t, "\"]\n");
        }
        test_puts(&t, "\n1. 32-28 *\n");
        struct pdn_game g;
        pdn_game__init(&g, pdn_alloc__resolve(NULL));
        pdn_parse_in in = {.text = t.buf,
                           .len = t.len,
                           .mode = PDN_MODE_LIBERAL,
                           .default_gametype = 20,
                           .general_only = rnd(2) == 0};
        pdn_parse_out po;
        pdn_parse__game(&g, &in, &po);
        if (!CHECK(!po.nomem && pdn_game__resolve_tags(&g))) {
            failed++;
        } else {
            const pdn_tag_rec *r = g.tag_recs.data;
            const pdn_tag *tg = g.tags.data;
            int same = g.tags.len == g.tag_recs.len;
            for (size_t i = 0; same && i < g.tags.len; i++) {
                const char *vb = r[i].value_in_strings ? (const char *)g.strings.data : g.text;
                same = tg[i].offset == r[i].offset && tg[i].name.ptr == g.text + r[i].name_off &&
                       tg[i].name.len == r[i].name_len && tg[i].value.ptr == vb + r[i].value_off &&
                       tg[i].value.len == r[i].value_len;
            }
            if (!CHECK(same)) {
                fprintf(stderr, "    input: \"%s\"\n", t.buf);
                failed++;
            }
        }
        pdn_game__release(&g);
        free(t.buf);
    }
}

/* Whether the game's diagnostics hold a TERMINATOR_MISMATCH related to the
 * tag at `related`. */
static int mismatch_at(const char *text, uint32_t related)
{
    pdn_game *g;
    if (pdn_game_parse(&g, text, strlen(text), NULL) != PDN_OK)
        return -1;
    size_t n;
    const pdn_diag *d = pdn_game_diags(g, &n);
    int found = 0;
    for (size_t i = 0; i < n; i++)
        found |= d[i].code == PDN_D_TERMINATOR_MISMATCH && d[i].related == related;
    int any = 0;
    for (size_t i = 0; i < n; i++)
        any |= d[i].code == PDN_D_TERMINATOR_MISMATCH;
    pdn_game_free(g);
    return found ? 1 : any ? 2 : 0;
}

/* The terminator is compared with the first Result tag only, wherever the
 * tags before it came from. */
static void test_header_paths__first_result(void)
{
    CHECK_EQ_INT(mismatch_at("[Result \"1-0\"]\n[Result \"0-1\"]\n\n1. 32-28 0-1\n", 0), 1);
    CHECK_EQ_INT(mismatch_at("[Result \"0-1\"]\n[Result \"1-0\"]\n\n1. 32-28 0-1\n", 0), 0);
    CHECK_EQ_INT(mismatch_at("[Bad]\n[Result \"1-0\"]\n\n1. 32-28 0-1\n", 6), 1);
    CHECK_EQ_INT(mismatch_at("[Event \"e\"]\n\n[Result \"1-0\"]\n{c}\n1. 32-28 0-1\n", 13), 1);
    /* An unescaped value, in the game's strings, is still the first. */
    CHECK_EQ_INT(mismatch_at("[Result \"1\\\\-0\"]\n[Result \"0-1\"]\n\n1. 32-28 0-1\n", 0), 1);
    CHECK_EQ_INT(mismatch_at("[Event \"e\"]\n\n1. 32-28 0-1\n", 0), 0);
    CHECK_EQ_INT(mismatch_at("[Result \" 0-1 \"]\n\n1. 32-28 0-1\n", 0), 0);
    CHECK_EQ_INT(mismatch_at("[Result \"2-0\"]\n\n1. 32-28 1-1\n", 0), 1);
}

/* The date verdicts a reader's game keeps from game to game (one for Date,
 * one for the other date tags) against each game read alone (a new game,
 * which has none): the same diagnostics, with one to three date tags a
 * game. */
static void test_header_paths__dates(void)
{
    static const char *const tags[] = {"Date", "EventDate", "UTCDate", "PublicationDate"};
    static const char *const dates[] = {"2004.10.27",
                                        "2004.10.27 - 2004.11.01",
                                        "2004.10.2",
                                        "2004.10.27x",
                                        "2004.13.01",
                                        "????.??.??",
                                        "27-10-2004",
                                        "2004",
                                        "2004.",
                                        "abc",
                                        "1996.12.28 - 1996.12.2",
                                        "2004.10.27 - 2004.11.01 - 2004.12.01 and on",
                                        "2004.10.27 - 2004.11.01 - 2004.12.01 and no",
                                        "2004.10.27 - 2004.11.01 - 2004.12.0",
                                        "2004.10.2x",
                                        "2004.10.27 - 2004.11.0x",
                                        "2004.10.27 - 2004.11.01 2004.1",
                                        "2004.10.27 - 2004.11.01 2004.1x"};
    int failed = 0;
    for (int k = 0; k < 400 && failed < 3; k++) {
        test_text t = {0};
        unsigned games = 1 + rnd(30);
        /* Two dates, often of one length and one start, in runs. */
        const char *pair[2] = {dates[rnd(COUNT(dates))], dates[rnd(COUNT(dates))]};
        if (rnd(2))
            pair[1] = rnd(2) ? "2004.10.27" : "2004.10.2x";
        unsigned which = 0;
        for (unsigned i = 0; i < games; i++) {
            for (unsigned d = 1 + (rnd(2) ? rnd(3) : 0); d > 0; d--) {
                test_puts(&t, "[");
                test_puts(&t, tags[rnd(COUNT(tags))]);
                test_puts(&t, " \"");
                which ^= rnd(3) == 0;
                test_puts(&t, pair[which]);
                test_puts(&t, "\"]\n");
            }
            test_puts(&t, "\n1. 32-28 *\n\n");
        }
        pdn_reader *r;
        if (!CHECK(pdn_reader_new_buffer(&r, t.buf, t.len, NULL) == PDN_OK)) {
            free(t.buf);
            return;
        }
        const pdn_game *g;
        while (pdn_reader_next(r, &g) == PDN_OK) {
            pdn_str text = pdn_game_text(g);
            pdn_game *alone;
            if (!CHECK(pdn_game_parse(&alone, text.ptr, text.len, NULL) == PDN_OK))
                break;
            size_t n, m;
            const pdn_diag *a = pdn_game_diags(g, &n), *b = pdn_game_diags(alone, &m);
            int same = n == m;
            for (size_t i = 0; same && i < n; i++)
                same = a[i].code == b[i].code && a[i].offset == b[i].offset &&
                       a[i].length == b[i].length && a[i].severity == b[i].severity;
            if (!CHECK(same)) {
                fprintf(stderr, "    game: \"%.*s\"\n", (int)text.len, text.ptr);
                failed++;
            }
            pdn_game_free(alone);
        }
        pdn_reader_free(r);
        free(t.buf);
    }
}

int main(void)
{
    RUN(test_header_paths__both_ways);
    RUN(test_header_paths__edges);
    RUN(test_header_paths__tags);
    RUN(test_header_paths__first_result);
    RUN(test_header_paths__dates);
    return harness_report();
}
