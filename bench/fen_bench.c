/* SPDX-License-Identifier: MIT */
/*
 * fen_bench.c - FEN read + write throughput on one core: each FEN read into
 * a position and written back canonically.  Two sets: a fixed mix (openings,
 * middle games with long lists, algebraic and chess FENs), and with file
 * arguments every FEN tag of those files on its game's board (one geometry
 * per GameType, shared, so that only FEN work is measured).  Method and
 * figures: bench/FEN.md.
 *
 *   fen_bench [ROUNDS] [FILE...]
 */
#include <pdn.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct sample {
    const char *gametype;
    const char *fen;
} sample;

/* Typical positions: openings, middle games with kings, and algebraic FENs. */
static const sample samples[] = {
    {"20", "W:W31-50:B1-20"},
    {"20", "B:W27,28,31-33,35-40,42-48,50:B1-4,6-10,12-14,16,19,23"},
    {"20", "W:W25,27,28,30,32,33,K36,38,42,44,47:B3,6,8,12,13,16,17,19,K21,23"},
    {"21", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"},
    {"21", "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4"},
    {"25", "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"},
    {"0", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
};
#define SAMPLE_COUNT (sizeof samples / sizeof samples[0])

/*
 * The timed loop runs in PASSES parts and the fastest part is reported too:
 * the machine is shared, and a part that other processes slowed down says
 * nothing about the code.
 */
#define PASSES 5

/* A FEN that gives a position: well-formed, or understood in a form PDN 3.0 does not write. */
static int readable(pdn_diag_code code)
{
    return code == PDN_D_NONE || code == PDN_D_FEN_FORM;
}

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct fen_item {
    const pdn_geometry *geo;
    const char *fen;
    size_t len;
} fen_item;

/* Geometries by GameType tuple, built once each. */
typedef struct geo_cache {
    pdn_geometry **geos;
    size_t count;
} geo_cache;

static int same_gametype(const pdn_gametype *a, const pdn_gametype *b)
{
    return a->type == b->type && a->start == b->start && a->width == b->width &&
           a->height == b->height && a->notation == b->notation && a->corner == b->corner &&
           a->invert == b->invert;
}

static const pdn_geometry *cached_geometry(geo_cache *cache, const pdn_geometry *g)
{
    for (size_t i = 0; i < cache->count; i++)
        if (same_gametype(&cache->geos[i]->gametype, &g->gametype))
            return cache->geos[i];
    pdn_geometry **geos = realloc(cache->geos, (cache->count + 1) * sizeof *geos);
    pdn_geometry *copy = malloc(sizeof *copy);
    if (geos == NULL || copy == NULL)
        exit(3);
    *copy = *g;
    geos[cache->count++] = copy;
    cache->geos = geos;
    return copy;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 20, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *p = realloc(buf, cap *= 2);
            if (p == NULL)
                free(buf);
            buf = p;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Every FEN tag of the files that gives a position, with the board of its game. */
static size_t collect(char **files, int count, geo_cache *cache, fen_item **out)
{
    size_t n = 0, cap = 0;
    fen_item *items = NULL;
    for (int i = 0; i < count; i++) {
        size_t len;
        char *text = slurp(files[i], &len);
        pdn_reader *r;
        const pdn_game *g;
        if (text == NULL || pdn_reader_new_buffer(&r, text, len, NULL) != PDN_OK) {
            free(text);
            continue;
        }
        while (pdn_reader_next(r, &g) == PDN_OK) {
            const pdn_tag *fen = pdn_game_tag(g, "FEN");
            pdn_geometry geo;
            pdn_position pos;
            size_t at;
            if (fen == NULL || pdn_game_geometry(g, &geo) != PDN_OK ||
                !readable(pdn_fen_read(&pos, &geo, fen->value.ptr, fen->value.len, &at)))
                continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 256;
                items = realloc(items, cap * sizeof *items);
                if (items == NULL)
                    exit(3);
            }
            char *copy = malloc(fen->value.len);
            if (copy == NULL)
                exit(3);
            memcpy(copy, fen->value.ptr, fen->value.len);
            items[n].geo = cached_geometry(cache, &geo);
            items[n].fen = copy;
            items[n].len = fen->value.len;
            n++;
        }
        pdn_reader_free(r);
        free(text);
    }
    *out = items;
    return n;
}

/* Reads and writes items[0..n) round robin `rounds` times; prints the rates. */
static int run_items(const char *label, const fen_item *items, size_t n, long rounds)
{
    pdn_position pos;
    char buf[8192];
    size_t check = 0, bytes = 0, at, next = 0;
    double best = 0, wall = now();
    clock_t cpu = clock();
    for (int pass = 0; pass < PASSES; pass++) {
        long part = rounds / PASSES + (pass < rounds % PASSES);
        double t0 = now();
        for (long r = 0; r < part; r++) {
            const fen_item *it = &items[next];
            next = next + 1 == n ? 0 : next + 1;
            if (!readable(pdn_fen_read(&pos, it->geo, it->fen, it->len, &at)))
                return 1;
            size_t w = pdn_fen_write(&pos, 0, buf, sizeof buf);
            check += (unsigned char)buf[w / 2];
            bytes += it->len;
        }
        double dt = now() - t0;
        if (dt > 0 && (double)part / dt > best)
            best = (double)part / dt;
    }
    wall = now() - wall;
    double cpu_s = (double)(clock() - cpu) / CLOCKS_PER_SEC;
    double mb = (double)bytes / 1e6;
    printf("%s: %zu FENs, %ld read+write in %.3f s = %.2f M positions/s (%.1f MB/s of FEN text);"
           " CPU %.3f s = %.2f M/s (%.1f MB/s); best of %d parts %.2f M/s (%.1f MB/s)"
           " [check %zu]\n",
           label, n, rounds, wall, (double)rounds / wall / 1e6, mb / wall, cpu_s,
           (double)rounds / cpu_s / 1e6, mb / cpu_s, PASSES, best / 1e6, best * mb / (double)rounds,
           check);
    return 0;
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 2000000;
    if (rounds < PASSES)
        rounds = PASSES;
    if (argc > 2) {
        geo_cache cache = {NULL, 0};
        fen_item *items;
        size_t n = collect(argv + 2, argc - 2, &cache, &items);
        if (n == 0) {
            fprintf(stderr, "fen_bench: no FEN tags in those files\n");
            return 1;
        }
        printf("%zu geometries for %zu FENs\n", cache.count, n);
        return run_items("FEN tags of the files", items, n, rounds);
    }
    pdn_geometry geos[SAMPLE_COUNT];
    fen_item items[SAMPLE_COUNT];
    for (size_t i = 0; i < SAMPLE_COUNT; i++) {
        pdn_gametype gt;
        size_t at;
        pdn_parse_gametype(&gt, samples[i].gametype, strlen(samples[i].gametype), &at);
        if (pdn_geometry_init(&geos[i], &gt) != PDN_OK)
            return 1;
        items[i].geo = &geos[i];
        items[i].fen = samples[i].fen;
        items[i].len = strlen(samples[i].fen);
    }
    return run_items("fen read+write (fixed mix)", items, SAMPLE_COUNT, rounds);
}
