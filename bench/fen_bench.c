/* SPDX-License-Identifier: MIT */
/*
 * fen_bench.c - FEN read + write throughput on one core: each FEN read into
 * a position and written back canonically.  Two sets: a fixed mix (openings,
 * middle games with long lists, algebraic and chess FENs), and with file
 * arguments every FEN tag of those files on its game's board.
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

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct fen_item {
    pdn_geometry *geo;
    char *fen;
    size_t len;
} fen_item;

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
            if (p == NULL) {
                free(buf);
                buf = NULL;
            }
            buf = p;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Every FEN tag of the files, with the board of its game. */
static size_t collect(char **files, int count, fen_item **out)
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
            pdn_geometry *geo = malloc(sizeof *geo);
            pdn_position pos;
            size_t at;
            if (fen == NULL || geo == NULL || pdn_game_geometry(g, geo) != PDN_OK ||
                pdn_fen_read(&pos, geo, fen->value.ptr, fen->value.len, &at) > PDN_D_FEN_FORM) {
                free(geo);
                continue;
            }
            if (n == cap) {
                cap = cap ? cap * 2 : 256;
                items = realloc(items, cap * sizeof *items);
                if (items == NULL)
                    exit(3);
            }
            items[n].geo = geo;
            items[n].fen = malloc(fen->value.len);
            if (items[n].fen == NULL)
                exit(3);
            memcpy(items[n].fen, fen->value.ptr, fen->value.len);
            items[n].len = fen->value.len;
            n++;
        }
        pdn_reader_free(r);
        free(text);
    }
    *out = items;
    return n;
}

static void run_items(const char *label, const fen_item *items, size_t n, long rounds)
{
    pdn_position pos;
    char buf[4096];
    size_t check = 0, bytes = 0;
    double t0 = now();
    for (long r = 0; r < rounds; r++) {
        const fen_item *it = &items[(size_t)r % n];
        size_t at;
        pdn_fen_read(&pos, it->geo, it->fen, it->len, &at);
        size_t w = pdn_fen_write(&pos, 0, buf, sizeof buf);
        check += (unsigned char)buf[w / 2];
        bytes += it->len;
    }
    double dt = now() - t0;
    printf("%s: %zu FENs, %ld read+write in %.3f s = %.2f M positions/s (%.1f MB/s) [check %zu]\n",
           label, n, rounds, dt, (double)rounds / dt / 1e6, (double)bytes / dt / 1e6, check);
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 2000000;
    if (argc > 2) {
        fen_item *items;
        size_t n = collect(argv + 2, argc - 2, &items);
        if (n == 0) {
            fprintf(stderr, "fen_bench: no FEN tags in those files\n");
            return 1;
        }
        run_items("FEN tags of the files", items, n, rounds);
        return 0;
    }
    pdn_geometry geos[SAMPLE_COUNT];
    size_t lens[SAMPLE_COUNT];
    for (size_t i = 0; i < SAMPLE_COUNT; i++) {
        pdn_gametype gt;
        size_t at;
        pdn_parse_gametype(&gt, samples[i].gametype, strlen(samples[i].gametype), &at);
        if (pdn_geometry_init(&geos[i], &gt) != PDN_OK)
            return 1;
        lens[i] = strlen(samples[i].fen);
    }
    pdn_position pos;
    char buf[512];
    size_t check = 0, bytes = 0;
    double t0 = now();
    for (long r = 0; r < rounds; r++) {
        size_t i = (size_t)r % SAMPLE_COUNT, at;
        if (pdn_fen_read(&pos, &geos[i], samples[i].fen, lens[i], &at) != PDN_D_NONE)
            return 1;
        size_t n = pdn_fen_write(&pos, 0, buf, sizeof buf);
        check += (unsigned char)buf[n / 2];
        bytes += lens[i];
    }
    double dt = now() - t0;
    printf("fen read+write: %ld positions in %.3f s = %.2f M positions/s (%.1f MB/s of FEN text)"
           " [check %zu]\n",
           rounds, dt, (double)rounds / dt / 1e6, (double)bytes / dt / 1e6, check);
    return 0;
}
