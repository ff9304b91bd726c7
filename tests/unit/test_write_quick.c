/* SPDX-License-Identifier: MIT */
/*
 * test_write_quick.c - the PDN writer's quick path for runs of SAN moves and
 * brace comments (san_run() in src/write/write_pdn.c, which reads the game's
 * arrays and builds the text in the output buffer) must write the very bytes
 * the general path writes.  Random games (draughts too, which keep to the
 * general path), every file of the corpus, and games long enough to fill
 * the output buffer many times are written both ways at several line widths
 * and compared byte for byte; a failing sink fails both ways alike; and the
 * canonical order of the roster tags (canon.c).
 */
#include "harness.h"
#include "support/append.h"
#include "support/files.h"
#include "support/rng.h"
#include "support/san_samples.h"
#include "write/writers.h"

#include <stdlib.h>
#include <sys/stat.h>

static int sink_text(void *ctx, const char *data, size_t len)
{
    test_text *t = ctx;
    return test_append(&t->buf, &t->len, &t->cap, data, len) ? 0 : 1;
}

/* The game written both ways at `width` gives the same bytes. */
static int same_both_ways(const pdn_game *g, unsigned width)
{
    test_text out[2] = {{0}, {0}};
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.line_width = width;
    pdn_status st[2];
    for (int way = 0; way < 2; way++)
        st[way] = pdn_write__pdn(g, &wo, (pdn_sink){sink_text, &out[way]}, way == 0);
    int same = st[0] == st[1] && out[0].len == out[1].len &&
               (out[0].len == 0 || memcmp(out[0].buf, out[1].buf, out[0].len) == 0);
    if (!same) {
        size_t i = 0;
        while (i < out[0].len && i < out[1].len && out[0].buf[i] == out[1].buf[i])
            i++;
        size_t from = i > 60 ? i - 60 : 0;
        fprintf(stderr,
                "    width %u, first difference at byte %zu\n    quick:   \"%.*s\"\n"
                "    general: \"%.*s\"\n",
                width, i, (int)((out[0].len < i + 40 ? out[0].len : i + 40) - from),
                out[0].buf ? out[0].buf + from : "",
                (int)((out[1].len < i + 40 ? out[1].len : i + 40) - from),
                out[1].buf ? out[1].buf + from : "");
    }
    free(out[0].buf);
    free(out[1].buf);
    return same;
}

/* Every game of a text, at a few widths; the number of games. */
static int check_text(const char *s, size_t len, int default_gametype, int *failed)
{
    pdn_read_options ro = PDN_READ_OPTIONS_INIT;
    ro.default_gametype = default_gametype;
    pdn_reader *r = NULL;
    int games = 0;
    if (!CHECK(pdn_reader_new_buffer(&r, s, len, &ro) == PDN_OK))
        return 0;
    const pdn_game *g;
    while (*failed < 3 && pdn_reader_next(r, &g) == PDN_OK) {
        static const unsigned widths[] = {80, 20, 33, 120, 1000};
        for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
            if (!CHECK(same_both_ways(g, widths[i]))) {
                fprintf(stderr, "    input: \"%.*s\"\n", (int)(len < 300 ? len : 300), s);
                (*failed)++;
                break;
            }
        games++;
    }
    pdn_reader_free(r);
    return games;
}

/* What a movetext holds, the moves the quick path writes most often. */
static const char *const chess_tokens[] = {TEST_SAN_SAMPLES,
                                           "123.",
                                           "1234.",
                                           "0-0",
                                           "0-0-0+",
                                           "e4!",
                                           "Nf3?!",
                                           "e4 !",
                                           "{c}",
                                           "{a long comment that is wider than a line "
                                           "of twenty columns}",
                                           "{x\ny}",
                                           "(",
                                           ")",
                                           "( e4 e5 )",
                                           "(1... c5 2. Nf3)",
                                           "$1",
                                           "$19",
                                           "--",
                                           "Z0",
                                           "e2-e4",
                                           "%pct\n",
                                           ";semi\n",
                                           "{}",
                                           "...",
                                           "1. ...",
                                           "Kxe2",
                                           "a7a8",
                                           "h8=N",
                                           "Nf3+",
                                           "/FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"/",
                                           "{c}e4",
                                           "0.",
                                           "0...",
                                           "e4*"};

