/* SPDX-License-Identifier: MIT */
/*
 * test_tag_resolve.c - the tag checks of a header without ResultFormat and
 * GameType tags make the public tags in the pass that checks them; that
 * pass must give the tags and diagnostics of the general one (public tags
 * first, then the checks), which a game runs when its names' shapes are
 * made to say that either tag may be there.  Random headers of the tags
 * with checked values, names of the same length and first letter, escaped
 * values, good and bad values.
 */
#include "harness.h"
#include "support/rng.h"
#include "syntax/parse.h"

#include <stdio.h>
#include <string.h>

static const char *const names[] = {"Event",
                                    "Date",
                                    "Result",
                                    "FEN",
                                    "UTCDate",
                                    "EventDate",
                                    "WhiteTime",
                                    "BlackTime",
                                    "PublicationDate",
                                    "TimeControl",
                                    "TimeControlWhite",
                                    "Datx",
                                    "FEM",
                                    "Resulx",
                                    "Rxxxxxxxxxxx",
                                    "Gxxxxxxx",
                                    "date",
                                    "Site",
                                    "GameType",
                                    "ResultFormat"};

static const char *const values[] = {"",
                                     "2001.02.03",
                                     "2001.13.40",
                                     "1999.??.??",
                                     "03-04-2005",
                                     "1-0",
                                     "0-1",
                                     "1/2-1/2",
                                     "*",
                                     "2-0",
                                     "1.01-0.99",
                                     "x",
                                     "W:W31-50:B1-20",
                                     "W:W31-50:B1-20.",
                                     "B:W1,2,K3:B4 ",
                                     "W:W1,2:B3,77777",
                                     "40/7200:3600",
                                     "1:00:00",
                                     "7200",
                                     "a\\\"b",
                                     "\\\\1-0",
                                     "20",
                                     "21",
                                     "Goes"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The tags and diagnostics of one run of the checks, after the parse. */
typedef struct run {
    pdn_tag tags[64];
    size_t ntags;
    pdn_diag diags[256];
    size_t ndiags;
    bool ok;
} run;

static void check_once(struct pdn_game *g, uint64_t shapes, run *r)
{
    g->tags.len = 0;
    g->diags.len = 0;
    g->dates[0].len = g->dates[1].len = 0;
    g->tag_shapes = shapes;
    r->ok = pdn_syntax__check_tags(g);
    /* The arrays are NULL until something was put in them. */
    r->ntags = g->tags.len < 64 ? g->tags.len : 64;
    if (r->ntags)
        memcpy(r->tags, g->tags.data, r->ntags * sizeof(pdn_tag));
    r->ndiags = g->diags.len < 256 ? g->diags.len : 256;
    if (r->ndiags)
        memcpy(r->diags, g->diags.data, r->ndiags * sizeof(pdn_diag));
}

static int same_runs(const run *a, const run *b)
{
    if (a->ok != b->ok || a->ntags != b->ntags || a->ndiags != b->ndiags)
        return 0;
    for (size_t i = 0; i < a->ntags; i++) {
        const pdn_tag *x = &a->tags[i], *y = &b->tags[i];
        if (x->offset != y->offset || x->name.ptr != y->name.ptr || x->name.len != y->name.len ||
            x->value.ptr != y->value.ptr || x->value.len != y->value.len)
            return 0;
    }
    for (size_t i = 0; i < a->ndiags; i++) {
        const pdn_diag *x = &a->diags[i], *y = &b->diags[i];
        if (x->code != y->code || x->severity != y->severity || x->offset != y->offset ||
            x->length != y->length || x->related != y->related || x->arg != y->arg)
            return 0;
    }
    return 1;
}

/* 1 when the checks of the first game of text agree both ways; *fast
 * counts the headers the pass that makes the tags took. */
static int same_checks(const char *text, size_t len, pdn_mode mode, int *fast)
{
    struct pdn_game g;
    pdn_game__init(&g, pdn_alloc__resolve(NULL));
    pdn_parse_in in = {.text = text, .len = len, .mode = mode, .default_gametype = 20};
    pdn_parse_out po;
    pdn_parse__game(&g, &in, &po);
    int same = 0;
    if (!po.nomem) {
        const uint64_t either = pdn_game__tag_shape(12, 'R') | pdn_game__tag_shape(8, 'G');
        uint64_t shapes = g.tag_shapes;
        *fast += !(shapes & either);
        static run a, b;
        check_once(&g, shapes, &a);
        check_once(&g, ~UINT64_C(0), &b);
        same = a.ok && same_runs(&a, &b);
        if (!same)
            fprintf(stderr, "checks differ (%zu/%zu tags, %zu/%zu diags) on:\n%.*s\n", a.ntags,
                    b.ntags, a.ndiags, b.ndiags, (int)len, text);
    }
    pdn_game__release(&g);
    return same;
}

static void test_tag_resolve__random(void)
{
    int failed = 0, fast = 0, total = 0;
    for (int k = 0; k < 60000 && failed < 3; k++) {
        char text[1200];
        size_t n = 0;
        unsigned tags = 1 + rnd(10);
        for (unsigned i = 0; i < tags; i++) {
            /* GameType and ResultFormat (the last two names) in few headers. */
            unsigned pick = rnd(COUNT(names) - (rnd(4) ? 2 : 0));
            n += (size_t)snprintf(text + n, sizeof text - n, "[%s \"%s\"]\n", names[pick],
                                  values[rnd(COUNT(values))]);
        }
        n += (size_t)snprintf(text + n, sizeof text - n, "\n%s\n", rnd(2) ? "*" : "1. 32-28 *");
        pdn_mode mode = rnd(2) ? PDN_MODE_STRICT : PDN_MODE_LIBERAL;
        total++;
        if (!CHECK(same_checks(text, n, mode, &fast)))
            failed++;
    }
    /* Both passes were compared on many headers. */
    CHECK(fast > total / 4);
    CHECK(fast < total);
}

/* No tag, one tag, more tags than a block of records grows by (with the
 * names shaped as GameType and ResultFormat, and without them). */
static void test_tag_resolve__edges(void)
{
    int fast = 0;
    CHECK(same_checks("*\n", 2, PDN_MODE_STRICT, &fast));
    CHECK(same_checks("[Date \"2001.02.30\"]\n*\n", 22, PDN_MODE_STRICT, &fast));
    char text[4000];
    for (unsigned skip = 0; skip < 2; skip++) {
        size_t n = 0;
        for (unsigned i = 0; i < 60; i++) {
            const char *name = names[i % (COUNT(names) - 2)];
            if (skip && (pdn_game__tag_shape(strlen(name), (unsigned char)name[0]) &
                         (pdn_game__tag_shape(12, 'R') | pdn_game__tag_shape(8, 'G'))))
                name = "Event";
            n += (size_t)snprintf(text + n, sizeof text - n, "[%s \"%s\"]\n", name,
                                  values[i % COUNT(values)]);
        }
        n += (size_t)snprintf(text + n, sizeof text - n, "*\n");
        CHECK(same_checks(text, n, PDN_MODE_STRICT, &fast));
        CHECK(same_checks(text, n, PDN_MODE_LIBERAL, &fast));
    }
    CHECK_EQ_INT(fast, 4);
}

int main(void)
{
    RUN(test_tag_resolve__random);
    RUN(test_tag_resolve__edges);
    return harness_report();
}
