/* SPDX-License-Identifier: MIT */
/*
 * test_header_runs.c - the header's short paths against the general code:
 * runs of plain tags read in one loop (with aligned names and the public
 * tags made as they are read) against the general tag parser, record by
 * record, tag by tag and diagnostic by diagnostic, and the tag lookups the
 * shapes of the names answer against a pass over the tags; UTF-8 dense with
 * two-byte characters against a byte loop; dates compared with the last
 * one.  (The decoder's runs of high bytes are tested with the decoder, in
 * test_tag_speedpaths.c, and FENs of every length with the FEN check's
 * short path, in test_fen_masks.c.)
 */
#include "harness.h"
#include "support/append.h"
#define TEST_RNG_SEED 0x3C6EF372FE94F82Bull
#include "support/rng.h"
#include "syntax/parse.h"
#include "values/values.h"

#include <stdlib.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- tag runs ------------------------------------------------------------------ */

/* Names the run takes (known by their words or not, aligned in columns)
 * and those it must leave: lower case, 15, 16 and more bytes, names of the
 * shapes of others (Dati and Date, Board and Black, Player and GameType,
 * Narrative and Result), GameType, Result and near misses of the known
 * ones. */
static const char *const names[] = {
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "FEN",
    "Setup",
    "SetUp",
    "GameType",
    "PlyCount",
    "WhiteClock",
    "BlackClock",
    "Dati",
    "Anno",
    "Nero",
    "Bianco",
    "Opening",
    "WhiteElo",
    "ECO",
    "EventDate",
    "WhiteFideId",
    "TimeControl",
    "UTCDate",
    "WhiteEl",
    "WhiteElox",
    "Board",
    "Player",
    "Narrative",
    "event",
    "_x",
    "Abcdefghijklmno",
    "Abcdefghijklmnop",
    "Resulx",
    "Results",
    "Eventx",
    "Even",
    "GameTypes",
    "X",
};

/* What comes between a name and its value's quote. */
static const char *const gaps[] = {
    " ", " ", " ", " ", "  ", "      ", "\t", " \t ", "", "              ", "               "};

/* Values: short and long (past 16, 32 and 64 bytes), the Results that are
 * noted inline and those that are not, escapes, quotes, line breaks, bytes
 * that are not ASCII. */
static const char *const values[] = {"",
                                     "?",
                                     "1-0",
                                     "0-1",
                                     "1/2-1/2",
                                     "*",
                                     "2-0",
                                     "1-2",
                                     "1-0 ",
                                     " 1-0",
                                     "4-6",
                                     "20",
                                     "21,W,10,10,N1,0",
                                     "2001.02.03",
                                     "Campionato Italiano",
                                     "0123456789abcde",
                                     "0123456789abcdef",
                                     "0123456789abcdef0",
                                     "0123456789abcdef0123456789abcdef",
                                     "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8",
                                     "a\\\"b",
                                     "a\\\\b",
                                     "a\"b",
                                     "two\nlines",
                                     "cr\rhere",
                                     "]",
                                     "\xC3\xA8 Bert\xC3\xA8"};

static const char *const between[] = {"\n", "\n", "\n", "\n",      "\r\n",   "\r\n",     "\n\n",
                                      " ",  "",   "\r", "\n{c}\n", "\n%x\n", "\n[bad]\n"};

static void random_header(test_text *t)
{
    unsigned count = 1 + rnd(12);
    for (unsigned i = 0; i < count; i++) {
        test_puts(t, "[");
        test_puts(t, names[rnd(COUNT(names))]);
        test_puts(t, gaps[rnd(COUNT(gaps))]);
        test_puts(t, rnd(30) ? "\"" : "");
        test_puts(t, values[rnd(COUNT(values))]);
        test_puts(t, rnd(30) ? "\"" : "");
        test_puts(t, rnd(30) ? "]" : " ]");
        test_puts(t, between[rnd(COUNT(between))]);
    }
    static const char *const bodies[] = {"\n1. 32-28 19-23 2. 37-32 *\n",
                                         "\n1-0\n",
                                         "\n1. 32-28 0-1",
                                         "\n1. 32-28 4-6\n",
                                         "\n1. 32-28 1-2 {c}",
                                         "",
                                         "\n[Event \"next\"]\n"};
    test_puts(t, bodies[rnd(COUNT(bodies))]);
}

/* A byte that tells where a pointer of the game points: into its text
 * (offset), its strings (offset + 1 << 40) or elsewhere. */
