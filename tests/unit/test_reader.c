/* SPDX-License-Identifier: MIT */
/*
 * test_reader.c - unit tests of the reading API (include/pdn.h, "Reading",
 * "Games", "The game tree", "Iterator"): buffer and callback readers give
 * the same games whatever the chunking, clones outlive the reader's window,
 * PDN_DONE sticks, the iterator's event order, line/column for every kind of
 * line ending, BOM and encodings, fatal statuses, the tree attachment rules
 * and every field of pdn_move.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

#include "support/append.h"

/* ---------------------------------------------------------------------- */
/* Helpers                                                                */
/* ---------------------------------------------------------------------- */

/* A growing byte buffer used as a writer sink. */
typedef struct buf {
    char *data;
    size_t len, cap;
} buf;

static int buf_write(void *ctx, const char *p, size_t n)
{
    buf *b = ctx;
    return test_append(&b->data, &b->len, &b->cap, p, n) ? 0 : 1;
}

static pdn_sink buf_sink(buf *b)
{
    pdn_sink s = {buf_write, b};
    return s;
}

static void buf_free(buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

static int buf_equal(const buf *a, const buf *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* The full JSON of a game: positions, diagnostics and source order. */
static pdn_status game_json(const pdn_game *g, buf *out)
{
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    return pdn_write_json(g, &wo, buf_sink(out));
}

/* A callback reader over a memory block that hands out at most `chunk`
 * bytes per call. */
typedef struct chunked {
    const char *data;
    size_t len, pos, chunk;
    size_t calls;
    size_t fail_at; /* return (size_t)-1 once pos reaches this; SIZE_MAX: never */
} chunked;

static size_t chunked_read(void *ctx, char *out, size_t size)
{
    chunked *c = ctx;
    c->calls++;
    if (c->pos >= c->fail_at)
        return (size_t)-1;
    size_t n = c->len - c->pos;
    if (n > c->chunk)
        n = c->chunk;
    if (n > size)
        n = size;
    if (c->fail_at != SIZE_MAX && n > c->fail_at - c->pos)
        n = c->fail_at - c->pos;
    memcpy(out, c->data + c->pos, n);
    c->pos += n;
    return n;
}

/* Reads every game of a reader; appends each game's JSON to `out`. */
static pdn_status read_all_json(pdn_reader *r, buf *out, size_t *games)
{
    const pdn_game *g;
    pdn_status st;
    *games = 0;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
        (*games)++;
        pdn_status w = game_json(g, out);
        if (w != PDN_OK)
            return w;
    }
    return st;
}

/* Parses one game with default options (or `opts`); the caller frees it. */
static pdn_game *parse(const char *text, const pdn_read_options *opts)
{
    pdn_game *g = NULL;
    pdn_status st = pdn_game_parse(&g, text, strlen(text), opts);
    if (!CHECK(st == PDN_OK && g != NULL))
        fprintf(stderr, "    pdn_game_parse failed (%d) on: %s\n", (int)st, text);
    return g;
}

/* The i-th (0-based) child of a container, or NULL. */
static const pdn_node *child(const pdn_node *n, int i)
{
    const pdn_node *c = n ? pdn_node_first_child(n) : NULL;
    while (c && i-- > 0)
        c = pdn_node_next(c);
    return c;
}

/* The i-th (0-based) move of a sequence, skipping other items. */
static const pdn_node *nth_move(const pdn_node *seq, int i)
{
    for (const pdn_node *c = pdn_node_first_child(seq); c; c = pdn_node_next(c))
        if (pdn_node_kind_of(c) == PDN_NODE_MOVE && i-- == 0)
            return c;
    return NULL;
}

static int has_diag(const pdn_game *g, pdn_diag_code code)
{
    size_t n = 0;
    const pdn_diag *d = pdn_game_diags(g, &n);
    for (size_t i = 0; i < n; i++)
        if (d[i].code == code)
            return 1;
    return 0;
}

/* A game collection touching most constructs, used by the chunking tests.
 * It is also repeated, so it holds no unclosed comment: the next copy's '}'
 * would close it. */
static const char rich[] =
    "% a header line\n"
    "[Event \"Club \\\"match\\\"\"]\n"
    "[Site \"Utrecht\"]\n"
    "[Date \"2024.03.09\"]\n"
    "[Result \"2-0\"]\n"
    "[GameType \"20\"]\n"
    "\n"
    "{start} 1. {before} 32-28! {[%clk 1:55:21] after} $1 19-23 (18-23 38-32 (37-32? 23-29!)"
    " 12-18) 2. 28x19 14x23 <19> 3. 33-28 ... 18-22 4. - - 27x18 2-0\n"
    "\r\n"
    "[Event \"second\"]\r\n"
    "[GameType \"0\"]\r\n"
    "1. e4 e5 2. Nf3 {\xc3\xa9\xe2\x82\xac} Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 1-0\r\n"
    "[Event \"third\"]\r"
    "/FEN \"W:W31-50:B1-20\"/ 1. 31-26 17-21 ; semi\r"
    "2. a3-b4 3228 *\r"
    "[Event \"fourth\"]\n"
    "1. 32-28 } stray ) 19-23\n"
    "[Event \"fifth\"]\n"
    "1. 32-28 (1. 33-28 (1. 34-29\n"
    "*\n";

static const size_t rich_games = 5;

/* ---------------------------------------------------------------------- */
/* Buffer and callback readers agree                                      */
/* ---------------------------------------------------------------------- */

static void compare_chunkings(const char *text, size_t len, size_t want_games)
{
    buf ref = {0};
    size_t n = 0;
    pdn_reader *r = NULL;
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, text, len, NULL), PDN_OK);
    CHECK_EQ_INT(read_all_json(r, &ref, &n), PDN_DONE);
    CHECK_EQ_INT(n, want_games);
    CHECK_EQ_INT(pdn_reader_offset(r), len);
    pdn_reader_free(r);

    static const size_t chunks[] = {1, 7, 4096, 1u << 20, SIZE_MAX};
    for (size_t k = 0; k < sizeof chunks / sizeof chunks[0]; k++) {
        chunked c = {text, len, 0, chunks[k], 0, SIZE_MAX};
        buf got = {0};
        r = NULL;
        CHECK_EQ_INT(pdn_reader_new_callback(&r, chunked_read, &c, NULL), PDN_OK);
        CHECK_EQ_INT(read_all_json(r, &got, &n), PDN_DONE);
        CHECK_EQ_INT(n, want_games);
        if (!CHECK(buf_equal(&ref, &got)))
            fprintf(stderr, "    chunk size %zu: JSON differs from the buffer reader's\n",
                    chunks[k]);
        CHECK_EQ_INT(pdn_reader_offset(r), len);
        pdn_reader_free(r);
        buf_free(&got);
    }
    buf_free(&ref);
}

static void test_reader__chunking_small(void)
{
    compare_chunkings(rich, sizeof rich - 1, rich_games);
}

/* Enough input to pass the callback reader's first window several times,
 * with one game larger than that window, so the window both slides and
 * grows; CRLF pairs and UTF-8 sequences fall on every chunk boundary. */
static void test_reader__chunking_large(void)
{
    buf in = {0};
    size_t games = 0;
    while (in.len < 700 * 1024) {
        buf_write(&in, rich, sizeof rich - 1);
        games += rich_games;
    }
    static const char big_head[] = "[Event \"big\"]\r\n1. 32-28 {";
    buf_write(&in, big_head, sizeof big_head - 1);
    for (int i = 0; i < 40000; i++)
        buf_write(&in, "caf\xc3\xa9 \r\n", 8);
    static const char big_tail[] = "} 19-23 *\r\n";
    buf_write(&in, big_tail, sizeof big_tail - 1);
    games++;
    buf_write(&in, rich, sizeof rich - 1);
    games += rich_games;
    compare_chunkings(in.data, in.len, games);
    buf_free(&in);
}

/* Games of every length from a few bytes to twice the unread part below
 * which the window is refilled before a game (8 KB), over several windows:
 * the window's end falls inside games and their lookahead both before and
 * after such a refill, and at every distance from a game's start. */
