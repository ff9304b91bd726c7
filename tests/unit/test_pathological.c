/* SPDX-License-Identifier: MIT */
/*
 * test_pathological.c - inputs that break naive parsers: 100,000 nested
 * variations (closed and unclosed), a 50 MB comment, a gigabyte of tiny
 * games, 10 MB of NUL bytes, 10 MB of random bytes, invalid UTF-8, an
 * unclosed comment before 1,000 games, deep mixes of unclosed '{' and '(',
 * and a 10 MB line.  Every input is generated on the fly by a reader
 * callback that allocates nothing, so nothing large is stored anywhere but
 * in the reader.  Each case checks exact results; elapsed times are printed
 * for information and never checked.
 *
 * PDN_PATHOLOGICAL_GB (default 1) sets the size in GiB of the stream of tiny
 * games, for slow (sanitizer) builds.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "pdn.h"

/* ---------------------------------------------------------------------- */
/* Timing                                                                 */
/* ---------------------------------------------------------------------- */

static struct timespec case_start;

static void start_clock(void) { clock_gettime(CLOCK_MONOTONIC, &case_start); }

static void print_elapsed(const char *what)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double s = (double)(now.tv_sec - case_start.tv_sec) +
               (double)(now.tv_nsec - case_start.tv_nsec) / 1e9;
    printf("%-44s %8.2f s\n", what, s);
    fflush(stdout);
}

/* ---------------------------------------------------------------------- */
/* Generators: a list of (pattern, repetitions) segments                  */
/* ---------------------------------------------------------------------- */

typedef struct seg {
    const char *s;
    size_t len;
    uint64_t reps;
} seg;

typedef struct gen {
    const seg *segs;
    size_t nseg;
    size_t i;     /* current segment */
    uint64_t rep; /* repetitions of it done */
    size_t off;   /* bytes of the current repetition done */
    uint64_t produced;
} gen;

#define SEG(lit, n) {lit, sizeof(lit) - 1, (n)}

/* Fills `out` from the segments; never allocates. */
static size_t gen_read(void *ctx, char *out, size_t size)
{
    gen *g = ctx;
    size_t n = 0;
    while (n < size && g->i < g->nseg) {
        const seg *s = &g->segs[g->i];
        if (g->rep >= s->reps || s->len == 0) {
            g->i++;
            g->rep = 0;
            g->off = 0;
            continue;
        }
        if (s->len == 1) {
            /* A run of one byte: as much of it as fits at once. */
            uint64_t left = s->reps - g->rep;
            size_t k = size - n < left ? size - n : (size_t)left;
            memset(out + n, s->s[0], k);
            n += k;
            g->rep += k;
            continue;
        }
        size_t k = s->len - g->off;
        if (k > size - n)
            k = size - n;
        memcpy(out + n, s->s + g->off, k);
        n += k;
        g->off += k;
        if (g->off == s->len) {
            g->off = 0;
            g->rep++;
        }
    }
    g->produced += n;
    return n;
}

static gen make_gen(const seg *segs, size_t nseg)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.segs = segs;
    g.nseg = nseg;
    return g;
}

static pdn_reader *gen_reader(gen *g, const pdn_read_options *opts)
{
    pdn_reader *r = NULL;
    if (!CHECK(pdn_reader_new_callback(&r, gen_read, g, opts) == PDN_OK))
        return NULL;
    return r;
}

/* ---------------------------------------------------------------------- */
/* A sink that only counts                                                */
/* ---------------------------------------------------------------------- */

typedef struct counter {
    uint64_t bytes;
    uint64_t hist[256];
} counter;

static int count_write(void *ctx, const char *p, size_t n)
{
    counter *c = ctx;
    c->bytes += n;
    for (size_t i = 0; i < n; i++)
        c->hist[(unsigned char)p[i]]++;
    return 0;
}

static pdn_sink count_sink(counter *c)
{
    memset(c, 0, sizeof *c);
    pdn_sink s = {count_write, c};
    return s;
}

/* ---------------------------------------------------------------------- */
/* Small helpers                                                          */
/* ---------------------------------------------------------------------- */

static size_t count_code(const pdn_game *g, pdn_diag_code code)
{
    size_t n = 0, k = 0;
    const pdn_diag *d = pdn_game_diags(g, &n);
    for (size_t i = 0; i < n; i++)
        k += d[i].code == code;
    return k;
}

static const pdn_diag *find_code(const pdn_game *g, pdn_diag_code code)
{
    size_t n = 0;
    const pdn_diag *d = pdn_game_diags(g, &n);
    for (size_t i = 0; i < n; i++)
        if (d[i].code == code)
            return &d[i];
    return NULL;
}