static unsigned long long where(const struct pdn_game *g, const char *p)
{
    const char *s = g->strings.data;
    if (p >= g->text && p <= g->text + g->text_len)
        return (unsigned long long)(p - g->text);
    if (s && p >= s && p <= s + g->strings.len)
        return (unsigned long long)(p - s) + (1ull << 40);
    return ~0ull;
}

/* The records, public tags and diagnostics of both games agree, and the
 * public tags are those pdn_game__resolve_tags() makes from the records. */
static int same_games(struct pdn_game *a, struct pdn_game *b)
{
    if (a->tag_recs.len != b->tag_recs.len || a->tags.len != b->tags.len ||
        a->diags.len != b->diags.len || a->tags.len != a->tag_recs.len)
        return 0;
    const pdn_tag_rec *ra = a->tag_recs.data, *rb = b->tag_recs.data;
    for (size_t i = 0; i < a->tag_recs.len; i++)
        if (ra[i].offset != rb[i].offset || ra[i].name_off != rb[i].name_off ||
            ra[i].name_len != rb[i].name_len || ra[i].value_off != rb[i].value_off ||
            ra[i].value_len != rb[i].value_len || ra[i].value_in_strings != rb[i].value_in_strings)
            return 0;
    const pdn_tag *ta = a->tags.data, *tb = b->tags.data;
    for (size_t i = 0; i < a->tags.len; i++) {
        pdn_tag r = pdn_game__public_tag(a, &ra[i]);
        if (ta[i].offset != tb[i].offset || ta[i].name.len != tb[i].name.len ||
            ta[i].value.len != tb[i].value.len ||
            where(a, ta[i].name.ptr) != where(b, tb[i].name.ptr) ||
            where(a, ta[i].value.ptr) != where(b, tb[i].value.ptr) || ta[i].offset != r.offset ||
            ta[i].name.ptr != r.name.ptr || ta[i].name.len != r.name.len ||
            ta[i].value.ptr != r.value.ptr || ta[i].value.len != r.value.len)
            return 0;
    }
    const pdn_diag *da = a->diags.data, *db = b->diags.data;
    for (size_t i = 0; i < a->diags.len; i++)
        if (da[i].code != db[i].code || da[i].offset != db[i].offset ||
            da[i].length != db[i].length || da[i].related != db[i].related ||
            da[i].arg != db[i].arg)
            return 0;
    return 1;
}

/* pdn_game__tag(), which the shapes of the names read may answer without a
 * pass, finds what a pass over the public tags finds: for the names above,
 * the tags' own names and names of one byte or none. */
static int same_lookup(const struct pdn_game *g, const char *name, size_t len)
{
    const pdn_tag *t = g->tags.data, *want = NULL;
    for (size_t i = 0; i < g->tags.len && !want; i++)
        if (t[i].name.len == len && memcmp(t[i].name.ptr, name, len) == 0)
            want = &t[i];
    if (pdn_game__tag(g, name, len) == want)
        return 1;
    fprintf(stderr, "    lookup of \"%.*s\"\n", (int)len, name);
    return 0;
}

static int same_lookups(const struct pdn_game *g)
{
    int same = same_lookup(g, "", 0) && same_lookup(g, "X", 1);
    for (size_t i = 0; i < COUNT(names); i++)
        same = same && same_lookup(g, names[i], strlen(names[i]));
    const pdn_tag *t = g->tags.data;
    for (size_t i = 0; i < g->tags.len; i++)
        same = same && same_lookup(g, t[i].name.ptr, t[i].name.len);
    return same;
}

/* The first game of s[0..n) into the two games, reset first (they keep
 * their capacity from game to game, as the reader's game does), the quick
 * way into q and the general one into w. */
static int same_both_ways(struct pdn_game *q, struct pdn_game *w, const char *s, size_t n,
                          pdn_mode mode)
{
    pdn_parse_out out[2];
    struct pdn_game *g[2] = {q, w};
    /* A block of the text's own size, so that a read past it is caught
     * under the address sanitizer. */
    char *text = malloc(n ? n : 1);
    if (!text)
        return 0;
    memcpy(text, s, n);
    for (int way = 0; way < 2; way++) {
        pdn_game__reset(g[way]);
        pdn_parse_in in = {
            .text = text, .len = n, .mode = mode, .default_gametype = 20, .general_only = way == 1};
        pdn_parse__game(g[way], &in, &out[way]);
        if (out[way].nomem) {
            free(text);
            return 0;
        }
    }
    int same = out[0].end == out[1].end && out[0].empty == out[1].empty &&
               out[0].by_header == out[1].by_header && same_games(q, w) && same_lookups(q) &&
               same_lookups(w);
    /* A copy keeps the shapes of its names. */
    if (same && rnd(8) == 0) {
        pdn_game *c;
        if (pdn_game_clone(&c, q, NULL) != PDN_OK) {
            free(text);
            return 0;
        }
        same = same_lookups(c);
        pdn_game_free(c);
    }
    if (!same)
        fprintf(stderr, "    input: \"%.*s\"\n", (int)n, s);
    free(text);
    return same;
}