static void test_reader__chunking_game_lengths(void)
{
    buf in = {0};
    size_t games = 0;
    for (unsigned k = 0; in.len < 600 * 1024; k++) {
        static const char head[] = "[White \"J\xc3\xbcrgen\"]\n\n1. 32-28 {";
        buf_write(&in, head, sizeof head - 1);
        unsigned n = (k * 7919u) % 17000;
        for (unsigned i = 0; i < n; i++) {
            if (i % 60 == 59)
                buf_write(&in, "\n", 1);
            else if (i % 11 == 0)
                buf_write(&in, "\xc3\xa9", 2);
            else
                buf_write(&in, "a", 1);
        }
        static const char tail[] = "} 19-23 2-0\n\n";
        buf_write(&in, tail, sizeof tail - 1);
        games++;
    }
    compare_chunkings(in.data, in.len, games);
    buf_free(&in);
}

/* The same in Latin-1, which is read from text converted ahead of the games
 * in pieces: games of every length up to many times a piece, so that the end
 * of what is converted falls inside games and their lookahead everywhere. */
static void test_reader__chunking_latin1(void)
{
    buf in = {0};
    size_t games = 0;
    static const char first[] = "[Event \"Caf\xe9\"]\r\n1. 32-28 *\r\n\r\n";
    buf_write(&in, first, sizeof first - 1);
    games++;
    for (unsigned k = 0; in.len < 400 * 1024; k++) {
        static const char head[] = "[White \"J\xfcrgen\"]\r\n\r\n1. 32-28 {";
        buf_write(&in, head, sizeof head - 1);
        /* Comments of up to 1,000 bytes, once in a while 90,000. */
        unsigned n = (k * 7919u) % 23 == 0 ? 90000 : (k * 7919u) % 1000;
        for (unsigned i = 0; i < n; i++)
            buf_write(&in, i % 50 == 49 ? "\r\n" : i % 7 == 0 ? "\xe9" : "a", i % 50 == 49 ? 2 : 1);
        static const char tail[] = "} 19-23 2-0\r\n\r\n";
        buf_write(&in, tail, sizeof tail - 1);
        games++;
    }
    compare_chunkings(in.data, in.len, games);
    buf_free(&in);
}

/* Inputs that end right after a token, read from heap blocks of their exact
 * size, so that a sanitizer build sees any read past the caller's buffer.
 * Long runs of moves first, so that the parser's fast path has room. */
static void test_reader__exact_buffer_end(void)
{
    static const char *const tails[] = {
        "33-28", "33x28", "1.", "1...", "2-0", "*", "{c}", "(33-28", "(33-28)", "$1",
        "32-28!", "- -", "a3-b4", "3328", "33-28 <42", "\xc2\xbd-\xc2\xbd", "/FEN \"B::\"/",
        "[Event \"x\"]", "[Event \"x", "% line", "; line", "...", "1-1",
    };
    buf prefix = {0};
    for (int i = 0; i < 40; i++)
        buf_write(&prefix, "1. 32-28 19-23 ", 15);
    for (size_t k = 0; k < sizeof tails / sizeof tails[0]; k++) {
        for (int with_prefix = 0; with_prefix < 2; with_prefix++) {
            size_t tl = strlen(tails[k]), pl = with_prefix ? prefix.len : 0;
            char *data = malloc(pl + tl);
            if (!CHECK(data != NULL))
                return;
            memcpy(data, prefix.data, pl);
            memcpy(data + pl, tails[k], tl);
            pdn_reader *r = NULL;
            const pdn_game *g;
            pdn_status st;
            size_t n = 0;
            CHECK_EQ_INT(pdn_reader_new_buffer(&r, data, pl + tl, NULL), PDN_OK);
            while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
                buf j = {0};
                CHECK_EQ_INT(game_json(g, &j), PDN_OK);
                buf_free(&j);
                n++;
            }
            CHECK_EQ_INT(st, PDN_DONE);
            CHECK(n >= 1);
            CHECK_EQ_INT(pdn_reader_offset(r), pl + tl);
            pdn_reader_free(r);
            free(data);
        }
    }
    buf_free(&prefix);
}

/* ---------------------------------------------------------------------- */
/* Counting, cloning, PDN_DONE                                            */
/* ---------------------------------------------------------------------- */

static size_t count_games(const char *text)
{
    pdn_reader *r = NULL;
    const pdn_game *g;
    size_t n = 0;
    pdn_status st;
    if (pdn_reader_new_buffer(&r, text, strlen(text), NULL) != PDN_OK)
        return (size_t)-1;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK)
        n++;
    pdn_reader_free(r);
    return st == PDN_DONE ? n : (size_t)-1;
}

static void test_reader__game_counts(void)
{
    CHECK_EQ_INT(count_games(""), 0);
    CHECK_EQ_INT(count_games(" \n\r\n\t "), 0);
    CHECK_EQ_INT(count_games("*"), 1);
    CHECK_EQ_INT(count_games("1. 32-28 *"), 1);
    CHECK_EQ_INT(count_games("1. 32-28 * 1. 33-28 * 1. 34-29 *"), 3);
    CHECK_EQ_INT(count_games("1. 32-28 2-0 19-23 0-2"), 2);
    /* A game without terminator ends at the next game's header. */
    CHECK_EQ_INT(count_games("[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-28\n"), 2);
    /* Header-only games. */
    CHECK_EQ_INT(count_games("[Event \"a\"]\n\n[Event \"b\"]\n*\n"), 2);
    CHECK_EQ_INT(count_games(rich), rich_games);
}

static void test_reader__index_and_offset(void)
{
    static const char text[] = "1. 32-28 *\n[Event \"b\"]\n1. 33-28 *\n";
    pdn_reader *r = NULL;
    const pdn_game *g;
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, text, sizeof text - 1, NULL), PDN_OK);
    CHECK_EQ_INT(pdn_reader_offset(r), 0);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_OK);
    CHECK_EQ_INT(pdn_game_index(g), 1);
    CHECK_EQ_INT(pdn_game_input_offset(g), 0);
    CHECK_EQ_INT(pdn_reader_offset(r), 10); /* just after the '*' */
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_OK);
    CHECK_EQ_INT(pdn_game_index(g), 2);
    CHECK_EQ_INT(pdn_game_input_offset(g), 10);
    pdn_str t = pdn_game_text(g);
    CHECK(t.len >= 1 && t.ptr[0] == '\n');
    CHECK_EQ_INT(pdn_game_tags(g, NULL) != NULL, 1);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    CHECK(g == NULL);
    CHECK_EQ_INT(pdn_reader_offset(r), sizeof text - 1);
    pdn_reader_free(r);
}

static void test_reader__clone_outlives_reader(void)
{
    /* Callback mode with small chunks: the window moves under the game. */
    buf in = {0};
    for (int i = 0; i < 3000; i++)
        buf_write(&in, rich, sizeof rich - 1);
    chunked c = {in.data, in.len, 0, 7, 0, SIZE_MAX};
    pdn_reader *r = NULL;
    const pdn_game *g;
    CHECK_EQ_INT(pdn_reader_new_callback(&r, chunked_read, &c, NULL), PDN_OK);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_OK);
    buf before = {0}, after = {0}, again = {0};
    CHECK_EQ_INT(game_json(g, &before), PDN_OK);
    pdn_game *copy = NULL;
    CHECK_EQ_INT(pdn_game_clone(&copy, g, NULL), PDN_OK);
    CHECK(copy != NULL && copy != (pdn_game *)g);

    size_t n = 1;
    while (pdn_reader_next(r, &g) == PDN_OK)
        n++;
    CHECK_EQ_INT(n, 3000 * rich_games);
    CHECK_EQ_INT(game_json(copy, &after), PDN_OK);
    CHECK(buf_equal(&before, &after));
    pdn_reader_free(r);

    /* Still valid with the reader gone; a clone of a clone is equal too. */
    pdn_game *copy2 = NULL;
    CHECK_EQ_INT(pdn_game_clone(&copy2, copy, NULL), PDN_OK);
    pdn_game_free(copy);
    CHECK_EQ_INT(game_json(copy2, &again), PDN_OK);
    CHECK(buf_equal(&before, &again));
    CHECK_STR(pdn_game_tag(copy2, "Site")->value.ptr, pdn_game_tag(copy2, "Site")->value.len,
              "Utrecht");
    pdn_game_free(copy2);
    buf_free(&before);
    buf_free(&after);
    buf_free(&again);
    buf_free(&in);
}