typedef struct walk_stats {
    uint64_t enters, exits, moves, comments, variations;
    uint64_t max_depth;
} walk_stats;

/* Walks a tree with the iterator and checks the parent link of every node. */
static walk_stats walk_tree(const pdn_node *top)
{
    walk_stats w;
    memset(&w, 0, sizeof w);
    pdn_iter it;
    pdn_iter_init(&it, top);
    const pdn_node *cur = NULL;
    uint64_t depth = 0, bad_parent = 0;
    pdn_event ev;
    while ((ev = pdn_iter_next(&it)) != PDN_EVENT_DONE) {
        const pdn_node *n = it.node;
        if (ev == PDN_EVENT_ENTER) {
            w.enters++;
            if (cur && pdn_node_parent(n) != cur)
                bad_parent++;
            switch (pdn_node_kind_of(n)) {
            case PDN_NODE_MOVE:
                w.moves++;
                break;
            case PDN_NODE_COMMENT:
                w.comments++;
                break;
            case PDN_NODE_VARIATION:
                w.variations++;
                /* fall through */
            case PDN_NODE_ROOT:
            case PDN_NODE_HEADER:
                cur = n;
                if (++depth > w.max_depth)
                    w.max_depth = depth;
                break;
            default:
                break;
            }
        } else {
            w.exits++;
            if (n != cur)
                bad_parent++;
            depth--;
            cur = depth ? pdn_node_parent(cur) : NULL;
        }
    }
    CHECK_EQ_INT(bad_parent, 0);
    CHECK_EQ_INT(depth, 0);
    return w;
}

/* ---------------------------------------------------------------------- */
/* 100,000 nested variations                                              */
/* ---------------------------------------------------------------------- */

#define DEPTH 100000

static void nested(int closed)
{
    const seg segs[] = {
        SEG("[Event \"deep\"]\n1. 32-28 ", 1),
        SEG("(1. 33-28 ", DEPTH),
        SEG(")", closed ? DEPTH : 0),
        SEG(" 19-23 *\n", 1),
    };
    gen gn = make_gen(segs, sizeof segs / sizeof segs[0]);
    pdn_reader *r = gen_reader(&gn, NULL);
    if (!r)
        return;
    const pdn_game *g;
    if (!CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        pdn_reader_free(r);
        return;
    }
    CHECK_EQ_INT(count_code(g, PDN_D_UNCLOSED_VARIATION), closed ? 0 : DEPTH);
    CHECK_EQ_INT(pdn_game_terminator(g, NULL), PDN_TERM_ASTERISK);

    walk_stats w = walk_tree(pdn_game_root(g));
    CHECK_EQ_INT(w.variations, DEPTH);
    CHECK_EQ_INT(w.max_depth, DEPTH + 1);
    CHECK_EQ_INT(w.exits, DEPTH + 1);
    /* 32-28 and one 33-28 per level; the final 19-23 sits in the innermost
     * variation when nothing was closed, in the root otherwise. */
    CHECK_EQ_INT(w.moves, DEPTH + 2);
    CHECK_EQ_INT(w.enters, 1 + 2 * (uint64_t)DEPTH + 2);

    /* Down to the bottom by links, and back up by parents. */
    const pdn_node *n = pdn_game_root(g);
    uint64_t down = 0;
    for (;;) {
        const pdn_node *v = NULL;
        for (const pdn_node *c = pdn_node_first_child(n); c; c = pdn_node_next(c))
            if (pdn_node_kind_of(c) == PDN_NODE_VARIATION)
                v = c;
        if (!v)
            break;
        n = v;
        down++;
    }
    CHECK_EQ_INT(down, DEPTH);
    uint64_t up = 0;
    while (pdn_node_parent(n)) {
        n = pdn_node_parent(n);
        up++;
    }
    CHECK_EQ_INT(up, DEPTH);
    CHECK(n == pdn_game_root(g));

    /* Both writers, iteratively, into a counting sink. */
    counter c;
    CHECK_EQ_INT(pdn_write_pdn(g, NULL, count_sink(&c)), PDN_OK);
    CHECK_EQ_INT(c.hist['('], DEPTH);
    CHECK_EQ_INT(c.hist[')'], DEPTH);
    CHECK_EQ_INT(c.hist['*'], 1);
    pdn_write_options wo = PDN_WRITE_OPTIONS_INIT;
    wo.positions = wo.diagnostics = wo.source_order = 0;
    CHECK_EQ_INT(pdn_write_json(g, &wo, count_sink(&c)), PDN_OK);
    /* One object per item plus the game. */
    CHECK_EQ_INT(c.hist['{'], 1 + 2 * (uint64_t)DEPTH + 2);
    CHECK_EQ_INT(c.hist['}'], 1 + 2 * (uint64_t)DEPTH + 2);
    CHECK_EQ_INT(c.hist['['], c.hist[']']);
    CHECK_EQ_INT(c.hist['\n'], 1);
    /* With everything on: one diagnostic object per unclosed level. */
    wo = (pdn_write_options)PDN_WRITE_OPTIONS_INIT;
    CHECK_EQ_INT(pdn_write_json(g, &wo, count_sink(&c)), PDN_OK);
    CHECK_EQ_INT(c.hist['{'], c.hist['}']);
    CHECK(c.hist['{'] >= 1 + 2 * (uint64_t)DEPTH + 2 + (closed ? 0 : DEPTH));

    CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    pdn_reader_free(r);
}

