/* SPDX-License-Identifier: MIT */
/*
 * test_reader_marks.c - reading an input in parts: a reader started at a
 * mark reads what the reader that gave it reads from there; the facts of
 * the input before a mark, added up in pieces, and the mark guessed from
 * them are the reader's own; guessed game starts are where readers stand.
 * Over fixed texts and every file of the corpus, in each encoding setting.
 */
#include "harness.h"
#include "pdn.h"
#include "support/append.h"
#include "support/describe.h"
#include "support/files.h"

static bool same_text(const test_text *a, const test_text *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->buf, b->buf, a->len) == 0);
}

static bool same_mark(const pdn_reader_mark *a, const pdn_reader_mark *b)
{
    return a->offset == b->offset && a->line == b->line && a->column == b->column &&
           !a->after_cr == !b->after_cr && a->encoding == b->encoding;
}

/* Up to `games` games from `r`, described; the mark after them. */
static void read_some(pdn_reader *r, size_t games, test_text *t, pdn_reader_mark *end)
{
    const pdn_game *g;
    for (size_t i = 0; i < games && pdn_reader_next(r, &g) == PDN_OK; i++)
        CHECK(test_describe_game(g, t));
    pdn_reader_mark_get(r, end);
}

typedef struct stats {
    size_t marks, guessed, resumed;
    size_t starts, hits; /* guessed starts, and those where the reader stands */
} stats;

/* Every mark of a reader over data: the facts before it counted in two
 * pieces cut at an earlier mark give its line and encoding; the guess
 * from them is the mark; a reader started at the mark, or at the guess,
 * reads the next games as the first reader does. */
static void check_text(const char *data, size_t len, const pdn_read_options *ro, stats *st)
{
    pdn_reader *r;
    if (!CHECK(pdn_reader_new_buffer(&r, data, len, ro) == PDN_OK))
        return;
    pdn_reader_mark m, prev = {0, 1, 1, 0, ro->encoding, 0};
    pdn_text_facts before = {0, 0};
    const pdn_game *g;
    size_t k = 0;
    while (pdn_reader_next(r, &g) == PDN_OK) {
        pdn_reader_mark_get(r, &m);
        st->marks++;
        CHECK_EQ_INT(m.games, ++k);
        /* The facts: the pieces are the games, cut where the reader stands. */
        pdn_text_facts_add(&before, data + prev.offset, (size_t)(m.offset - prev.offset));
        pdn_text_facts whole = {0, 0};
        if (k % 64 == 1)
            pdn_text_facts_add(&whole, data, (size_t)m.offset);
        CHECK(k % 64 != 1 || (whole.lines == before.lines && whole.not_utf8 == before.not_utf8));
        CHECK_EQ_INT(m.line, before.lines + 1);
        pdn_reader_mark guess;
        pdn_reader_mark_guess(&guess, data, (size_t)m.offset, &before, ro);
        st->guessed += same_mark(&guess, &m);
        if (ro->encoding == PDN_ENC_AUTO)
            CHECK_EQ_INT(m.encoding, before.not_utf8 ? PDN_ENC_LATIN1 : PDN_ENC_AUTO);
        if (k % 5 == 1) {
            /* Resumed at the mark and at the guess, the next games read
             * the same, and the readers stop at the same mark. */
            test_text want = {0}, got = {0}, from_guess = {0};
            pdn_reader *a = NULL, *b = NULL, *c = NULL;
            pdn_reader_mark ea, eb, ec;
            guess.games = m.games;
            if (CHECK(pdn_reader_new_buffer(&a, data, len, ro) == PDN_OK) &&
                CHECK(pdn_reader_new_buffer_at(&b, data, len, &m, ro) == PDN_OK)) {
                test_text skipped = {0};
                read_some(a, k, &skipped, &ea);
                free(skipped.buf);
                read_some(a, 3, &want, &ea);
                read_some(b, 3, &got, &eb);
                CHECK(same_mark(&ea, &eb) && ea.games == eb.games);
                CHECK(same_text(&want, &got));
                if (same_mark(&guess, &m) &&
                    CHECK(pdn_reader_new_buffer_at(&c, data, len, &guess, ro) == PDN_OK)) {
                    read_some(c, 3, &from_guess, &ec);
                    CHECK(same_text(&want, &from_guess));
                }
                st->resumed++;
            }
            pdn_reader_free(a);
            pdn_reader_free(b);
            pdn_reader_free(c);
            free(want.buf);
            free(got.buf);
            free(from_guess.buf);
        }
        prev = m;
    }
    pdn_reader_free(r);
    /* Each guessed start is looked for among the reader's marks, which come
     * in order. */
    if (!CHECK(pdn_reader_new_buffer(&r, data, len, ro) == PDN_OK))
        return;
    m.offset = 0;
    for (size_t at = pdn_reader_guess_start(data, len, 0); at < len;
         at = pdn_reader_guess_start(data, len, at + 1)) {
        while (m.offset < at && pdn_reader_next(r, &g) == PDN_OK)
            pdn_reader_mark_get(r, &m);
        st->starts++;
        st->hits += m.offset == at;
    }
    pdn_reader_free(r);
}