static void test_reader__done_sticks(void)
{
    static const char text[] = "1. 32-28 *\n";
    pdn_reader *r = NULL;
    const pdn_game *g;
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, text, sizeof text - 1, NULL), PDN_OK);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_OK);
    for (int i = 0; i < 5; i++) {
        g = (const pdn_game *)1;
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
        CHECK(g == NULL);
    }
    pdn_reader_free(r);

    /* The callback is not called again after it reported the end. */
    chunked c = {text, sizeof text - 1, 0, 3, 0, SIZE_MAX};
    CHECK_EQ_INT(pdn_reader_new_callback(&r, chunked_read, &c, NULL), PDN_OK);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_OK);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    size_t calls = c.calls;
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    CHECK_EQ_INT(c.calls, calls);
    pdn_reader_free(r);

    /* Empty input: DONE at once, and again. */
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, NULL, 0, NULL), PDN_OK);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    pdn_reader_free(r);
}

/* ---------------------------------------------------------------------- */
/* Iterator                                                               */
/* ---------------------------------------------------------------------- */

/* Appends a short name of the event to `out`: "+R" enter root, "-V" exit
 * variation, "+32-28" enter a move, "+{c}" a comment, "+$1" a NAG. */
static void describe(buf *out, pdn_event ev, const pdn_node *n)
{
    char tmp[64];
    int len = 0;
    char sign = ev == PDN_EVENT_ENTER ? '+' : '-';
    switch (pdn_node_kind_of(n)) {
    case PDN_NODE_ROOT:
        len = snprintf(tmp, sizeof tmp, " %cR", sign);
        break;
    case PDN_NODE_HEADER:
        len = snprintf(tmp, sizeof tmp, " %cH", sign);
        break;
    case PDN_NODE_VARIATION:
        len = snprintf(tmp, sizeof tmp, " %cV", sign);
        break;
    case PDN_NODE_MOVE: {
        pdn_move m;
        pdn_node_move(&m, n);
        if (m.kind == PDN_MOVE_SQUARES && m.square_count >= 2)
            len = snprintf(tmp, sizeof tmp, " %c%u-%u", sign, (unsigned)m.squares[0],
                           (unsigned)m.squares[m.square_count - 1]);
        else
            len = snprintf(tmp, sizeof tmp, " %cmove", sign);
        break;
    }
    case PDN_NODE_COMMENT: {
        pdn_str t = pdn_node_text(n);
        len = snprintf(tmp, sizeof tmp, " %c{%.*s}", sign, (int)t.len, t.ptr);
        break;
    }
    case PDN_NODE_NAG:
        len = snprintf(tmp, sizeof tmp, " %c$%u", sign, pdn_node_nag(n));
        break;
    case PDN_NODE_SETUP:
        len = snprintf(tmp, sizeof tmp, " %c/", sign);
        break;
    }
    buf_write(out, tmp, (size_t)len);
}

/* The events of a walk from `top`, as one string (NUL-terminated). */
static void walk(const pdn_node *top, buf *out)
{
    pdn_iter it;
    pdn_event ev;
    out->len = 0;
    pdn_iter_init(&it, top);
    int guard = 0;
    while ((ev = pdn_iter_next(&it)) != PDN_EVENT_DONE && guard++ < 1000)
        describe(out, ev, it.node);
    buf_write(out, "", 1);
    /* DONE sticks. */
    CHECK_EQ_INT(pdn_iter_next(&it), PDN_EVENT_DONE);
    CHECK_EQ_INT(pdn_iter_next(&it), PDN_EVENT_DONE);
}

#define CHECK_WALK(b, want)                                                                        \
    do {                                                                                           \
        if (!CHECK(strcmp((b)->data, (want)) == 0))                                                \
            fprintf(stderr, "    got      \"%s\"\n    expected \"%s\"\n", (b)->data, (want));      \
    } while (0)

static void test_iter__order(void)
{
    pdn_game *g = parse("[Event \"it\"]\n{c} 1. 32-28 $1 (1. 33-28 {v} (1. 34-29) 19-23 ()) "
                        "19-23 (18-23 (17-22) (16-21)) *",
                        NULL);
    if (!g)
        return;
    buf b = {0};
    walk(pdn_game_root(g), &b);
    CHECK_WALK(&b, " +R +{c} +32-28 +$1 +V +33-28 +{v} +V +34-29 -V +19-23 +V -V -V +19-23"
                   " +V +18-23 +V +17-22 -V +V +16-21 -V -V -R");

    /* Starting from a variation walks that variation only. */
    const pdn_node *var = child(pdn_game_root(g), 3);
    CHECK(var != NULL && pdn_node_kind_of(var) == PDN_NODE_VARIATION);
    walk(var, &b);
    CHECK_WALK(&b, " +V +33-28 +{v} +V +34-29 -V +19-23 +V -V -V");
    /* An inner variation, and the empty one. */
    walk(child(var, 2), &b);
    CHECK_WALK(&b, " +V +34-29 -V");
    walk(child(var, 4), &b);
    CHECK_WALK(&b, " +V -V");
    /* A leaf as the top: one ENTER, no EXIT. */
    walk(child(pdn_game_root(g), 1), &b);
    CHECK_WALK(&b, " +32-28");
    /* The header sequence is empty here. */
    walk(pdn_game_header(g), &b);
    CHECK_WALK(&b, " +H -H");

    /* A NULL top gives DONE at once. */
    pdn_iter it;
    pdn_iter_init(&it, NULL);
    CHECK_EQ_INT(pdn_iter_next(&it), PDN_EVENT_DONE);

    /* Events carry the node: ENTER and EXIT of a container name the same node. */
    pdn_iter_init(&it, var);
    CHECK_EQ_INT(pdn_iter_next(&it), PDN_EVENT_ENTER);
    CHECK(it.node == var && it.event == PDN_EVENT_ENTER);
    pdn_event ev;
    const pdn_node *last = NULL;
    while ((ev = pdn_iter_next(&it)) != PDN_EVENT_DONE)
        last = it.node;
    CHECK(last == var);
    buf_free(&b);
    pdn_game_free(g);
}

static void test_iter__parent_links(void)
{
    pdn_game *g = parse("1. 32-28 (1. 33-28 (1. 34-29)) *", NULL);
    if (!g)
        return;
    const pdn_node *root = pdn_game_root(g);
    const pdn_node *m = child(root, 0), *v = child(root, 1);
    CHECK(pdn_node_parent(root) == NULL);
    CHECK(pdn_node_parent(pdn_game_header(g)) == NULL);
    CHECK(pdn_node_parent(m) == root);
    CHECK(pdn_node_parent(v) == root);
    CHECK(pdn_node_parent(child(v, 0)) == v);
    CHECK(pdn_node_parent(child(child(v, 1), 0)) == child(v, 1));
    CHECK(pdn_node_prev(m) == NULL);
    CHECK(pdn_node_next(v) == NULL);
    CHECK(pdn_node_prev(v) == m);
    CHECK(pdn_node_first_child(m) == NULL);
    pdn_game_free(g);
}

/* ---------------------------------------------------------------------- */
/* Line and column                                                        */
/* ---------------------------------------------------------------------- */

static void check_pos(const pdn_game *g, uint32_t offset, uint64_t line, uint32_t col,
                      const char *what)
{
    uint64_t l = 0;
    uint32_t c = 0;
    pdn_game_locate(g, offset, &l, &c);
    if (!CHECK(l == line && c == col))
        fprintf(stderr, "    %s: got %llu:%u, expected %llu:%u\n", what, (unsigned long long)l,
                c, (unsigned long long)line, col);
}

static void check_node_pos(const pdn_game *g, const pdn_node *n, uint64_t line, uint32_t col,
                           const char *what)
{
    if (!CHECK(n != NULL))
        return;
    check_pos(g, pdn_node_offset(n), line, col, what);
}