static void test_pathological__nested_unclosed(void)
{
    start_clock();
    nested(0);
    print_elapsed("100,000 unclosed variations");
}

static void test_pathological__nested_closed(void)
{
    start_clock();
    nested(1);
    print_elapsed("100,000 closed variations");
}

/* ---------------------------------------------------------------------- */
/* A 50 MB comment                                                        */
/* ---------------------------------------------------------------------- */

static void test_pathological__huge_comment(void)
{
    start_clock();
    /* 64 bytes a line: 819,200 lines are 50 MiB. */
    static const char line[] = "all work and no play makes a long comment, line after line ....\n";
    const uint64_t lines = 50u * 1024u * 1024u / (sizeof line - 1);
    const seg segs[] = {
        SEG("[Event \"comment\"]\n1. 32-28 {", 1),
        {line, sizeof line - 1, lines},
        SEG("} 19-23 *\n", 1),
    };
    gen gn = make_gen(segs, 3);
    pdn_reader *r = gen_reader(&gn, NULL);
    const pdn_game *g;
    if (r && CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        const pdn_node *c = pdn_node_next(pdn_node_first_child(pdn_game_root(g)));
        if (CHECK(c != NULL && pdn_node_kind_of(c) == PDN_NODE_COMMENT)) {
            pdn_str t = pdn_node_text(c);
            CHECK_EQ_INT(t.len, lines * (sizeof line - 1));
            CHECK(t.len >= 64 && memcmp(t.ptr + t.len - 64, line, 64) == 0);
            CHECK_EQ_INT(pdn_node_attach(c), PDN_ATTACH_AFTER);
        }
        size_t nd = 0;
        pdn_game_diags(g, &nd);
        CHECK_EQ_INT(nd, 0);
        walk_stats w = walk_tree(pdn_game_root(g));
        CHECK_EQ_INT(w.moves, 2);
        CHECK_EQ_INT(w.comments, 1);
        /* The line count runs through the comment. */
        uint64_t line_no;
        uint32_t col;
        const pdn_node *last = pdn_node_next(c);
        pdn_game_locate(g, pdn_node_offset(last), &line_no, &col);
        CHECK_EQ_INT(line_no, 2 + lines);
        CHECK_EQ_INT(col, 3);
        counter k;
        CHECK_EQ_INT(pdn_write_pdn(g, NULL, count_sink(&k)), PDN_OK);
        CHECK_EQ_INT(k.hist['{'], 1);
        CHECK_EQ_INT(k.hist['}'], 1);
        CHECK(k.bytes > lines * (sizeof line - 1));
        CHECK_EQ_INT(pdn_write_json(g, NULL, count_sink(&k)), PDN_OK);
        CHECK(k.bytes > lines * (sizeof line - 1));
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    }
    pdn_reader_free(r);
    print_elapsed("a 50 MiB comment");
}

/* ---------------------------------------------------------------------- */
/* A gigabyte of tiny games                                               */
/* ---------------------------------------------------------------------- */