static void test_reader_marks__fixed(void)
{
    static const char *texts[] = {
        "[Event \"a\"]\n1. 32-28 19-23 1-0\n\n[Event \"b\"]\n1. 33-29 *\n\n[Event \"c\"]\n0-1\n",
        "[Event \"a\"]\r\n1. 32-28 19-23 1-0\r\n\r\n[Event \"b\"]\r\n1. 33-29 *\r\n",
        "[Event \"a\"]\r1. 32-28 1-0\r\r[Event \"b\"]\r1. 33-29 *\r\r[Event \"c\"]\r*\r",
        "\xEF\xBB\xBF"
        "1. 32-28 1-0 1. 33-29 0-1 1. 31-27 *",
        "[Event \"Caf\xE9\"]\n1. 32-28 1-0\n\n[Event \"Caf\xC3\xA9\"]\n1. 33-29 *\n\n"
        "[Event \"x\"]\n{\xE9t\xE9} 1. 31-27 *\n",
        "[Event \"a\"]\n1. e4 e5 {1-0\n\n[Event \"x\"]} 2. Nf3 *\n\n[Event \"b\"]\n1. d4 1/2-1/2\n",
        "1. 32-28 {\xC3\xA9} 19-23 2-0 \t \n\n[Event]\n1. 33-29 0-2\n\n",
    };
    static const pdn_encoding encs[] = {PDN_ENC_AUTO, PDN_ENC_UTF8, PDN_ENC_LATIN1};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        for (size_t e = 0; e < 3; e++) {
            pdn_read_options ro = PDN_READ_OPTIONS_INIT;
            ro.encoding = encs[e];
            stats st = {0, 0, 0, 0, 0};
            check_text(texts[i], strlen(texts[i]), &ro, &st);
            CHECK(st.marks >= 2);
            CHECK_EQ_INT(st.guessed, st.marks);
        }
}

/* The guessed starts: after the terminator before a blank line and a tag,
 * whatever follows it on the way (a comment, stray text, an escape line);
 * at the tag where no terminator comes shortly before.  The reader stands
 * at each, but at a tag inside a comment. */