/* Each game's positions, with the text fed through a callback in chunks
 * of 1 byte (so a CR and its LF never arrive together) and as a buffer. */
static void locate_case(const char *text, void (*check)(const pdn_game *, size_t))
{
    for (int mode = 0; mode < 2; mode++) {
        pdn_reader *r = NULL;
        chunked c = {text, strlen(text), 0, 1, 0, SIZE_MAX};
        if (mode == 0)
            CHECK_EQ_INT(pdn_reader_new_buffer(&r, text, strlen(text), NULL), PDN_OK);
        else
            CHECK_EQ_INT(pdn_reader_new_callback(&r, chunked_read, &c, NULL), PDN_OK);
        const pdn_game *g;
        size_t i = 0;
        while (pdn_reader_next(r, &g) == PDN_OK)
            check(g, i++);
        CHECK_EQ_INT(i, 2);
        pdn_reader_free(r);
    }
}

static void lf_check(const pdn_game *g, size_t i)
{
    if (i == 0) {
        check_pos(g, pdn_game_tags(g, NULL)[0].offset, 1, 1, "LF tag 1");
        check_pos(g, pdn_game_tags(g, NULL)[1].offset, 2, 1, "LF tag 2");
        check_node_pos(g, nth_move(pdn_game_root(g), 0), 3, 4, "LF move 1");
        check_node_pos(g, nth_move(pdn_game_root(g), 1), 4, 1, "LF move 2");
    } else {
        check_pos(g, pdn_game_tags(g, NULL)[0].offset, 6, 1, "LF game 2 tag");
        check_node_pos(g, nth_move(pdn_game_root(g), 0), 7, 4, "LF game 2 move");
    }
}

static void crlf_check(const pdn_game *g, size_t i)
{
    if (i == 0) {
        check_pos(g, pdn_game_tags(g, NULL)[1].offset, 2, 1, "CRLF tag 2");
        check_node_pos(g, nth_move(pdn_game_root(g), 0), 3, 4, "CRLF move 1");
        check_node_pos(g, nth_move(pdn_game_root(g), 1), 4, 1, "CRLF move 2");
    } else {
        check_pos(g, pdn_game_tags(g, NULL)[0].offset, 6, 1, "CRLF game 2 tag");
        check_node_pos(g, nth_move(pdn_game_root(g), 0), 7, 4, "CRLF game 2 move");
    }
}

static void test_locate__line_endings(void)
{
    locate_case("[Event \"a\"]\n[Site \"b\"]\n1. 32-28\n19-23 *\n\n[Event \"c\"]\n1. 33-28 *\n",
                lf_check);
    locate_case("[Event \"a\"]\r\n[Site \"b\"]\r\n1. 32-28\r\n19-23 *\r\n\r\n[Event \"c\"]\r\n"
                "1. 33-28 *\r\n",
                crlf_check);
    /* A lone CR ends a line like LF does. */
    locate_case("[Event \"a\"]\r[Site \"b\"]\r1. 32-28\r19-23 *\r\r[Event \"c\"]\r1. 33-28 *\r",
                crlf_check);
    /* Mixed: each of LF, CRLF and CR counts once; LF CR is two breaks. */
    locate_case("[Event \"a\"]\r\n[Site \"b\"]\r1. 32-28\n19-23 *\n\r[Event \"c\"]\r\n"
                "1. 33-28 *\n",
                crlf_check);
}

static void test_locate__utf8_columns(void)
{
    /* Columns count characters: é (2 bytes), € (3), U+1F600 (4). */
    pdn_game *g = parse("[Event \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"] {x}\n"
                        "{\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80} 32-28 \xe2\x82\xac 19-23 *",
                        NULL);
    if (!g)
        return;
    const pdn_node *root = pdn_game_root(g);
    /* The tag's ']' is at column 13; the comment {x} after it at 15. */
    check_node_pos(g, child(root, 0), 1, 15, "comment after the tag");
    check_node_pos(g, nth_move(root, 0), 2, 7, "move after the UTF-8 comment");
    check_node_pos(g, nth_move(root, 1), 2, 15, "move after a junk euro sign");
    /* The junk euro sign itself is a comment at column 13. */
    const pdn_node *junk = pdn_node_next(nth_move(root, 0));
    CHECK(junk != NULL && pdn_node_kind_of(junk) == PDN_NODE_COMMENT &&
          pdn_node_comment_kind(junk) == PDN_COMMENT_JUNK);
    check_node_pos(g, junk, 2, 13, "junk euro sign");
    /* Offsets beyond the text are clamped to its end. */
    uint64_t l1, l2;
    uint32_t c1, c2;
    pdn_str t = pdn_game_text(g);
    pdn_game_locate(g, (uint32_t)t.len, &l1, &c1);
    pdn_game_locate(g, UINT32_MAX, &l2, &c2);
    CHECK(l1 == l2 && c1 == c2);
    CHECK_EQ_INT(l1, 2);
    CHECK_EQ_INT(c1, 22);
    /* NULL outputs are allowed. */
    pdn_game_locate(g, 0, NULL, NULL);
    pdn_game_free(g);
}

/* ---------------------------------------------------------------------- */
/* BOM and encodings                                                      */
/* ---------------------------------------------------------------------- */

static void test_encoding__bom(void)
{
    static const char text[] = "\xef\xbb\xbf[Event \"x\"]\n1. 32-28 *\n";
    for (int mode = 0; mode < 2; mode++) {
        pdn_reader *r = NULL;
        chunked c = {text, sizeof text - 1, 0, 1, 0, SIZE_MAX};
        if (mode == 0)
            CHECK_EQ_INT(pdn_reader_new_buffer(&r, text, sizeof text - 1, NULL), PDN_OK);
        else
            CHECK_EQ_INT(pdn_reader_new_callback(&r, chunked_read, &c, NULL), PDN_OK);
        const pdn_game *g;
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_OK);
        if (g) {
            size_t nd = 0, nt = 0;
            pdn_game_diags(g, &nd);
            CHECK_EQ_INT(nd, 0);
            const pdn_tag *t = pdn_game_tags(g, &nt);
            CHECK_EQ_INT(nt, 1);
            CHECK(pdn_node_first_child(pdn_game_header(g)) == NULL);
            CHECK_EQ_INT(pdn_game_input_offset(g), 3);
            CHECK(pdn_game_text(g).ptr[0] == '[');
            check_pos(g, t[0].offset, 1, 1, "tag after the BOM");
            CHECK_EQ_INT(pdn_game_encoding(g), PDN_ENC_UTF8);
        }
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
        pdn_reader_free(r);
    }
    /* A BOM alone is no game. */
    CHECK_EQ_INT(count_games("\xef\xbb\xbf"), 0);
}

static void test_encoding__latin1(void)
{
    pdn_game *g = parse("[Event \"Caf\xe9\"]\n1. 32-28 {tr\xe8s} *\n", NULL);
    if (!g)
        return;
    const pdn_tag *t = pdn_game_tag(g, "Event");
    CHECK(t != NULL);
    if (t)
        CHECK_STR(t->value.ptr, t->value.len, "Caf\xc3\xa9");
    pdn_str c = pdn_node_text(child(pdn_game_root(g), 1));
    CHECK_STR(c.ptr, c.len, "tr\xc3\xa8s");
    CHECK_EQ_INT(pdn_game_encoding(g), PDN_ENC_LATIN1);
    CHECK(has_diag(g, PDN_D_ENCODING));
    /* The text handed out is UTF-8, and offsets index it. */
    pdn_str text = pdn_game_text(g);
    CHECK(text.len >= 12 && memcmp(text.ptr + 8, "Caf\xc3\xa9", 5) == 0);
    check_node_pos(g, child(pdn_game_root(g), 1), 2, 10, "comment after Latin-1 text");
    pdn_game_free(g);

    /* Windows-1252 bytes beyond Latin-1: 0x80 is the euro sign; 0x85 is an
     * ellipsis character, never a line break. */
    g = parse("[Event \"\x80 \x85\"]\n1. 32-28 *\n", NULL);
    if (g) {
        t = pdn_game_tag(g, "Event");
        if (CHECK(t != NULL))
            CHECK_STR(t->value.ptr, t->value.len, "\xe2\x82\xac \xe2\x80\xa6");
        check_node_pos(g, nth_move(pdn_game_root(g), 0), 2, 4, "0x85 is no line break");
        pdn_game_free(g);
    }
}