static void test_pathological__many_games(void)
{
    unsigned long gib = 1;
    const char *env = getenv("PDN_PATHOLOGICAL_GB");
    if (env && *env) {
        char *end;
        unsigned long v = strtoul(env, &end, 10);
        if (*end == '\0')
            gib = v;
    }
    static const char game[] = "[Event \"x\"]\n1. 32-28 19-23 *\n";
    const uint64_t size = (uint64_t)gib << 30;
    const uint64_t games = size / (sizeof game - 1);
    char title[64];
    snprintf(title, sizeof title, "%lu GiB of tiny games (%llu games)", gib,
             (unsigned long long)games);
    start_clock();

    const seg segs[] = {{game, sizeof game - 1, games}};
    gen gn = make_gen(segs, 1);
    pdn_reader *r = gen_reader(&gn, NULL);
    if (!r)
        return;
    const pdn_game *g;
    pdn_status st;
    uint64_t n = 0, odd = 0;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
        n++;
        size_t nt = 0, nd = 0;
        pdn_game_tags(g, &nt);
        pdn_game_diags(g, &nd);
        const pdn_node *m = pdn_node_first_child(pdn_game_root(g));
        odd += nt != 1 || nd != 0 || pdn_game_index(g) != n || m == NULL ||
               pdn_node_next(m) == NULL || pdn_node_next(pdn_node_next(m)) != NULL;
    }
    CHECK_EQ_INT(st, PDN_DONE);
    CHECK_EQ_INT(n, games);
    CHECK_EQ_INT(odd, 0);
    CHECK_EQ_INT(pdn_reader_offset(r), games * (sizeof game - 1));
    CHECK_EQ_INT(gn.produced, games * (sizeof game - 1));
    pdn_reader_free(r);
    print_elapsed(title);
}

/* ---------------------------------------------------------------------- */
/* 10 MB of NUL bytes, then a game                                        */
/* ---------------------------------------------------------------------- */

#define TEN_MB (10u * 1024u * 1024u)

static void test_pathological__nul_bytes(void)
{
    start_clock();
    const seg segs[] = {
        {"\0", 1, TEN_MB},
        SEG("[Event \"after\"]\n1. 32-28 19-23 *\n", 1),
    };
    gen gn = make_gen(segs, 2);
    pdn_reader *r = gen_reader(&gn, NULL);
    const pdn_game *g;
    if (r && CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        /* The NULs are white space with one diagnostic covering them. */
        CHECK_EQ_INT(count_code(g, PDN_D_NUL_BYTE), 1);
        const pdn_diag *d = find_code(g, PDN_D_NUL_BYTE);
        if (d) {
            CHECK_EQ_INT(d->offset, 0);
            CHECK_EQ_INT(d->length, TEN_MB);
        }
        const pdn_tag *t = pdn_game_tag(g, "Event");
        if (CHECK(t != NULL))
            CHECK_STR(t->value.ptr, t->value.len, "after");
        walk_stats w = walk_tree(pdn_game_root(g));
        CHECK_EQ_INT(w.moves, 2);
        CHECK_EQ_INT(pdn_game_terminator(g, NULL), PDN_TERM_ASTERISK);
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    }
    pdn_reader_free(r);
    print_elapsed("10 MiB of NUL bytes, then a game");
}

/* ---------------------------------------------------------------------- */
/* 10 MB of random bytes                                                  */
/* ---------------------------------------------------------------------- */

typedef struct rnd {
    uint64_t state;
    uint64_t left;
} rnd;