static void test_reader_marks__guess_start(void)
{
    static const struct {
        const char *text, *after; /* the guess is after `after`, or at the 2nd tag if NULL */
        bool stands;
    } cases[] = {
        {"[A \"1\"]\n1. e4 1-0\n\n[B \"2\"]\n1. d4 *\n", "e4 1-0", true},
        {"[A]\n1. 32-28 19-23\n\n[B]\n1. 33-29 *\n", NULL, true},
        {"[A]\n1. 32-28 19-23 * {c}\n\n[B]\n1. 33-29 *\n", "19-23 *", true},
        {"1. 32-28 * \\r\r\n\r\n[E]\n*", "32-28 *", true},
        {"[A]\n1. 32-28 2-0\n%escape\n\n[B]\n*", "32-28 2-0", true},
        {"[A]\n1. 32-28 *\\r\n\n[B]\n*", "32-28 *", true},
        {"[Result \"1/2\"]\n1. e4 e5 1/2\n\n[B]\n*", "e5 1/2", true},
        {"[Result \"1/2\"]\n1. e4 e5 {1-0 in a comment} 1/2\n\n[B]\n*", "} 1/2", true},
        {"[A]\n1. e4 e5 1/2-1/2\r\r[B]\r*", "1/2-1/2", true},
        {"[A]\n1. e4 {x\n\n[B]} *\n", NULL, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *t = cases[i].text;
        size_t len = strlen(t), want;
        if (cases[i].after != NULL)
            want = (size_t)(strstr(t, cases[i].after) - t) + strlen(cases[i].after);
        else
            want = (size_t)(strchr(t + 1, '[') - t);
        size_t got = pdn_reader_guess_start(t, len, 1);
        CHECK_EQ_INT(got, want);
        CHECK_EQ_INT(pdn_reader_guess_start(t, len, got + 1), len);
        pdn_reader *r;
        const pdn_game *g;
        pdn_reader_mark m = {0, 1, 1, 0, PDN_ENC_AUTO, 0};
        if (CHECK(pdn_reader_new_buffer(&r, t, len, NULL) == PDN_OK)) {
            if (pdn_reader_next(r, &g) == PDN_OK)
                pdn_reader_mark_get(r, &m);
            pdn_reader_free(r);
        }
        CHECK((m.offset == got) == cases[i].stands);
    }
    CHECK_EQ_INT(pdn_reader_guess_start("", 0, 0), 0);
    CHECK_EQ_INT(pdn_reader_guess_start("\n\n[A]", 5, 0), 5);
}

/* Facts in pieces: any cut that splits no CR LF gives the whole's. */
static void test_reader_marks__facts_pieces(void)
{
    char t[700];
    unsigned x = 12345;
    for (size_t i = 0; i < sizeof t; i++) {
        x = x * 1103515245u + 12345u;
        static const char alphabet[] = "ab\n\r\r\n \xC3\xA9";
        t[i] = alphabet[(x >> 16) % (sizeof alphabet - 1)];
    }
    for (size_t len = 0; len <= sizeof t; len += 37) {
        uint64_t want = 0;
        for (size_t i = 0; i < len; i++)
            want += t[i] == '\n' || (t[i] == '\r' && (i + 1 == len || t[i + 1] != '\n'));
        for (size_t cut = 0; cut <= len; cut += 13) {
            if (cut > 0 && cut < len && t[cut - 1] == '\r' && t[cut] == '\n')
                continue;
            pdn_text_facts f = {0, 0};
            pdn_text_facts_add(&f, t, cut);
            pdn_text_facts_add(&f, t + cut, len - cut);
            CHECK_EQ_INT(f.lines, want);
        }
    }
    pdn_text_facts f = {0, 0};
    pdn_text_facts_add(&f, "ok\xC3\xA9", 4);
    CHECK(!f.not_utf8);
    pdn_text_facts_add(&f, "\xE9", 1);
    CHECK(f.not_utf8);
    pdn_text_facts_add(&f, "ok", 2);
    CHECK(f.not_utf8);
}

static void test_reader_marks__bad_marks(void)
{
    const char *t = "1. 32-28 *";
    pdn_reader *r = NULL;
    pdn_reader_mark m = {11, 1, 1, 0, PDN_ENC_AUTO, 0};
    CHECK(pdn_reader_new_buffer_at(&r, t, 10, &m, NULL) == PDN_EINVAL);
    m.offset = 3;
    m.line = 0;
    CHECK(pdn_reader_new_buffer_at(&r, t, 10, &m, NULL) == PDN_EINVAL);
    m.line = 1;
    m.encoding = (pdn_encoding)9;
    CHECK(pdn_reader_new_buffer_at(&r, t, 10, &m, NULL) == PDN_EINVAL);
    CHECK(pdn_reader_new_buffer_at(&r, t, 10, NULL, NULL) == PDN_EINVAL);
    /* At the end: no games. */
    m = (pdn_reader_mark){10, 1, 11, 0, PDN_ENC_AUTO, 4};
    const pdn_game *g;
    if (CHECK(pdn_reader_new_buffer_at(&r, t, 10, &m, NULL) == PDN_OK)) {
        CHECK(pdn_reader_next(r, &g) == PDN_DONE);
        pdn_reader_free(r);
    }
}

static bool visit(const char *path, const char *name, void *ctx)
{
    stats *st = ctx;
    if (!test_has_ext(name, ".pdn") && !test_has_ext(name, ".pgn"))
        return true;
    size_t len;
    char *data = test_read_file(path, &len);
    if (!CHECK(data != NULL))
        return true;
    static const pdn_encoding encs[] = {PDN_ENC_AUTO, PDN_ENC_LATIN1};
    for (size_t e = 0; e < 2; e++) {
        pdn_read_options ro = PDN_READ_OPTIONS_INIT;
        ro.encoding = encs[e];
        ro.default_gametype = test_has_ext(name, ".pgn") ? 0 : -1;
        check_text(data, len, &ro, st);
    }
    free(data);
    return true;
}

static void test_reader_marks__corpus(void)
{
    stats st = {0, 0, 0, 0, 0};
    test_walk_files(PDN_CORPUS_DIR, visit, &st);
    printf("corpus: %zu marks, %zu guessed exactly, %zu resumed; %zu starts guessed, %zu where "
           "the reader stands\n",
           st.marks, st.guessed, st.resumed, st.starts, st.hits);
    CHECK(st.marks > 10000);
    CHECK_EQ_INT(st.guessed, st.marks);
    /* A miss costs a part read twice when a cut falls there. */
    CHECK(st.hits * 1000 >= st.starts * 995);
}

int main(void)
{
    RUN(test_reader_marks__fixed);
    RUN(test_reader_marks__guess_start);
    RUN(test_reader_marks__facts_pieces);
    RUN(test_reader_marks__bad_marks);
    RUN(test_reader_marks__corpus);
    return harness_report();
}
