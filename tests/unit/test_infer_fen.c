/* SPDX-License-Identifier: MIT */
/*
 * test_infer_fen.c - the GameType inference of games without the tag
 * (src/replay/infer.c) with its SSE2 loops and on the general path alone:
 * random games with FEN tags of every kind (numbers of one to five digits,
 * leading zeros, algebraic squares, stray bytes, long ones) and moves of
 * every kind of square, a few of another kind among them, give the same
 * type, board, diagnostics and moves both ways.
 */
#include "harness.h"
#include "replay/replay.h"
#include "replay_compare.h"
#include "support/append.h"
#include "support/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A number of the FEN: mostly squares of a 10x10 board, sometimes more. */
static void put_fen_number(test_text *t)
{
    char buf[16];
    unsigned k = rnd(40);
    if (k == 0)
        snprintf(buf, sizeof buf, "%u", 51 + rnd(49));
    else if (k == 1)
        snprintf(buf, sizeof buf, "%u", 100 + rnd(99900));
    else if (k == 2)
        snprintf(buf, sizeof buf, "0%u", 1 + rnd(60));
    else if (k == 3)
        snprintf(buf, sizeof buf, "%c%u", 'a' + (char)rnd(12), 1 + rnd(12));
    else if (k == 4)
        snprintf(buf, sizeof buf, "%s", rnd(2) ? "\xc3\xa9" : "x");
    else if (k == 5)
        snprintf(buf, sizeof buf, "%u", 50 + rnd(2));
    else
        snprintf(buf, sizeof buf, "%u", 1 + rnd(50));
    test_puts(t, buf);
}

static void put_fen(test_text *t)
{
    test_puts(t, "[FEN \"");
    test_puts(t, rnd(2) ? "W" : "B");
    for (int side = 0; side < 2; side++) {
        test_puts(t, side == 0 ? ":W" : ":B");
        int n = 1 + (int)rnd(rnd(8) == 0 ? 30 : 12);
        for (int i = 0; i < n; i++) {
            if (i > 0)
                test_puts(t, rnd(10) == 0 ? "-" : ",");
            if (rnd(6) == 0)
                test_puts(t, "K");
            put_fen_number(t);
        }
    }
    if (rnd(4) == 0)
        test_puts(t, ".");
    test_puts(t, "\"]\n");
}

/* A square of a move: numbers of 10x10 boards mostly, else of 8x8 or
 * 12x12 boards, algebraic, or (4) the numbers where the boards part. */
static void put_square(test_text *t, unsigned kind)
{
    char buf[16];
    static const unsigned edges[] = {32, 33, 50, 51};
    if (kind == 3)
        snprintf(buf, sizeof buf, "%c%u", 'a' + (char)rnd(10), 1 + rnd(10));
    else if (kind == 4)
        snprintf(buf, sizeof buf, "%u", edges[rnd(4)]);
    else
        snprintf(buf, sizeof buf, "%u",
                 kind == 0   ? 31 + rnd(20)
                 : kind == 1 ? 1 + rnd(32)
                             : 1 + rnd(72));
    test_puts(t, buf);
}

static void write_game(test_text *t)
{
    unsigned kind = rnd(10) < 7 ? 0 : rnd(4);
    t->len = 0;
    test_puts(t, "[Event \"inference\"]\n");
    if (rnd(5) != 0)
        put_fen(t);
    test_puts(t, "\n");
    int moves = 1 + (int)rnd(rnd(3) == 0 ? 60 : 8), mixed = rnd(3) == 0;
    for (int i = 0; i < moves; i++) {
        char num[16];
        if (i % 2 == 0) {
            snprintf(num, sizeof num, "%d. ", i / 2 + 1);
            test_puts(t, num);
        }
        /* now and then a square of another kind among them */
        put_square(t, mixed && rnd(12) == 0 ? rnd(5) : kind);
        test_puts(t, rnd(8) == 0 ? "x" : "-");
        put_square(t, mixed && rnd(12) == 0 ? rnd(5) : kind);
        test_puts(t, " ");
    }
    test_puts(t, "*\n");
}

static void test_infer_as_general(void)
{
    pdn_replay *quick = NULL, *general = NULL;
    test_text t = {NULL, 0, 0};
    replay_tally n = {0};
    long games = 0, by_type[64] = {0};
    CHECK(pdn_replay_new(&quick, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&general, NULL) == PDN_OK);
    general->general_only = true;
    for (int i = 0; i < 4000 && quick != NULL && general != NULL; i++) {
        write_game(&t);
        pdn_game *game = NULL;
        if (!CHECK(pdn_game_parse(&game, t.buf, t.len, NULL) == PDN_OK))
            continue;
        CHECK(pdn_replay_run(quick, game, NULL) == PDN_OK);
        CHECK(pdn_replay_run(general, game, NULL) == PDN_OK);
        int type = pdn_replay_gametype(quick);
        const pdn_geometry *a = pdn_replay_geometry(quick), *b = pdn_replay_geometry(general);
        int same = type == pdn_replay_gametype(general) && (a == NULL) == (b == NULL) &&
                   (a == NULL || (a->width == b->width && a->height == b->height &&
                                  a->gametype.notation == b->gametype.notation));
        long failed = n.failed;
        replay_compare_nodes(quick, general, pdn_game_root(game), 1, &n);
        if (!CHECK(same && replay_same_diags(quick, general) && n.failed == failed))
            fprintf(stderr, "    game %d:\n%s\n", i, t.buf);
        by_type[type >= 0 && type < 64 ? type : 0]++;
        games++;
        pdn_game_free(game);
    }
    CHECK(games == 4000);
    /* every kind of board the inference chooses among */
    CHECK(by_type[20] > 1000 && by_type[27] > 500 && by_type[21] > 20 && by_type[25] > 200 &&
          by_type[41] > 50);
    CHECK_EQ_INT(n.failed, 0);
    pdn_replay_free(quick);
    pdn_replay_free(general);
    free(t.buf);
}

int main(void)
{
    RUN(test_infer_as_general);
    return harness_report();
}