static uint64_t xorshift64(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static size_t rnd_read(void *ctx, char *out, size_t size)
{
    rnd *r = ctx;
    size_t n = size < r->left ? size : (size_t)r->left;
    for (size_t i = 0; i < n; i++)
        out[i] = (char)(xorshift64(&r->state) >> 56);
    r->left -= n;
    return n;
}

typedef struct totals {
    uint64_t games, diags, items, bytes_out;
    pdn_status end;
} totals;

static totals read_totals(pdn_reader *r)
{
    totals t;
    memset(&t, 0, sizeof t);
    const pdn_game *g;
    while ((t.end = pdn_reader_next(r, &g)) == PDN_OK) {
        size_t nd = 0;
        pdn_game_diags(g, &nd);
        t.games++;
        t.diags += nd;
        walk_stats w = walk_tree(pdn_game_root(g));
        t.items += w.enters;
        counter c;
        CHECK_EQ_INT(pdn_write_pdn(g, NULL, count_sink(&c)), PDN_OK);
        t.bytes_out += c.bytes;
        CHECK_EQ_INT(pdn_write_json(g, NULL, count_sink(&c)), PDN_OK);
        t.bytes_out += c.bytes;
    }
    return t;
}

static void test_pathological__random_bytes(void)
{
    start_clock();
    for (int mode = PDN_MODE_LIBERAL; mode <= PDN_MODE_STRICT; mode++) {
        pdn_read_options o = PDN_READ_OPTIONS_INIT;
        o.mode = (pdn_mode)mode;
        rnd src = {UINT64_C(0x9E3779B97F4A7C15), TEN_MB};
        pdn_reader *r = NULL;
        CHECK_EQ_INT(pdn_reader_new_callback(&r, rnd_read, &src, &o), PDN_OK);
        totals a = read_totals(r);
        CHECK_EQ_INT(a.end, PDN_DONE);
        CHECK(a.games >= 1);
        CHECK_EQ_INT(pdn_reader_offset(r), TEN_MB);
        pdn_reader_free(r);

        /* The same bytes from a buffer give the same games. */
        char *data = malloc(TEN_MB);
        if (!CHECK(data != NULL))
            return;
        rnd again = {UINT64_C(0x9E3779B97F4A7C15), TEN_MB};
        rnd_read(&again, data, TEN_MB);
        CHECK_EQ_INT(pdn_reader_new_buffer(&r, data, TEN_MB, &o), PDN_OK);
        totals b = read_totals(r);
        CHECK_EQ_INT(b.end, PDN_DONE);
        CHECK_EQ_INT(b.games, a.games);
        CHECK_EQ_INT(b.diags, a.diags);
        CHECK_EQ_INT(b.items, a.items);
        CHECK_EQ_INT(b.bytes_out, a.bytes_out);
        pdn_reader_free(r);
        free(data);
    }
    print_elapsed("10 MiB of random bytes, three modes");
}

/* ---------------------------------------------------------------------- */
/* Invalid UTF-8                                                          */
/* ---------------------------------------------------------------------- */

static int valid_utf8(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned c = u[i];
        size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                                 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (len == 0 || i + len > n)
            return 0;
        uint32_t cp = len == 1 ? c : c & (0x7Fu >> len);
        for (size_t k = 1; k < len; k++) {
            if ((u[i + k] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (u[i + k] & 0x3F);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        i += len;
    }
    return 1;
}

typedef struct bad_utf8 {
    const char *name;
    const char *bytes;     /* the invalid sequence */
    const char *as_latin1; /* what Windows-1252 decoding gives */
    const char *as_utf8;   /* what repair with U+FFFD gives */
} bad_utf8;

#define FFFD "\xef\xbf\xbd"

static const bad_utf8 bad_cases[] = {
    {"overlong slash", "\xc0\xaf", "\xc3\x80\xc2\xaf", FFFD FFFD},
    {"overlong NUL", "\xc0\x80", "\xc3\x80\xe2\x82\xac", FFFD FFFD},
    {"overlong 3-byte", "\xe0\x80\xaf", "\xc3\xa0\xe2\x82\xac\xc2\xaf", FFFD FFFD FFFD},
    {"surrogate", "\xed\xa0\x80", "\xc3\xad\xc2\xa0\xe2\x82\xac", FFFD FFFD FFFD},
    {"beyond U+10FFFF", "\xf4\x90\x80\x80", "\xc3\xb4\xc2\x90\xe2\x82\xac\xe2\x82\xac",
     FFFD FFFD FFFD FFFD},
    {"truncated 3-byte", "\xe2\x82", "\xc3\xa2\xe2\x80\x9a", FFFD FFFD},
    {"lone continuation", "\x80", "\xe2\x82\xac", FFFD},
    {"0xFF", "\xff", "\xc3\xbf", FFFD},
};

static void check_bad_utf8(const bad_utf8 *bc, pdn_encoding enc)
{
    char in[256], tag_want[64], com_want[64];
    snprintf(in, sizeof in, "[Event \"a%sz\"]\n1. 32-28 {x%sy} 19-23 *\n", bc->bytes, bc->bytes);
    const char *dec = enc == PDN_ENC_UTF8 ? bc->as_utf8 : bc->as_latin1;
    snprintf(tag_want, sizeof tag_want, "a%sz", dec);
    snprintf(com_want, sizeof com_want, "x%sy", dec);
    pdn_read_options o = PDN_READ_OPTIONS_INIT;
    o.encoding = enc;
    pdn_game *g = NULL;
    if (!CHECK(pdn_game_parse(&g, in, strlen(in), &o) == PDN_OK)) {
        fprintf(stderr, "    case %s\n", bc->name);
        return;
    }
    const pdn_tag *t = pdn_game_tag(g, "Event");
    if (CHECK(t != NULL)) {
        if (!CHECK(t->value.len == strlen(tag_want) &&
                   memcmp(t->value.ptr, tag_want, t->value.len) == 0))
            fprintf(stderr, "    case %s: tag value differs\n", bc->name);
    }
    const pdn_node *c = pdn_node_next(pdn_node_first_child(pdn_game_root(g)));
    if (CHECK(c != NULL && pdn_node_kind_of(c) == PDN_NODE_COMMENT)) {
        pdn_str s = pdn_node_text(c);
        if (!CHECK(s.len == strlen(com_want) && memcmp(s.ptr, com_want, s.len) == 0))
            fprintf(stderr, "    case %s: comment differs\n", bc->name);
    }
    pdn_str text = pdn_game_text(g);
    CHECK(valid_utf8(text.ptr, text.len));
    CHECK_EQ_INT(pdn_game_encoding(g), enc == PDN_ENC_UTF8 ? PDN_ENC_UTF8 : PDN_ENC_LATIN1);
    CHECK_EQ_INT(count_code(g, PDN_D_ENCODING), 1);
    walk_stats w = walk_tree(pdn_game_root(g));
    CHECK_EQ_INT(w.moves, 2);
    counter k;
    CHECK_EQ_INT(pdn_write_json(g, NULL, count_sink(&k)), PDN_OK);
    pdn_game_free(g);
}

static void test_pathological__invalid_utf8(void)
{
    start_clock();
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        check_bad_utf8(&bad_cases[i], PDN_ENC_AUTO);
        check_bad_utf8(&bad_cases[i], PDN_ENC_UTF8);
    }
    print_elapsed("invalid UTF-8 in tags and comments");
}

/* ---------------------------------------------------------------------- */
/* An unclosed comment before 1,000 games                                 */
/* ---------------------------------------------------------------------- */

/*
 * brace_comment() in src/syntax/parse.c: a '{' without any '}' after it ends
 * at the first line break followed by '[' and a capital letter (a line that
 * looks like a tag), so the games after it are not swallowed.  Here the
 * comment comes before any tag, so it is a header comment of the game whose
 * tags follow it: 1,000 games in all, the first with the diagnostic.  A
 * "[lowercase" line is not a recovery point.
 */
static void test_pathological__unclosed_comment(void)
{
    start_clock();
    const seg segs[] = {
        SEG("{ never closed ( [ \n [Indented \"no\"]\n[lower \"no\"]\n", 1),
        SEG("[Event \"g\"]\n1. 32-28 19-23 *\n", 1000),
    };
    gen gn = make_gen(segs, 2);
    pdn_reader *r = gen_reader(&gn, NULL);
    if (!r)
        return;
    const pdn_game *g;
    pdn_status st;
    uint64_t n = 0, plain = 0;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
        n++;
        if (n == 1) {
            CHECK_EQ_INT(count_code(g, PDN_D_UNCLOSED_COMMENT), 1);
            /* Reported where the comment was cut off (the recovery line),
             * with the '{' as the related location. */
            const pdn_diag *d = find_code(g, PDN_D_UNCLOSED_COMMENT);
            if (d) {
                CHECK_EQ_INT(d->offset, 50);
                CHECK_EQ_INT(d->related, 0);
            }
            const pdn_node *h = pdn_node_first_child(pdn_game_header(g));
            if (CHECK(h != NULL && pdn_node_kind_of(h) == PDN_NODE_COMMENT)) {
                pdn_str t = pdn_node_text(h);
                CHECK_STR(t.ptr, t.len, " never closed ( [ \n [Indented \"no\"]\n[lower \"no\"]\n");
                CHECK(pdn_node_next(h) == NULL);
            }
            size_t nt = 0;
            const pdn_tag *tags = pdn_game_tags(g, &nt);
            CHECK_EQ_INT(nt, 1);
            if (nt)
                CHECK_STR(tags[0].name.ptr, tags[0].name.len, "Event");
            CHECK_EQ_INT(walk_tree(pdn_game_root(g)).moves, 2);
        } else {
            size_t nd = 0, nt = 0;
            pdn_game_diags(g, &nd);
            pdn_game_tags(g, &nt);
            plain += nd == 0 && nt == 1;
        }
    }
    CHECK_EQ_INT(st, PDN_DONE);
    CHECK_EQ_INT(n, 1000);
    CHECK_EQ_INT(plain, 999);
    pdn_reader_free(r);

    /* Inside a game's movetext: the game ends at the tag line, the next
     * games are intact. */
    const seg segs2[] = {
        SEG("[Event \"first\"]\n1. 32-28 { runs on\n19-23 *\n", 1),
        SEG("[Event \"g\"]\n1. 32-28 19-23 *\n", 1000),
    };
    gn = make_gen(segs2, 2);
    r = gen_reader(&gn, NULL);
    if (!r)
        return;
    n = 0;
    plain = 0;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK) {
        n++;
        if (n == 1) {
            CHECK_EQ_INT(count_code(g, PDN_D_UNCLOSED_COMMENT), 1);
            CHECK_EQ_INT(pdn_game_terminator(g, NULL), PDN_TERM_NONE);
            walk_stats w = walk_tree(pdn_game_root(g));
            CHECK_EQ_INT(w.moves, 1);
            CHECK_EQ_INT(w.comments, 1);
        } else {
            size_t nd = 0;
            pdn_game_diags(g, &nd);
            plain += nd == 0;
        }
    }
    CHECK_EQ_INT(st, PDN_DONE);
    CHECK_EQ_INT(n, 1001);
    CHECK_EQ_INT(plain, 1000);
    pdn_reader_free(r);
    print_elapsed("unclosed comment, then 1,000 games");
}