static void test_header_runs__tags(void)
{
    struct pdn_game q, w;
    pdn_game__init(&q, pdn_alloc__resolve(NULL));
    pdn_game__init(&w, pdn_alloc__resolve(NULL));
    int failed = 0;
    for (int k = 0; k < 20000 && failed < 3; k++) {
        test_text t = {0};
        random_header(&t);
        pdn_mode mode = rnd(2) ? PDN_MODE_LIBERAL : PDN_MODE_STRICT;
        /* Whole, cut anywhere, and cut within the run's look-ahead of the
         * end. */
        size_t cut = rnd((unsigned)t.len + 1), near = t.len > 40 ? t.len - rnd(40) : cut;
        if (!CHECK(same_both_ways(&q, &w, t.buf, t.len, mode)) ||
            !CHECK(same_both_ways(&q, &w, t.buf, cut, mode)) ||
            !CHECK(same_both_ways(&q, &w, t.buf, near, mode)))
            failed++;
        /* Now and then a new game, whose vectors have no room yet. */
        if (rnd(50) == 0) {
            pdn_game__release(&q);
            pdn_game__init(&q, pdn_alloc__resolve(NULL));
        }
        free(t.buf);
    }
    pdn_game__release(&q);
    pdn_game__release(&w);
}

/* Headers by hand around the run's edges, cut at every length. */
static void test_header_runs__edges(void)
{
    static const char *const cases[] = {
        "[Event \"x\"]\n[Site \"y\"]\n[Date \"2001.02.03\"]\n[Result \"1-0\"]\n\n1. 32-28 1-0",
        "[White      \"A\"]\n[Black\t\"B\"]\n[Result   \"0-1\"]\n\n1. 32-28 0-1",
        "[Event \"x\"]\n[Event \"y\"]\n[Date \"a\"]\n[Dati \"b\"]\n[Date \"c\"]\n*",
        "[PlyCount \"3\"]\n[BlackClock \"1\"]\n[PlyCount \"4\"]\n*",
        "[Result \"1-0\"]\n[Result \"0-1\"]\n\n1. 32-28 1-0",
        "[Result \"\"]\n[Result \"1-0 \"]\n[Result \"4-6\"]\n\n1. 32-28 4-6",
        "[Event \"x\"]\n[Result \"4-6\"]\n\n1. 32-28 4-6",
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. 32-28 4-6",
        "[Event \"x\"]\n[Result \"*\"]\n[Site \"y\"]\n\n1. 32-28 *",
        "[GameType \"21\"]\n[Result \"1-0\"]\n[FEN \"W:W1,2:B3,4.\"]\n\n1. 11-15 1-0",
        "[Abcdefghijklmno \"x\"]\n[Abcdefghijklmn  \"y\"]\n[Abcdefghijklm   \"z\"]\n*",
        "[Abcdefghijklmn               \"y\"]\n[Event \"z\"]\n*",
        "[Event \"a\\\"b\"]\n[Site \"c\"]\n[Round \"d\"]\n*",
        "[Event \"0123456789abcdef0123456789abcdef0123456789abcdef\"]\n[Site \"\"]\n*",
        "[event \"x\"]\n[Site \"y\"]\n*",
        "[Event \"x\"]\r\n[Site \"y\"]\r\n\r\n1. 32-28 *",
        "[Event \"x\"]\n{c}\n[Site \"y\"]\n[Round \"z\"]\n*",
    };
    struct pdn_game q, w;
    pdn_game__init(&q, pdn_alloc__resolve(NULL));
    pdn_game__init(&w, pdn_alloc__resolve(NULL));
    for (size_t i = 0; i < COUNT(cases); i++)
        for (size_t cut = 0; cut <= strlen(cases[i]); cut++)
            CHECK(same_both_ways(&q, &w, cases[i], cut, PDN_MODE_STRICT));
    pdn_game__release(&q);
    pdn_game__release(&w);
}

