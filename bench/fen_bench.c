/* SPDX-License-Identifier: MIT */
/*
 * fen_bench.c - FEN read + write throughput on one core: the positions of a
 * draughts game's main line, round-robin over several GameTypes and a chess
 * FEN, each read into a position and written back.  Prints positions/s.
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

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 2000000;
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