/* ---------------------------------------------------------------------- */
/* Deep mixes of unclosed '{' and '('                                     */
/* ---------------------------------------------------------------------- */

static void test_pathological__mixed_unclosed(void)
{
    /* JSON with positions but without the diagnostics: writing 100,000
     * diagnostics with their related locations is the nested case's job. */
    pdn_write_options no_diags = PDN_WRITE_OPTIONS_INIT;
    no_diags.diagnostics = 0;
    start_clock();
    /* Each level opens a variation and holds a closed comment full of
     * openers; at the bottom a '{' that is never closed runs to the end. */
    const seg segs[] = {
        SEG("[Event \"mix\"]\n1. 32-28 ", 1),
        SEG("(1. 33-28 { ( { ( } ", DEPTH),
        SEG("{ ( { ( {", 1),
        SEG(" ( {", 1000),
    };
    gen gn = make_gen(segs, 4);
    pdn_reader *r = gen_reader(&gn, NULL);
    const pdn_game *g;
    if (r && CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        CHECK_EQ_INT(count_code(g, PDN_D_UNCLOSED_VARIATION), DEPTH);
        CHECK_EQ_INT(count_code(g, PDN_D_UNCLOSED_COMMENT), 1);
        CHECK_EQ_INT(pdn_game_terminator(g, NULL), PDN_TERM_NONE);
        walk_stats w = walk_tree(pdn_game_root(g));
        CHECK_EQ_INT(w.variations, DEPTH);
        CHECK_EQ_INT(w.moves, DEPTH + 1);
        CHECK_EQ_INT(w.comments, DEPTH + 1);
        CHECK_EQ_INT(w.max_depth, DEPTH + 1);
        counter k;
        CHECK_EQ_INT(pdn_write_pdn(g, NULL, count_sink(&k)), PDN_OK);
        CHECK_EQ_INT(k.hist[')'], DEPTH);
        CHECK_EQ_INT(pdn_write_json(g, &no_diags, count_sink(&k)), PDN_OK);
        CHECK_EQ_INT(k.hist['\n'], 1);
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    }
    pdn_reader_free(r);

    /* Openers only, no tag, no closer: one comment swallows everything.  In
     * a game without tags it starts the movetext. */
    const seg segs2[] = {SEG("{", 1), SEG("( { (( {{ ", DEPTH)};
    gn = make_gen(segs2, 2);
    r = gen_reader(&gn, NULL);
    if (r && CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        CHECK_EQ_INT(count_code(g, PDN_D_UNCLOSED_COMMENT), 1);
        CHECK_EQ_INT(count_code(g, PDN_D_UNCLOSED_VARIATION), 0);
        const pdn_node *c = pdn_node_first_child(pdn_game_root(g));
        if (CHECK(c != NULL && pdn_node_kind_of(c) == PDN_NODE_COMMENT)) {
            CHECK_EQ_INT(pdn_node_text(c).len, 10 * (uint64_t)DEPTH);
            CHECK_EQ_INT(pdn_node_attach(c), PDN_ATTACH_START);
            CHECK(pdn_node_next(c) == NULL);
        }
        CHECK(pdn_node_first_child(pdn_game_header(g)) == NULL);
        CHECK_EQ_INT(walk_tree(pdn_game_root(g)).enters, 2);
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    }
    pdn_reader_free(r);

    /* Variations opened forever, with nothing in them. */
    const seg segs3[] = {SEG("[Event \"parens\"]\n", 1), {"(", 1, DEPTH}};
    gn = make_gen(segs3, 2);
    r = gen_reader(&gn, NULL);
    if (r && CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        CHECK_EQ_INT(count_code(g, PDN_D_UNCLOSED_VARIATION), DEPTH);
        walk_stats w = walk_tree(pdn_game_root(g));
        CHECK_EQ_INT(w.variations, DEPTH);
        CHECK_EQ_INT(w.max_depth, DEPTH + 1);
        counter k;
        CHECK_EQ_INT(pdn_write_pdn(g, NULL, count_sink(&k)), PDN_OK);
        CHECK_EQ_INT(k.hist['('], DEPTH);
        CHECK_EQ_INT(k.hist[')'], DEPTH);
        CHECK_EQ_INT(pdn_write_json(g, &no_diags, count_sink(&k)), PDN_OK);
        CHECK_EQ_INT(k.hist['\n'], 1);
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    }
    pdn_reader_free(r);
    print_elapsed("unclosed '{' and '(' mixed, 100,000 deep");
}