static void test_encoding__forced(void)
{
    pdn_read_options o = PDN_READ_OPTIONS_INIT;
    o.encoding = PDN_ENC_CP1251;
    /* "Привет" in Windows-1251. */
    pdn_game *g = parse("[Event \"\xcf\xf0\xe8\xe2\xe5\xf2\"]\n1. c3-d4 *\n", &o);
    if (g) {
        const pdn_tag *t = pdn_game_tag(g, "Event");
        if (CHECK(t != NULL))
            CHECK_STR(t->value.ptr, t->value.len,
                      "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82");
        CHECK_EQ_INT(pdn_game_encoding(g), PDN_ENC_CP1251);
        pdn_game_free(g);
    }
    /* The same letters in CP866. */
    o.encoding = PDN_ENC_CP866;
    g = parse("[Event \"\x8f\xe0\xa8\xa2\xa5\xe2\"]\n1. c3-d4 *\n", &o);
    if (g) {
        const pdn_tag *t = pdn_game_tag(g, "Event");
        if (CHECK(t != NULL))
            CHECK_STR(t->value.ptr, t->value.len,
                      "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82");
        CHECK_EQ_INT(pdn_game_encoding(g), PDN_ENC_CP866);
        pdn_game_free(g);
    }
    /* Told UTF-8: invalid bytes become U+FFFD, never Latin-1. */
    o.encoding = PDN_ENC_UTF8;
    g = parse("[Event \"a\xe9z\"]\n1. 32-28 *\n", &o);
    if (g) {
        const pdn_tag *t = pdn_game_tag(g, "Event");
        if (CHECK(t != NULL))
            CHECK_STR(t->value.ptr, t->value.len, "a\xef\xbf\xbdz");
        CHECK_EQ_INT(pdn_game_encoding(g), PDN_ENC_UTF8);
        pdn_game_free(g);
    }
    /* Valid UTF-8 is taken as such in AUTO mode. */
    g = parse("[Event \"\xc3\xa9\"]\n1. 32-28 *\n", NULL);
    if (g) {
        CHECK_EQ_INT(pdn_game_encoding(g), PDN_ENC_UTF8);
        CHECK(!has_diag(g, PDN_D_ENCODING));
        pdn_game_free(g);
    }
}

/* ---------------------------------------------------------------------- */
/* Fatal statuses                                                         */
/* ---------------------------------------------------------------------- */

static void test_status__eio(void)
{
    static const char text[] = "1. 32-28 *\n1. 33-28 *\n";
    /* Failing at once. */
    chunked c = {text, sizeof text - 1, 0, 4, 0, 0};
    pdn_reader *r = NULL;
    const pdn_game *g;
    CHECK_EQ_INT(pdn_reader_new_callback(&r, chunked_read, &c, NULL), PDN_OK);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_EIO);
    CHECK(g == NULL);
    pdn_reader_free(r);

    /* Failing after some input: the games before the failure... the reader
     * may or may not have returned them, but it ends with PDN_EIO. */
    buf in = {0};
    for (int i = 0; i < 40000; i++)
        buf_write(&in, text, sizeof text - 1);
    chunked c2 = {in.data, in.len, 0, 1000, 0, in.len / 2};
    CHECK_EQ_INT(pdn_reader_new_callback(&r, chunked_read, &c2, NULL), PDN_OK);
    pdn_status st;
    size_t n = 0;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK)
        n++;
    CHECK_EQ_INT(st, PDN_EIO);
    CHECK(n < 80000);
    pdn_reader_free(r);
    buf_free(&in);
}

static size_t never_called(void *ctx, char *out, size_t size)
{
    (void)ctx;
    (void)out;
    (void)size;
    return 0;
}

static void test_status__einval(void)
{
    pdn_reader *r = (pdn_reader *)1;
    const pdn_game *g;
    pdn_read_options o = PDN_READ_OPTIONS_INIT;

    CHECK_EQ_INT(pdn_reader_new_buffer(NULL, "x", 1, NULL), PDN_EINVAL);
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, NULL, 1, NULL), PDN_EINVAL);
    CHECK_EQ_INT(pdn_reader_new_callback(NULL, never_called, NULL, NULL), PDN_EINVAL);
    CHECK_EQ_INT(pdn_reader_new_callback(&r, NULL, NULL, NULL), PDN_EINVAL);

    o.version = PDN_READ_OPTIONS_VERSION + 1;
    r = (pdn_reader *)1;
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, "x", 1, &o), PDN_EINVAL);
    CHECK(r == NULL);
    r = (pdn_reader *)1;
    CHECK_EQ_INT(pdn_reader_new_callback(&r, never_called, NULL, &o), PDN_EINVAL);
    CHECK(r == NULL);
    o.version = 0;
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, "x", 1, &o), PDN_EINVAL);
    o = (pdn_read_options)PDN_READ_OPTIONS_INIT;
    o.mode = (pdn_mode)3;
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, "x", 1, &o), PDN_EINVAL);
    o = (pdn_read_options)PDN_READ_OPTIONS_INIT;
    o.encoding = (pdn_encoding)5;
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, "x", 1, &o), PDN_EINVAL);
    pdn_game *pg = (pdn_game *)1;
    o = (pdn_read_options)PDN_READ_OPTIONS_INIT;
    o.version = 99;
    CHECK_EQ_INT(pdn_game_parse(&pg, "*", 1, &o), PDN_EINVAL);
    CHECK(pg == NULL);
    CHECK_EQ_INT(pdn_game_parse(NULL, "*", 1, NULL), PDN_EINVAL);

    /* NULL data with zero length is an empty input. */
    CHECK_EQ_INT(pdn_reader_new_buffer(&r, NULL, 0, NULL), PDN_OK);
    CHECK_EQ_INT(pdn_reader_next(NULL, &g), PDN_EINVAL);
    CHECK_EQ_INT(pdn_reader_next(r, NULL), PDN_EINVAL);
    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    pdn_reader_free(r);
    pdn_reader_free(NULL);
    pdn_game_free(NULL);

    pdn_game *game = parse("1. 32-28 {c} *", NULL);
    if (!game)
        return;
    pdn_game *copy = (pdn_game *)1;
    CHECK_EQ_INT(pdn_game_clone(NULL, game, NULL), PDN_EINVAL);
    CHECK_EQ_INT(pdn_game_clone(&copy, NULL, NULL), PDN_EINVAL);
    pdn_move m;
    CHECK_EQ_INT(pdn_node_move(NULL, nth_move(pdn_game_root(game), 0)), PDN_EINVAL);
    CHECK_EQ_INT(pdn_node_move(&m, NULL), PDN_EINVAL);
    CHECK_EQ_INT(pdn_node_move(&m, child(pdn_game_root(game), 1)), PDN_EINVAL);
    CHECK_EQ_INT(pdn_node_move(&m, pdn_game_root(game)), PDN_EINVAL);

    buf b = {0};
    pdn_sink none = {NULL, NULL};
    CHECK_EQ_INT(pdn_write_pdn(NULL, NULL, buf_sink(&b)), PDN_EINVAL);
    CHECK_EQ_INT(pdn_write_pdn(game, NULL, none), PDN_EINVAL);
    CHECK_EQ_INT(pdn_write_json(NULL, NULL, buf_sink(&b)), PDN_EINVAL);
    CHECK_EQ_INT(pdn_write_json(game, NULL, none), PDN_EINVAL);
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.version = PDN_WRITE_OPTIONS_VERSION + 1;
    CHECK_EQ_INT(pdn_write_json(game, &wo, buf_sink(&b)), PDN_EINVAL);
    CHECK_EQ_INT(b.len, 0);
    /* NULL options are the defaults. */
    CHECK_EQ_INT(pdn_write_pdn(game, NULL, buf_sink(&b)), PDN_OK);
    CHECK(b.len > 0);
    buf_free(&b);
    pdn_game_free(game);
}