static const char *const draughts_tokens[] = {
    "32-28", "19-23", "28x19", "14x23", "26x17x8",       "1.",     "12.",  "9...",  "{c}",
    "(",     ")",     "$1",    "- -",   "47x36 <42,29>", "32-28!", "%x\n", "c3-d4", "d4:f6"};

static void random_game(test_text *t, int chess)
{
    static const char *const chess_headers[] = {"[Event \"x\"]\n[Site \"?\"]\n[Result \"1-0\"]\n\n",
                                                "", "[White \"a\\\"b\"]\n\n",
                                                "{before}\n[Event \"e\"]\n\n"};
    static const char *const draughts_headers[] = {"[GameType \"20\"]\n\n", "",
                                                   "[GameType \"21\"]\n[Result \"2-0\"]\n\n"};
    test_puts(t, chess ? chess_headers[rnd(4)] : draughts_headers[rnd(3)]);
    const char *const *tokens = chess ? chess_tokens : draughts_tokens;
    unsigned count = chess ? (unsigned)(sizeof chess_tokens / sizeof chess_tokens[0])
                           : (unsigned)(sizeof draughts_tokens / sizeof draughts_tokens[0]);
    unsigned n = 5 + rnd(200);
    for (unsigned i = 0; i < n; i++) {
        /* Mostly the first tokens (numbers and moves), for long runs. */
        unsigned k = rnd(4) ? rnd(chess ? 20 : 8) : rnd(count);
        test_puts(t, tokens[k]);
        test_puts(t, rnd(6) ? " " : "\n");
    }
    static const char *const ends[] = {"*\n\n", "1-0\n\n", "1/2-1/2\n\n", "0-1\n\n", "\n"};
    test_puts(t, ends[rnd(5)]);
}

static void test_write_quick__random(void)
{
    int failed = 0;
    for (int k = 0; k < 3000 && failed < 3; k++) {
        test_text t = {0};
        int chess = k % 4 != 0;
        /* Several games in one text: the writer starts each afresh. */
        for (unsigned j = 1 + rnd(3); j > 0; j--)
            random_game(&t, chess);
        check_text(t.buf, t.len, chess && rnd(2) ? 0 : -1, &failed);
        free(t.buf);
    }
}

/* A game whose text is many times the output buffer (8 KiB), so that the
 * quick path flushes it in the middle of a run. */
static void test_write_quick__long_game(void)
{
    test_text t = {0};
    test_puts(&t, "[Event \"long\"]\n\n");
    for (int i = 1; i <= 3000; i++) {
        char b[96];
        snprintf(b, sizeof b, "%d. Nf3 Nc6 %d... exd5+ Qh4xe1!? ", i, i);
        test_puts(&t, b);
        if (i % 500 == 0)
            test_puts(&t, "{a comment} ( 1. e4 e5 ) ");
    }
    test_puts(&t, "*\n");
    int failed = 0;
    CHECK_EQ_INT(check_text(t.buf, t.len, 0, &failed), 1);
    free(t.buf);
}

/* Comments from a few bytes to more than the output buffer, with and
 * without line breaks, among moves: written in place or the general way. */
static void test_write_quick__long_comments(void)
{
    int failed = 0;
    for (int k = 0; k < 30 && failed < 3; k++) {
        test_text t = {0};
        test_puts(&t, "[Event \"comments\"]\n\n1. e4 e5 ");
        for (int j = 0; j < 6; j++) {
            char b[64];
            snprintf(b, sizeof b, "%d. Nf3 {", j + 2);
            test_puts(&t, b);
            for (unsigned n = rnd(4) ? rnd(200) : 6000 + rnd(6000); n > 0; n--)
                test_puts(&t, rnd(30) ? "x" : rnd(2) ? " " : "\n");
            test_puts(&t, "} Nc6 ");
        }
        test_puts(&t, "*\n");
        check_text(t.buf, t.len, 0, &failed);
        free(t.buf);
    }
}