/* ---------------------------------------------------------------------- */
/* A 10 MB line                                                           */
/* ---------------------------------------------------------------------- */

static void test_pathological__long_line(void)
{
    start_clock();
    static const char unit[] = "1. 32-28 19-23 ";
    const uint64_t reps = TEN_MB / (sizeof unit - 1);
    const seg segs[] = {
        SEG("[Event \"line\"]\n", 1),
        {unit, sizeof unit - 1, reps},
        SEG("*", 1),
    };
    gen gn = make_gen(segs, 3);
    pdn_reader *r = gen_reader(&gn, NULL);
    const pdn_game *g;
    if (r && CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        size_t nd = 0;
        pdn_game_diags(g, &nd);
        CHECK_EQ_INT(nd, 0);
        walk_stats w = walk_tree(pdn_game_root(g));
        CHECK_EQ_INT(w.moves, 2 * reps);
        const pdn_node *last = NULL;
        for (const pdn_node *c = pdn_node_first_child(pdn_game_root(g)); c; c = pdn_node_next(c))
            last = c;
        uint64_t line;
        uint32_t col;
        if (CHECK(last != NULL)) {
            pdn_game_locate(g, pdn_node_offset(last), &line, &col);
            CHECK_EQ_INT(line, 2);
            CHECK_EQ_INT(col, (reps - 1) * (sizeof unit - 1) + 10);
        }
        CHECK_EQ_INT(pdn_game_terminator(g, NULL), PDN_TERM_ASTERISK);
        counter k;
        CHECK_EQ_INT(pdn_write_pdn(g, NULL, count_sink(&k)), PDN_OK);
        /* The writer wraps: no line of its output is longer than 80. */
        CHECK(k.hist['\n'] >= k.bytes / 81);
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    }
    pdn_reader_free(r);

    /* One 10 MB tag value on a single line. */
    const seg segs2[] = {
        SEG("[Event \"", 1),
        {"v", 1, TEN_MB},
        SEG("\"]\n1. 32-28 *", 1),
    };
    gn = make_gen(segs2, 3);
    r = gen_reader(&gn, NULL);
    if (r && CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        const pdn_tag *t = pdn_game_tag(g, "Event");
        if (CHECK(t != NULL))
            CHECK_EQ_INT(t->value.len, TEN_MB);
        uint64_t line;
        uint32_t col;
        pdn_game_locate(g, pdn_node_offset(pdn_node_first_child(pdn_game_root(g))), &line, &col);
        CHECK_EQ_INT(line, 2);
        CHECK_EQ_INT(col, 4);
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    }
    pdn_reader_free(r);
    print_elapsed("a 10 MiB line");
}