static int failing_sink(void *ctx, const char *p, size_t n)
{
    (void)ctx;
    (void)p;
    (void)n;
    return 1;
}

static void test_status__sink_failure(void)
{
    pdn_game *game = parse("[Event \"x\"]\n1. 32-28 {c} *", NULL);
    if (!game)
        return;
    pdn_sink s = {failing_sink, NULL};
    CHECK_EQ_INT(pdn_write_pdn(game, NULL, s), PDN_EIO);
    CHECK_EQ_INT(pdn_write_json(game, NULL, s), PDN_EIO);
    pdn_game_free(game);
    CHECK(strlen(pdn_status_str(PDN_EIO)) > 0);
    CHECK(strlen(pdn_status_str((pdn_status)-99)) > 0);
}

/* ---------------------------------------------------------------------- */
/* Tree attachment rules                                                  */
/* ---------------------------------------------------------------------- */

static void check_comment(const pdn_node *n, const char *text, pdn_attach attach,
                          pdn_comment_kind kind)
{
    if (!CHECK(n != NULL && pdn_node_kind_of(n) == PDN_NODE_COMMENT))
        return;
    pdn_str t = pdn_node_text(n);
    CHECK_STR(t.ptr, t.len, text);
    CHECK_EQ_INT(pdn_node_attach(n), attach);
    CHECK_EQ_INT(pdn_node_comment_kind(n), kind);
}

static void test_tree__comments(void)
{
    pdn_game *g = parse("[Event \"x\"]\n{s} 1. {b} 32-28 {a1} {a2} 19-23 ; semi\n2. 33-29 *", NULL);
    if (!g)
        return;
    const pdn_node *r = pdn_game_root(g);
    check_comment(child(r, 0), "s", PDN_ATTACH_START, PDN_COMMENT_BRACE);
    check_comment(child(r, 1), "b", PDN_ATTACH_BEFORE, PDN_COMMENT_BRACE);
    CHECK(child(r, 2) == nth_move(r, 0));
    check_comment(child(r, 3), "a1", PDN_ATTACH_AFTER, PDN_COMMENT_BRACE);
    check_comment(child(r, 4), "a2", PDN_ATTACH_AFTER, PDN_COMMENT_BRACE);
    check_comment(child(r, 6), " semi", PDN_ATTACH_AFTER, PDN_COMMENT_SEMI);
    CHECK(pdn_game_header(g) != NULL && pdn_node_first_child(pdn_game_header(g)) == NULL);
    pdn_game_free(g);

    /* In a variation: start, before (with a black move number), after. */
    g = parse("1. 32-28 ({v} 1. {w} 33-28 {x} 1... {y} 19-23) *", NULL);
    if (!g)
        return;
    const pdn_node *v = child(pdn_game_root(g), 1);
    CHECK(v != NULL && pdn_node_kind_of(v) == PDN_NODE_VARIATION);
    check_comment(child(v, 0), "v", PDN_ATTACH_START, PDN_COMMENT_BRACE);
    check_comment(child(v, 1), "w", PDN_ATTACH_BEFORE, PDN_COMMENT_BRACE);
    check_comment(child(v, 3), "x", PDN_ATTACH_AFTER, PDN_COMMENT_BRACE);
    check_comment(child(v, 4), "y", PDN_ATTACH_BEFORE, PDN_COMMENT_BRACE);
    pdn_game_free(g);

    /* Header comments: '%' and ';' lines among the tags. */
    g = parse("% percent\n[Event \"x\"]\n; semi\n[Site \"y\"]\n1. 32-28 *", NULL);
    if (!g)
        return;
    const pdn_node *h = pdn_game_header(g);
    CHECK_EQ_INT(pdn_node_kind_of(h), PDN_NODE_HEADER);
    check_comment(child(h, 0), " percent", PDN_ATTACH_START, PDN_COMMENT_PERCENT);
    check_comment(child(h, 1), " semi", PDN_ATTACH_START, PDN_COMMENT_SEMI);
    CHECK(child(h, 2) == NULL);
    CHECK(pdn_node_parent(child(h, 0)) == h);
    pdn_game_free(g);
}

static void test_tree__nags(void)
{
    pdn_game *g = parse("[Event \"x\"]\n$3 1. $4 32-28 $1 $14 (1. 33-28 $2) 19-23 *", NULL);
    if (!g)
        return;
    const pdn_node *r = pdn_game_root(g);
    const pdn_node *n0 = child(r, 0), *n1 = child(r, 1), *n3 = child(r, 3), *n4 = child(r, 4);
    CHECK(n0 && pdn_node_kind_of(n0) == PDN_NODE_NAG && pdn_node_nag(n0) == 3 &&
          pdn_node_attach(n0) == PDN_ATTACH_START);
    CHECK(n1 && pdn_node_kind_of(n1) == PDN_NODE_NAG && pdn_node_nag(n1) == 4 &&
          pdn_node_attach(n1) == PDN_ATTACH_BEFORE);
    CHECK(n3 && pdn_node_nag(n3) == 1 && pdn_node_attach(n3) == PDN_ATTACH_AFTER);
    CHECK(n4 && pdn_node_nag(n4) == 14 && pdn_node_attach(n4) == PDN_ATTACH_AFTER);
    const pdn_node *v = child(r, 5);
    CHECK(v && pdn_node_kind_of(v) == PDN_NODE_VARIATION);
    const pdn_node *vn = child(v, 1);
    CHECK(vn && pdn_node_nag(vn) == 2 && pdn_node_attach(vn) == PDN_ATTACH_AFTER);
    /* pdn_node_nag of a non-NAG is 0. */
    CHECK_EQ_INT(pdn_node_nag(nth_move(r, 0)), 0);
    /* A forced-move star is NAG 7 after its move. */
    pdn_game_free(g);
    g = parse("1. 27-20* 15x24 *", NULL);
    if (g) {
        const pdn_node *s = child(pdn_game_root(g), 1);
        CHECK(s && pdn_node_kind_of(s) == PDN_NODE_NAG && pdn_node_nag(s) == 7 &&
              pdn_node_attach(s) == PDN_ATTACH_AFTER);
        CHECK(has_diag(g, PDN_D_STRENGTH_STAR));
        pdn_game_free(g);
    }
}

/* The variation's alternative: the nearest move before it in its sequence. */
static const pdn_node *alternative_of(const pdn_node *var)
{
    for (const pdn_node *p = pdn_node_prev(var); p; p = pdn_node_prev(p))
        if (pdn_node_kind_of(p) == PDN_NODE_MOVE)
            return p;
    return NULL;
}

static void test_tree__variations(void)
{
    pdn_game *g = parse("1. 32-28 {c} $2 (1. 33-28) (1. 34-29 (1... 18-23) 19-23) 19-23 "
                        "(18-23 ( 17-22 ) ) *",
                        NULL);
    if (!g)
        return;
    const pdn_node *r = pdn_game_root(g);
    const pdn_node *v1 = child(r, 3), *v2 = child(r, 4), *v3 = child(r, 6);
    CHECK(v1 && pdn_node_kind_of(v1) == PDN_NODE_VARIATION);
    CHECK(v2 && pdn_node_kind_of(v2) == PDN_NODE_VARIATION);
    CHECK(v3 && pdn_node_kind_of(v3) == PDN_NODE_VARIATION);
    CHECK(alternative_of(v1) == nth_move(r, 0));
    CHECK(alternative_of(v2) == nth_move(r, 0));
    CHECK(alternative_of(v3) == nth_move(r, 1));
    /* Nested: an alternative to the move before it inside the variation. */
    const pdn_node *inner = child(v2, 1);
    CHECK(inner && pdn_node_kind_of(inner) == PDN_NODE_VARIATION);
    CHECK(alternative_of(inner) == nth_move(v2, 0));
    const pdn_node *deep = child(v3, 1);
    CHECK(deep && pdn_node_kind_of(deep) == PDN_NODE_VARIATION);
    CHECK(alternative_of(deep) == nth_move(v3, 0));
    /* A variation's span covers its parentheses. */
    pdn_str t = pdn_game_text(g);
    CHECK(t.ptr[pdn_node_offset(v1)] == '(');
    CHECK(t.ptr[pdn_node_offset(v1) + pdn_node_length(v1) - 1] == ')');
    pdn_game_free(g);

    /* Unclosed variations are closed at the game's end, with diagnostics. */
    g = parse("1. 32-28 (1. 33-28 (1. 34-29 *", NULL);
    if (g) {
        size_t nd = 0, unclosed = 0;
        const pdn_diag *d = pdn_game_diags(g, &nd);
        for (size_t i = 0; i < nd; i++)
            unclosed += d[i].code == PDN_D_UNCLOSED_VARIATION;
        CHECK_EQ_INT(unclosed, 2);
        const pdn_node *a = child(pdn_game_root(g), 1);
        CHECK(a && pdn_node_kind_of(a) == PDN_NODE_VARIATION);
        CHECK(child(a, 1) && pdn_node_kind_of(child(a, 1)) == PDN_NODE_VARIATION);
        CHECK_EQ_INT(pdn_game_terminator(g, NULL), PDN_TERM_ASTERISK);
        pdn_game_free(g);
    }
}

