/* SPDX-License-Identifier: MIT */
/*
 * cmd_perft.c - `pdn perft`: counts the move paths of each depth from a
 * draughts position (the start of a GameType or a FEN), optionally divided
 * by the first move, to check the rules engine against published tables.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Wall clock and processor time: on a busy machine the second one says what
 * the generator does with a core to itself. */
typedef struct stopwatch {
    double wall;
    clock_t cpu;
} stopwatch;

static stopwatch start(void)
{
    stopwatch s = {now(), clock()};
    return s;
}

static void report(int depth, uint64_t nodes, stopwatch t)
{
    double wall = now() - t.wall, cpu = (double)(clock() - t.cpu) / CLOCKS_PER_SEC;
    printf("depth %d: %llu nodes in %.3f s (cpu %.3f s", depth, (unsigned long long)nodes, wall,
           cpu);
    if (cpu > 0.001)
        printf(", %.1f Mnodes/s", (double)nodes / cpu / 1e6);
    printf(")\n");
}

/* The count under each first move, then the total. */
static int divide(const pdn_draughts *d, const pdn_position *pos, int depth, unsigned flags)
{
    pdn_movelist *list;
    if (pdn_movelist_new(&list, NULL) != PDN_OK)
        return EXIT_SYSTEM;
    stopwatch t0 = start();
    pdn_status st = pdn_draughts_moves(list, d, pos, NULL, flags);
    uint64_t total = 0;
    for (size_t i = 0; st == PDN_OK && i < pdn_movelist_count(list); i++) {
        pdn_draughts_move m = pdn_movelist_get(list, i);
        pdn_position next = *pos;
        pdn_draughts_state hist = PDN_DRAUGHTS_STATE_INIT;
        uint64_t n = 0;
        char text[64];
        pdn_draughts_play(&next, &hist, d, &m);
        st = pdn_draughts_perft(&n, d, &next, &hist, depth - 1, flags);
        pdn_draughts_format(text, sizeof text, list, &m, 0, 0);
        printf("%s: %llu\n", text, (unsigned long long)n);
        total += n;
    }
    pdn_movelist_free(list);
    if (st != PDN_OK) {
        fprintf(stderr, "pdn perft: %s\n", pdn_status_str(st));
        return EXIT_SYSTEM;
    }
    report(depth, total, t0);
    return EXIT_OK_;
}

static int run(const pdn_geometry *g, const char *fen, int depth, unsigned flags, bool split)
{
    pdn_rules rules;
    pdn_draughts *d;
    pdn_position pos;
    if (pdn_rules_init(&rules, g->gametype.type) != PDN_OK) {
        cli_usage_error("perft", "no draughts rules for GameType %d", g->gametype.type);
        return EXIT_USAGE;
    }
    pdn_position_start(&pos, g);
    if (fen != NULL) {
        size_t at = 0;
        pdn_diag_code c = pdn_fen_read(&pos, g, fen, strlen(fen), &at);
        if (c != PDN_D_NONE && c != PDN_D_FEN_FORM) {
            fprintf(stderr, "pdn perft: bad FEN at offset %zu: %s\n", at, pdn_diag_message(c));
            return EXIT_INPUT;
        }
    }
    if (pos.turn != 'W' && pos.turn != 'B') {
        fprintf(stderr, "pdn perft: the FEN does not say who is to move\n");
        return EXIT_INPUT;
    }
    pdn_status st = pdn_draughts_new(&d, g, &rules, NULL);
    if (st != PDN_OK) {
        fprintf(stderr, "pdn perft: %s\n", pdn_status_str(st));
        return st == PDN_ENOMEM ? EXIT_SYSTEM : EXIT_USAGE;
    }
    int rc = EXIT_OK_;
    if (split) {
        rc = divide(d, &pos, depth, flags);
    } else {
        for (int i = 1; i <= depth && rc == EXIT_OK_; i++) {
            uint64_t n = 0;
            stopwatch t0 = start();
            st = pdn_draughts_perft(&n, d, &pos, NULL, i, flags);
            if (st != PDN_OK) {
                fprintf(stderr, "pdn perft: %s\n", pdn_status_str(st));
                rc = EXIT_SYSTEM;
            } else {
                report(i, n, t0);
            }
        }
    }
    pdn_draughts_free(d);
    return rc;
}

int cmd_perft(int argc, char **argv)
{
    pdn_geometry g;
    const char *type = "20", *fen = NULL;
    int depth = -1;
    unsigned flags = PDN_MOVES_UNIQUE;
    bool split = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_arg = i + 1 < argc;
        if (strcmp(a, "--gametype") == 0 && has_arg) {
            type = argv[++i];
        } else if (strcmp(a, "--fen") == 0 && has_arg) {
            fen = argv[++i];
        } else if (strcmp(a, "--depth") == 0 && has_arg) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end != '\0' || v < 1 || v > 64) {
                cli_usage_error("perft", "--depth wants a number from 1 to 64, not '%s'", argv[i]);
                return EXIT_USAGE;
            }
            depth = (int)v;
        } else if (strcmp(a, "--paths") == 0) {
            flags = PDN_MOVES_PATHS;
        } else if (strcmp(a, "--unique") == 0) {
            flags = PDN_MOVES_UNIQUE;
        } else if (strcmp(a, "--divide") == 0) {
            split = true;
        } else {
            cli_usage_error("perft", "unknown option or missing value '%s'", a);
            return EXIT_USAGE;
        }
    }
    if (depth < 0) {
        cli_usage_error("perft", "%s", "--depth is required");
        return EXIT_USAGE;
    }
    if (!cli_gametype("perft", type, &g))
        return EXIT_USAGE;
    return run(&g, fen, depth, flags, split);
}