/* A sink that takes `left` calls, then fails. */
static int sink_failing(void *ctx, const char *data, size_t len)
{
    int *left = ctx;
    (void)data;
    (void)len;
    return (*left)-- > 0 ? 0 : 1;
}

static void test_write_quick__failing_sink(void)
{
    test_text t = {0};
    for (int i = 1; i <= 2000; i++) {
        char b[64];
        snprintf(b, sizeof b, "%d. Nf3 {c} Nc6 ", i);
        test_puts(&t, b);
    }
    test_puts(&t, "*\n");
    pdn_reader *r = NULL;
    const pdn_game *g;
    if (CHECK(pdn_reader_new_buffer(&r, t.buf, t.len, NULL) == PDN_OK) &&
        CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        for (int calls = 0; calls < 4; calls++) {
            int left[2] = {calls, calls};
            pdn_status st[2];
            for (int way = 0; way < 2; way++)
                st[way] = pdn_write__pdn(g, NULL, (pdn_sink){sink_failing, &left[way]}, way == 0);
            CHECK_EQ_INT(st[0], PDN_EIO);
            CHECK_EQ_INT(st[1], PDN_EIO);
        }
    }
    pdn_reader_free(r);
    free(t.buf);
}

/* The roster tags first, in their order, whatever the input order. */
static void test_write_quick__roster_order(void)
{
    static const char text[] = "[Foo \"1\"]\n[Result \"1-0\"]\n[Black \"b\"]\n[White \"w\"]\n"
                               "[Round \"r\"]\n[Date \"d\"]\n[Site \"s\"]\n[Event \"e\"]\n"
                               "[Sitx \"x\"]\n[Events \"y\"]\n\n1. e4 1-0\n";
    static const char want[] = "[Event \"e\"]\n[Site \"s\"]\n[Date \"d\"]\n[Round \"r\"]\n"
                               "[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[Foo \"1\"]\n"
                               "[Sitx \"x\"]\n[Events \"y\"]\n\n1. e4 1-0\n\n";
    pdn_read_options ro = PDN_READ_OPTIONS_INIT;
    pdn_reader *r = NULL;
    const pdn_game *g;
    if (!CHECK(pdn_reader_new_buffer(&r, text, sizeof text - 1, &ro) == PDN_OK))
        return;
    if (CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        test_text out = {0};
        CHECK(pdn_write_pdn(g, NULL, (pdn_sink){sink_text, &out}) == PDN_OK);
        CHECK_STR(out.buf, out.len, want);
        free(out.buf);
    }
    pdn_reader_free(r);
}

/* Every file of the corpus, chess and draughts (the writer is shared). */
typedef struct corpus_walk {
    int files, failed;
} corpus_walk;

static bool corpus_file(const char *path, const char *name, void *ctx)
{
    corpus_walk *w = ctx;
    size_t len = 0;
    char *text = test_read_file(path, &len);
    if (!CHECK(text != NULL))
        return false;
    check_text(text, len, test_has_ext(name, ".pgn") ? 0 : -1, &w->failed);
    free(text);
    w->files++;
    return w->failed < 3;
}

static void test_write_quick__corpus(void)
{
    struct stat sb;
    if (stat(PDN_CORPUS_DIR, &sb) != 0) {
        printf("no corpus at %s: skipped\n", PDN_CORPUS_DIR);
        return;
    }
    corpus_walk w = {0, 0};
    test_walk_files(PDN_CORPUS_DIR, corpus_file, &w);
    CHECK(w.files >= 1);
}

int main(void)
{
    RUN(test_write_quick__roster_order);
    RUN(test_write_quick__long_game);
    RUN(test_write_quick__long_comments);
    RUN(test_write_quick__failing_sink);
    RUN(test_write_quick__random);
    RUN(test_write_quick__corpus);
    return harness_report();
}