static void test_tree__setups(void)
{
    pdn_game *g = parse("/FEN \"W:W31-50:B1-20\"/ 1. 31-26 /FEN \"B::\"/ ( /FEN \"W:WK10:B12\"/"
                        " 10-5 ) *",
                        NULL);
    if (!g)
        return;
    const pdn_node *r = pdn_game_root(g);
    const pdn_node *s0 = child(r, 0), *s1 = child(r, 2), *v = child(r, 3);
    CHECK(s0 && pdn_node_kind_of(s0) == PDN_NODE_SETUP);
    pdn_str t = pdn_node_text(s0);
    CHECK_STR(t.ptr, t.len, "W:W31-50:B1-20");
    CHECK(s1 && pdn_node_kind_of(s1) == PDN_NODE_SETUP);
    t = pdn_node_text(s1);
    CHECK_STR(t.ptr, t.len, "B::");
    CHECK(v && pdn_node_kind_of(child(v, 0)) == PDN_NODE_SETUP);
    t = pdn_node_text(child(v, 0));
    CHECK_STR(t.ptr, t.len, "W:WK10:B12");
    /* The node's span is the whole /FEN "..."/. */
    pdn_str text = pdn_game_text(g);
    CHECK_EQ_INT(pdn_node_offset(s0), 0);
    CHECK_EQ_INT(pdn_node_length(s0), 22);
    CHECK(text.ptr[pdn_node_offset(s1) + pdn_node_length(s1) - 1] == '/');
    /* Text of a move or NAG is empty. */
    CHECK_EQ_INT(pdn_node_text(nth_move(r, 0)).len, 0);
    pdn_game_free(g);
}

/* ---------------------------------------------------------------------- */
/* pdn_node_move                                                          */
/* ---------------------------------------------------------------------- */

static int get_move(const pdn_game *g, int i, pdn_move *m)
{
    const pdn_node *n = g ? nth_move(pdn_game_root(g), i) : NULL;
    memset(m, 0, sizeof *m);
    if (!CHECK(n != NULL))
        return 0;
    return CHECK(pdn_node_move(m, n) == PDN_OK);
}

static void check_squares(const pdn_move *m, const pdn_square *want, size_t n)
{
    CHECK_EQ_INT(m->kind, PDN_MOVE_SQUARES);
    if (!CHECK(m->square_count == n && m->squares != NULL)) {
        fprintf(stderr, "    square_count %zu, expected %zu\n", m->square_count, n);
        return;
    }
    for (size_t i = 0; i < n; i++)
        CHECK_EQ_INT(m->squares[i], want[i]);
}

static void test_move__numeric(void)
{
    pdn_game *g = parse("[GameType \"20\"]\n1. 32-28 19x23 2. 28:19 14X23 3. 3328 47x38x29x20 *",
                        NULL);
    if (!g)
        return;
    pdn_move m;
    if (get_move(g, 0, &m)) {
        check_squares(&m, (const pdn_square[]){32, 28}, 2);
        CHECK_EQ_INT(m.separator, PDN_SEP_MOVE);
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_WHITE);
        CHECK_EQ_INT(m.number, 1);
        CHECK(m.captured == NULL && m.captured_count == 0);
        CHECK_EQ_INT(m.strength.len, 0);
        CHECK_EQ_INT(m.san.len, 0);
    }
    if (get_move(g, 1, &m)) {
        check_squares(&m, (const pdn_square[]){19, 23}, 2);
        CHECK_EQ_INT(m.separator, PDN_SEP_CAPTURE);
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_NONE);
        CHECK_EQ_INT(m.number, 0);
    }
    if (get_move(g, 2, &m)) {
        check_squares(&m, (const pdn_square[]){28, 19}, 2);
        CHECK_EQ_INT(m.separator, PDN_SEP_COLON);
        CHECK_EQ_INT(m.number, 2);
    }
    if (get_move(g, 3, &m)) {
        check_squares(&m, (const pdn_square[]){14, 23}, 2);
        CHECK_EQ_INT(m.separator, PDN_SEP_CAPTURE);
    }
    if (get_move(g, 4, &m)) {
        check_squares(&m, (const pdn_square[]){33, 28}, 2);
        CHECK_EQ_INT(m.separator, PDN_SEP_NONE);
    }
    if (get_move(g, 5, &m)) {
        check_squares(&m, (const pdn_square[]){47, 38, 29, 20}, 4);
        CHECK_EQ_INT(m.separator, PDN_SEP_CAPTURE);
    }
    CHECK(has_diag(g, PDN_D_NO_SEPARATOR));
    pdn_game_free(g);
}

static void test_move__algebraic(void)
{
    pdn_game *g = parse("[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. a3b4 H6-G5 *", NULL);
    if (!g)
        return;
    pdn_move m;
    if (get_move(g, 0, &m)) {
        check_squares(&m, (const pdn_square[]){PDN_SQUARE_MAKE_ALPHA(2, 3),
                                               PDN_SQUARE_MAKE_ALPHA(3, 4)},
                      2);
        CHECK(PDN_SQUARE_IS_ALPHA(m.squares[0]));
        CHECK_EQ_INT(PDN_SQUARE_FILE(m.squares[0]), 2);
        CHECK_EQ_INT(PDN_SQUARE_RANK(m.squares[0]), 3);
        CHECK_EQ_INT(m.separator, PDN_SEP_MOVE);
    }
    if (get_move(g, 2, &m)) {
        check_squares(&m, (const pdn_square[]){PDN_SQUARE_MAKE_ALPHA(3, 4),
                                               PDN_SQUARE_MAKE_ALPHA(5, 6)},
                      2);
        CHECK_EQ_INT(m.separator, PDN_SEP_CAPTURE);
    }
    if (get_move(g, 4, &m)) {
        check_squares(&m, (const pdn_square[]){PDN_SQUARE_MAKE_ALPHA(0, 3),
                                               PDN_SQUARE_MAKE_ALPHA(1, 4)},
                      2);
        CHECK_EQ_INT(m.separator, PDN_SEP_NONE);
    }
    if (get_move(g, 5, &m)) {
        check_squares(&m, (const pdn_square[]){PDN_SQUARE_MAKE_ALPHA(7, 6),
                                               PDN_SQUARE_MAKE_ALPHA(6, 5)},
                      2);
        CHECK(has_diag(g, PDN_D_SQUARE_CASE));
    }
    pdn_game_free(g);
}

static void test_move__numbers(void)
{
    pdn_game *g = parse("1. 32-28 1... 19-23 2. ... 28x19 ... 14x23 3.32-28 4...18-23 *", NULL);
    if (!g)
        return;
    pdn_move m;
    if (get_move(g, 0, &m)) {
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_WHITE);
        CHECK_EQ_INT(m.number, 1);
    }
    if (get_move(g, 1, &m)) {
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_BLACK);
        CHECK_EQ_INT(m.number, 1);
    }
    if (get_move(g, 2, &m)) { /* "2. ..." means black's second move */
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_BLACK);
        CHECK_EQ_INT(m.number, 2);
        check_squares(&m, (const pdn_square[]){28, 19}, 2);
    }
    if (get_move(g, 3, &m)) { /* a bare "..." */
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_BLACK);
        CHECK_EQ_INT(m.number, 0);
        check_squares(&m, (const pdn_square[]){14, 23}, 2);
    }
    if (get_move(g, 4, &m)) { /* glued to its move */
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_WHITE);
        CHECK_EQ_INT(m.number, 3);
        check_squares(&m, (const pdn_square[]){32, 28}, 2);
    }
    if (get_move(g, 5, &m)) {
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_BLACK);
        CHECK_EQ_INT(m.number, 4);
        check_squares(&m, (const pdn_square[]){18, 23}, 2);
    }
    CHECK(has_diag(g, PDN_D_ELLIPSIS));
    pdn_game_free(g);
}