/* ---- UTF-8 of two-byte characters ---------------------------------------------------- */

/* The longest valid UTF-8 prefix found a byte at a time (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF). */
static size_t utf8_reference(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        size_t len = c < 0x80 ? 1 : c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
        if (len == 0 || n - i < len)
            return i;
        unsigned long cp = len == 1 ? c : c & (0x7Fu >> len);
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return i;
            cp = cp << 6 | (s[i + k] & 0x3Fu);
        }
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return n;
}

/* Texts dense with two-byte characters, their lead and continuation bytes
 * drawn from around the edges of the ranges, cut anywhere. */
static void test_header_runs__utf8(void)
{
    static const unsigned char leads[] = {0xC0, 0xC1, 0xC2, 0xC3, 0xD0, 0xDF, 0xE0, 0xE2, 0xF0};
    static const unsigned char conts[] = {0x7F, 0x80, 0x81, 0xA9, 0xBF, 0xC0, 0xC3};
    int failed = 0;
    for (int k = 0; k < 30000 && failed < 3; k++) {
        unsigned char s[200];
        size_t n = rnd(sizeof s);
        for (size_t i = 0; i < n; i++) {
            unsigned r = rnd(8);
            s[i] = r < 3   ? (unsigned char)(0x20 + rnd(95))
                   : r < 5 ? leads[rnd(rnd(4) ? 4 : COUNT(leads))]
                           : conts[rnd(rnd(4) ? 4 : COUNT(conts))];
            /* mostly a good pair */
            if (r == 5 && i + 1 < n) {
                s[i] = leads[2 + rnd(4)];
                s[++i] = conts[1 + rnd(3)];
            }
        }
        size_t got = pdn_utf8__valid_prefix(s, n), want = utf8_reference(s, n);
        if (!CHECK(got == want)) {
            fprintf(stderr, "    n %zu: got %zu, want %zu\n", n, got, want);
            failed++;
        }
    }
}

/* ---- dates compared with the last one ---------------------------------------------- */

/* The Date tag's verdict through the note the game keeps from game to game
 * against pdn_parse_date() of the same text: texts of 1 to 20 bytes, each
 * mostly the last one again or it with one byte changed anywhere. */
static void test_header_runs__dates(void)
{
    static const char pool[] = "0123456789.?-/ x";
    struct pdn_game g;
    pdn_game__init(&g, pdn_alloc__resolve(NULL));
    char date[24] = "2001.02.03", text[96];
    size_t dn = 10;
    int failed = 0;
    for (int k = 0; k < 30000 && failed < 3; k++) {
        unsigned r = rnd(8);
        if (r == 0) {
            dn = 1 + rnd(20);
            for (size_t i = 0; i < dn; i++)
                date[i] = pool[rnd(sizeof pool - 1)];
        } else if (r < 5) {
            date[rnd((unsigned)dn)] = pool[rnd(sizeof pool - 1)];
        }
        int len = snprintf(text, sizeof text, "[Date \"%.*s\"]\n*\n", (int)dn, date);
        pdn_game__reset(&g);
        pdn_parse_in in = {.text = text, .len = (size_t)len, .mode = PDN_MODE_STRICT};
        pdn_parse_out out;
        pdn_parse__game(&g, &in, &out);
        size_t at = 0;
        pdn_diag_code want = pdn_parse_date(NULL, date, dn, &at);
        if (pdn_diag_severity(want, PDN_MODE_STRICT) == PDN_SEV_NONE)
            want = PDN_D_NONE;
        const pdn_diag *d = g.diags.data;
        pdn_diag_code got = PDN_D_NONE;
        size_t got_at = 0;
        for (size_t i = 0; i < g.diags.len; i++)
            if (d[i].code != PDN_D_NO_TERMINATOR && d[i].offset >= 7 && d[i].offset <= 7 + dn) {
                got = d[i].code;
                got_at = d[i].offset - 7;
            }
        if (!CHECK(!out.nomem && got == want && (want == PDN_D_NONE || got_at == at))) {
            fprintf(stderr, "    \"%.*s\": %d at %zu, parse_date %d at %zu\n", (int)dn, date,
                    (int)got, got_at, (int)want, at);
            failed++;
        }
    }
    pdn_game__release(&g);
}

int main(void)
{
    RUN(test_header_runs__tags);
    RUN(test_header_runs__edges);
    RUN(test_header_runs__utf8);
    RUN(test_header_runs__dates);
    return harness_report();
}
