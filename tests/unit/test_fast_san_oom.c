/* SPDX-License-Identifier: MIT */
/*
 * test_fast_san_oom.c - the chess movetext loop (src/syntax/fast_san.c) on a
 * failed allocation: the general parser goes on from where the loop stopped
 * and must build the same game as without the failure.  The allocator
 * moves every block it resizes, so that a pointer kept into an array that
 * grew is caught (a second array's failure right after the first grew).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

typedef struct moving {
    uint64_t calls, fail_at;
    int failed;
} moving;

static void *moving_realloc(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
    moving *m = ctx;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    if (++m->calls == m->fail_at) {
        m->failed = 1;
        return NULL;
    }
    void *p = malloc(new_size);
    if (p == NULL)
        return NULL;
    if (ptr != NULL) {
        memcpy(p, ptr, old_size < new_size ? old_size : new_size);
        /* The old block is scribbled over before it goes. */
        memset(ptr, 0xA5, old_size);
        free(ptr);
    }
    return p;
}

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static int to_text(void *ctx, const char *p, size_t n)
{
    text *t = ctx;
    if (t->len + n > t->cap) {
        size_t cap = (t->len + n) * 2;
        char *d = realloc(t->data, cap);
        if (d == NULL)
            return -1;
        t->data = d;
        t->cap = cap;
    }
    memcpy(t->data + t->len, p, n);
    t->len += n;
    return 0;
}

/* The game as JSON, parsed with the allocation `fail_at` failing (0:
 * none); the status in *st. */
static text parse_json(const char *s, size_t len, uint64_t fail_at, pdn_status *st, int *failed)
{
    moving m = {0, fail_at, 0};
    pdn_allocator al = {moving_realloc, &m};
    pdn_read_options opts = PDN_READ_OPTIONS_INIT;
    opts.allocator = &al;
    text out = {NULL, 0, 0};
    pdn_game *g = NULL;
    *st = pdn_game_parse(&g, s, len, &opts);
    if (*st == PDN_OK) {
        pdn_sink sink = {to_text, &out};
        if (pdn_write_json(g, NULL, sink) != PDN_OK)
            *st = PDN_EIO;
        pdn_game_free(g);
    }
    *failed = m.failed;
    return out;
}

/* A long game of knights' moves, a comment after every `period`-th pair
 * of them (none for 0): many windows of the loop, the node array growing
 * faster than the move array by as many comments, so that both grow in
 * the same window now and then. */
static size_t make_game(char *buf, size_t cap, int period)
{
    static const char *const moves[] = {"Nf3 Nf6", "Ng1 Ng8", "Nc3 Nc6", "Nb1 Nb8"};
    size_t n = (size_t)snprintf(buf, cap, "[Event \"oom\"]\n[Result \"*\"]\n\n");
    for (int i = 0; i < 300 && n + 64 < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%d. %s%s", i + 1, moves[i % 4],
                              period > 0 && i % period == 0 ? " {a comment} "
                                                            : (i % 5 == 0 ? "\n" : " "));
    n += (size_t)snprintf(buf + n, cap - n, "*\n");
    return n;
}

static void sweep(int period)
{
    static char game[16384];
    size_t len = make_game(game, sizeof game, period);
    pdn_status st;
    int failed;
    text ref = parse_json(game, len, 0, &st, &failed);
    CHECK_EQ_INT(st, PDN_OK);
    CHECK(ref.len > 1000);
    long recovered = 0, differ = 0;
    for (uint64_t k = 1; k < 10000; k++) {
        text got = parse_json(game, len, k, &st, &failed);
        if (!failed) {
            free(got.data);
            break;
        }
        if (st == PDN_OK) {
            recovered++;
            if (got.len != ref.len || memcmp(got.data, ref.data, ref.len) != 0) {
                if (++differ <= 3)
                    fprintf(stderr, "    allocation %llu failed: another game\n",
                            (unsigned long long)k);
            }
        }
        free(got.data);
    }
    printf("a comment every %d: %ld runs recovered from a failed allocation\n", period, recovered);
    CHECK(recovered > 0);
    CHECK_EQ_INT(differ, 0);
    free(ref.data);
}

static void test_fast_san_oom__sweep(void)
{
    for (int period = 0; period <= 6; period++)
        sweep(period);
}

int main(void)
{
    RUN(test_fast_san_oom__sweep);
    return harness_report();
}
