/* SPDX-License-Identifier: MIT */
/*
 * fuzz_parts.c - fuzz target of reading an input in parts (what
 * `pdn check --jobs` relies on): a reader started at the mark another reader
 * gave reads the same games as that reader from there on, and so does a
 * reader started at a guessed mark wherever the guess is the reader's own
 * mark.  Any broken invariant calls abort().
 *
 * Input layout: the first byte selects the options, the rest is the text.
 *   encoding         = byte % 5        (auto, utf-8, latin-1, cp1251, cp866)
 *   default GameType = table[(byte / 5) % 3] with table = {-1, 0, 20}
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn.h"

#include "support/append.h"
#include "support/describe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Marks of the first reader, and where its games' descriptions start. */
#define MAX_GAMES 256
/* Readers started at a mark, each reading the rest: keeps a run linear
 * enough. */
#define MAX_RESUMED 6

static int same_mark(const pdn_reader_mark *a, const pdn_reader_mark *b)
{
    return a->offset == b->offset && a->line == b->line && a->column == b->column &&
           !a->after_cr == !b->after_cr && a->encoding == b->encoding && a->games == b->games;
}

/* The rest of the input from `at`, described, must be want[from..). */
static void resume(const char *text, size_t len, const pdn_read_options *ro,
                   const pdn_reader_mark *at, const test_text *want, size_t from)
{
    pdn_reader *r;
    if (pdn_reader_new_buffer_at(&r, text, len, at, ro) != PDN_OK)
        abort();
    test_text got = {0};
    const pdn_game *g;
    pdn_status st;
    while ((st = pdn_reader_next(r, &g)) == PDN_OK)
        if (!test_describe_game(g, &got))
            abort();
    if (st != PDN_DONE || got.len != want->len - from ||
        (got.len && memcmp(got.buf, want->buf + from, got.len) != 0)) {
        fprintf(stderr, "reading from offset %llu differs\n", (unsigned long long)at->offset);
        abort();
    }
    pdn_reader_free(r);
    free(got.buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int types[3] = {-1, 0, 20};
    if (size == 0)
        return 0;
    pdn_read_options ro = PDN_READ_OPTIONS_INIT;
    ro.encoding = (pdn_encoding)(data[0] % 5);
    ro.default_gametype = types[(data[0] / 5) % 3];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;

    pdn_reader *r;
    if (pdn_reader_new_buffer(&r, text, len, &ro) != PDN_OK)
        abort();
    pdn_reader_mark marks[MAX_GAMES + 1];
    size_t starts[MAX_GAMES + 1], n = 0;
    test_text all = {0};
    pdn_reader_mark_get(r, &marks[0]);
    starts[0] = 0;
    const pdn_game *g;
    pdn_status st;
    while (n < MAX_GAMES && (st = pdn_reader_next(r, &g)) == PDN_OK) {
        if (!test_describe_game(g, &all))
            abort();
        n++;
        pdn_reader_mark_get(r, &marks[n]);
        starts[n] = all.len;
    }
    pdn_reader_free(r);
    if (n == MAX_GAMES) {
        free(all.buf);
        return 0;
    }

    /* From the marks the reader gave. */
    size_t step = n / MAX_RESUMED + 1;
    for (size_t k = 0; k <= n; k += step)
        resume(text, len, &ro, &marks[k], &all, starts[k]);

    /* From guesses that are marks the reader gave. */
    pdn_text_facts before = {0, 0};
    size_t counted = 0, k = 0, resumed = 0;
    for (size_t at = pdn_reader_guess_start(text, len, 0); at < len && resumed < MAX_RESUMED;
         at = pdn_reader_guess_start(text, len, at + 1)) {
        pdn_text_facts_add(&before, text + counted, at - counted);
        counted = at;
        while (k <= n && marks[k].offset < at)
            k++;
        if (k > n || marks[k].offset != at)
            continue;
        pdn_reader_mark guess;
        pdn_reader_mark_guess(&guess, text, at, &before, &ro);
        guess.games = marks[k].games;
        if (!same_mark(&guess, &marks[k]))
            continue;
        resume(text, len, &ro, &guess, &all, starts[k]);
        resumed++;
    }
    free(all.buf);
    return 0;
}