static void test_move__strength_and_extras(void)
{
    pdn_game *g = parse("1. 32-28! 19-23? 2. 33-29!? 23x34(?) 3. 39x30(!) 47x36 <42,29> "
                        "4. - - 14-19 ! *",
                        NULL);
    if (!g)
        return;
    pdn_move m;
    if (get_move(g, 0, &m))
        CHECK_STR(m.strength.ptr, m.strength.len, "!");
    if (get_move(g, 1, &m))
        CHECK_STR(m.strength.ptr, m.strength.len, "?");
    if (get_move(g, 2, &m))
        CHECK_STR(m.strength.ptr, m.strength.len, "!?");
    if (get_move(g, 3, &m)) {
        CHECK_STR(m.strength.ptr, m.strength.len, "(?)");
        check_squares(&m, (const pdn_square[]){23, 34}, 2);
    }
    if (get_move(g, 4, &m))
        CHECK_STR(m.strength.ptr, m.strength.len, "(!)");
    if (get_move(g, 5, &m)) {
        check_squares(&m, (const pdn_square[]){47, 36}, 2);
        if (CHECK(m.captured != NULL && m.captured_count == 2)) {
            CHECK_EQ_INT(m.captured[0], 42);
            CHECK_EQ_INT(m.captured[1], 29);
        }
        CHECK(has_diag(g, PDN_D_CAPTURED_LIST));
    }
    if (get_move(g, 6, &m)) {
        CHECK_EQ_INT(m.kind, PDN_MOVE_UNKNOWN);
        CHECK_EQ_INT(m.number_kind, PDN_NUMBER_WHITE);
        CHECK_EQ_INT(m.number, 4);
        CHECK_EQ_INT(m.square_count, 0);
        CHECK(has_diag(g, PDN_D_UNKNOWN_MOVE));
    }
    if (get_move(g, 7, &m)) {
        /* "14-19 !": a strength apart from its move, with a diagnostic. */
        CHECK_STR(m.strength.ptr, m.strength.len, "!");
        CHECK(has_diag(g, PDN_D_STRENGTH_SPACE));
    }
    pdn_game_free(g);
}

static void test_move__san(void)
{
    pdn_game *g = parse("[GameType \"0\"]\n1. e4 e5 2. Nf3 Nbd7+!? 3. O-O exd8=Q# 4. Raxe1 *",
                        NULL);
    if (!g)
        return;
    CHECK_EQ_INT(pdn_game_type(g), 0);
    pdn_move m;
    if (get_move(g, 0, &m)) {
        CHECK_EQ_INT(m.kind, PDN_MOVE_SAN);
        CHECK_STR(m.san.ptr, m.san.len, "e4");
        CHECK_EQ_INT(m.number, 1);
        CHECK_EQ_INT(m.square_count, 0);
    }
    if (get_move(g, 3, &m)) {
        CHECK_EQ_INT(m.kind, PDN_MOVE_SAN);
        CHECK_STR(m.san.ptr, m.san.len, "Nbd7+");
        CHECK_STR(m.strength.ptr, m.strength.len, "!?");
    }
    if (get_move(g, 4, &m))
        CHECK_STR(m.san.ptr, m.san.len, "O-O");
    if (get_move(g, 5, &m))
        CHECK_STR(m.san.ptr, m.san.len, "exd8=Q#");
    if (get_move(g, 6, &m))
        CHECK_STR(m.san.ptr, m.san.len, "Raxe1");
    pdn_game_free(g);

    /* Without a GameType, SAN movetext makes the game chess, with a note. */
    g = parse("1. d4 d5 *", NULL);
    if (g) {
        CHECK_EQ_INT(pdn_game_type(g), 0);
        CHECK(has_diag(g, PDN_D_CHESS_INFERRED));
        pdn_game_free(g);
    }
}

static void test_game__terminator_and_tags(void)
{
    pdn_game *g = parse("[Event \"a\"]\n[event \"b\"]\n[Event \"c\"]\n1. 32-28 2-0", NULL);
    if (!g)
        return;
    pdn_str t;
    CHECK_EQ_INT(pdn_game_terminator(g, &t), PDN_TERM_RESULT);
    CHECK_STR(t.ptr, t.len, "2-0");
    size_t n = 0;
    const pdn_tag *tags = pdn_game_tags(g, &n);
    CHECK_EQ_INT(n, 3);
    CHECK_STR(tags[1].name.ptr, tags[1].name.len, "event");
    /* pdn_game_tag: the first with exactly that name. */
    const pdn_tag *e = pdn_game_tag(g, "Event");
    CHECK(e == &tags[0]);
    CHECK(pdn_game_tag(g, "Site") == NULL);
    CHECK(has_diag(g, PDN_D_DUPLICATE_TAG));
    CHECK(pdn_game_count_severity(g, PDN_SEV_WARNING) + pdn_game_count_severity(g, PDN_SEV_NOTE) +
              pdn_game_count_severity(g, PDN_SEV_ERROR) ==
          (pdn_game_diags(g, &n), n));
    CHECK_EQ_INT(pdn_game_mode(g), PDN_MODE_LIBERAL);
    pdn_game_free(g);

    g = parse("1. 32-28 *", NULL);
    if (g) {
        CHECK_EQ_INT(pdn_game_terminator(g, &t), PDN_TERM_ASTERISK);
        CHECK_STR(t.ptr, t.len, "*");
        CHECK_EQ_INT(pdn_game_type(g), -1);
        pdn_game_free(g);
    }
    g = parse("1. 32-28", NULL);
    if (g) {
        CHECK_EQ_INT(pdn_game_terminator(g, &t), PDN_TERM_NONE);
        CHECK_EQ_INT(t.len, 0);
        pdn_game_free(g);
    }
    pdn_read_options o = PDN_READ_OPTIONS_INIT;
    o.mode = PDN_MODE_STRICT;
    o.default_gametype = 20;
    g = parse("1. 32-28 *", &o);
    if (g) {
        CHECK_EQ_INT(pdn_game_type(g), 20);
        CHECK_EQ_INT(pdn_game_mode(g), PDN_MODE_STRICT);
        pdn_game_free(g);
    }
    CHECK_EQ_INT(pdn_game_parse(&g, " \n ", 3, NULL), PDN_DONE);
}

int main(void)
{
    RUN(test_reader__chunking_small);
    RUN(test_reader__chunking_large);
    RUN(test_reader__chunking_game_lengths);
    RUN(test_reader__chunking_latin1);
    RUN(test_reader__exact_buffer_end);
    RUN(test_reader__game_counts);
    RUN(test_reader__index_and_offset);
    RUN(test_reader__clone_outlives_reader);
    RUN(test_reader__done_sticks);
    RUN(test_iter__order);
    RUN(test_iter__parent_links);
    RUN(test_locate__line_endings);
    RUN(test_locate__utf8_columns);
    RUN(test_encoding__bom);
    RUN(test_encoding__latin1);
    RUN(test_encoding__forced);
    RUN(test_status__eio);
    RUN(test_status__einval);
    RUN(test_status__sink_failure);
    RUN(test_tree__comments);
    RUN(test_tree__nags);
    RUN(test_tree__variations);
    RUN(test_tree__setups);
    RUN(test_move__numeric);
    RUN(test_move__algebraic);
    RUN(test_move__numbers);
    RUN(test_move__strength_and_extras);
    RUN(test_move__san);
    RUN(test_game__terminator_and_tags);
    return harness_report();
}