/* A 40 MiB game whose Result tag holds a value of its own ("4-6"), with a
 * variation after every few moves: each variation ends a run of the
 * draughts loop, whose text ends at the game's next '[' (the value ends
 * the game only before it), which must be looked for once per game, not
 * once per run (quadratic: about 900 s here). */
static void test_pathological__odd_result_runs(void)
{
    start_clock();
    static const char unit[] = "1. 32-28 19-23 (28-22) ";
    const uint64_t reps = 4 * TEN_MB / (sizeof unit - 1);
    const seg segs[] = {
        SEG("[Result \"4-6\"]\n[GameType \"20\"]\n", 1),
        {unit, sizeof unit - 1, reps},
        SEG("4-6", 1),
    };
    gen gn = make_gen(segs, 3);
    pdn_reader *r = gen_reader(&gn, NULL);
    const pdn_game *g;
    if (r && CHECK(pdn_reader_next(r, &g) == PDN_OK)) {
        walk_stats w = walk_tree(pdn_game_root(g));
        CHECK_EQ_INT(w.moves, 3 * reps);
        CHECK_EQ_INT(w.variations, reps);
        CHECK_EQ_INT(pdn_game_terminator(g, NULL), PDN_TERM_RESULT);
        CHECK_EQ_INT(pdn_reader_next(r, &g), PDN_DONE);
    }
    pdn_reader_free(r);
    print_elapsed("a 40 MiB game with a Result of its own");
}

int main(void)
{
    RUN(test_pathological__nested_unclosed);
    RUN(test_pathological__nested_closed);
    RUN(test_pathological__huge_comment);
    RUN(test_pathological__nul_bytes);
    RUN(test_pathological__random_bytes);
    RUN(test_pathological__invalid_utf8);
    RUN(test_pathological__unclosed_comment);
    RUN(test_pathological__mixed_unclosed);
    RUN(test_pathological__long_line);
    RUN(test_pathological__odd_result_runs);
    RUN(test_pathological__many_games);
    return harness_report();
}
