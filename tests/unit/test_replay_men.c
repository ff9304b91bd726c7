/* SPDX-License-Identifier: MIT */
/*
 * test_replay_men.c - the run loop's copy for International men (men_loop()
 * in walk.c) against the general path (general_only): random games of
 * GameType 20 from the start or from a FEN with either side to move, long
 * stretches without a king, every way of numbering the moves (some of
 * them wrong), and now and then a step or jump that may not be a move.
 */
#include "harness.h"
#include "replay_compare.h"
#include "support/append.h"
#define TEST_RNG_SEED 0x8C2B61E7F04D93A5ull
#include "replay/replay.h"
#include "support/draughts.h"
#include "support/rng.h"

#include <stdlib.h>
#include <string.h>

static void put_cell(test_text *t, const pdn_geometry *g, int cell)
{
    char sq[16];
    pdn_square_format(pdn_geometry_square(g, cell, 0), sq);
    test_puts(t, sq);
}

/* A man's step of the side to move of `pos` onto an empty square when a
 * capture is due (`due`), or anywhere next to him or two squares away on a
 * diagonal, whatever is there, or two random numbers (some off the
 * board): most of them are not moves, and those that are decide as any
 * other. */
static void put_odd(test_text *t, const pdn_draughts *d, const pdn_geometry *g,
                    const pdn_position *pos, int due)
{
    int cells = g->width * g->height, from = -1, seen = 0;
    unsigned man = (pos->turn == 'W' ? PDN_WHITE : PDN_BLACK) | PDN_MAN;
    for (int c = 0; c < cells && due; c++) {
        for (int dir = 0; dir < 4 && pos->board[c] == man; dir++) {
            int to = d->next[dir][c];
            if (to >= 0 && to < cells && d->bit_of[to] >= 0 && pos->board[to] == 0 &&
                rnd((unsigned)++seen) == 0) {
                put_cell(t, g, c);
                test_puts(t, "-");
                put_cell(t, g, to);
                test_puts(t, " ");
                return;
            }
        }
    }
    for (int c = 0; c < cells; c++)
        if (pos->board[c] == man && rnd((unsigned)++seen) == 0)
            from = c;
    if (from < 0 || rnd(6) == 0) {
        char buf[32];
        snprintf(buf, sizeof buf, "%u-%u ", rnd(56), rnd(56));
        test_puts(t, buf);
        return;
    }
    int dir = (int)rnd(4), jump = (int)rnd(2), to = d->next[dir][from];
    if (jump && to >= 0 && to < cells)
        to = d->next[dir][to];
    if (to < 0 || to >= cells)
        to = from;
    put_cell(t, g, from);
    test_puts(t, jump ? "x" : "-");
    put_cell(t, g, to);
    test_puts(t, " ");
}

/* Whether `pos` has a king. */
static int has_king(const pdn_position *pos, int cells)
{
    for (int c = 0; c < cells; c++)
        if (pos->board[c] != 0 && (pos->board[c] & PDN_KING))
            return 1;
    return 0;
}

/*
 * A random game into `t`, `plies` moves at most, numbered by `style`: 0 as
 * usual ("12." before White's moves), 1 "12." before every move of the
 * side that starts (as records of positions do), 2 no numbers, 3 "12." and
 * "12..." before every move; one number in 25 is that of the other side.
 * Moves are mostly men's (kings are rarer then), and the game ends now and
 * then with put_odd() and a move after it, most often where a capture is
 * due.  *quiet gets the moves played with no king on the board.
 */
static void write_game(test_text *t, const pdn_draughts *d, const pdn_geometry *g,
                       pdn_movelist *legal, int plies, int style, long *quiet)
{
    pdn_position pos;
    pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
    int cells = g->width * g->height;
    char buf[64];
    t->len = 0;
    test_puts(t, "[GameType \"20\"]\n[Result \"*\"]\n");
    pdn_position_start(&pos, g);
    if (rnd(2) == 0) {
        test_fen_start(t, legal, d, &pos, &st, 1 + (int)rnd(25));
    }
    test_puts(t, "\n");
    char first = pos.turn;
    for (int ply = 0; ply < plies; ply++) {
        if (pdn_draughts_moves(legal, d, &pos, &st, PDN_MOVES_PATHS) != PDN_OK)
            break;
        size_t n = pdn_movelist_count(legal);
        if (n == 0)
            break;
        char side = pos.turn;
        if (rnd(25) == 0)
            side = side == 'W' ? 'B' : 'W';
        int number = ply / 2 + 1;
        if (style == 0 && (side == 'W' || ply == 0))
            snprintf(buf, sizeof buf, side == 'W' ? "%d. " : "%d... ", number);
        else if (style == 1 && (side == first || ply == 0))
            snprintf(buf, sizeof buf, "%d. ", number);
        else if (style == 3)
            snprintf(buf, sizeof buf, side == 'W' ? "%d. " : "%d... ", number);
        else
            buf[0] = '\0';
        test_puts(t, buf);
        int due = pdn_movelist_get(legal, 0).capture_count > 0;
        if (rnd(due ? 40 : 150) == 0) {
            /* a move after it, as the loop plays only a move another follows */
            put_odd(t, d, g, &pos, due);
            test_puts(t, "1-6 ");
            break;
        }
        /* a man's move where there is one, three times in four */
        size_t pick = rnd((unsigned)n);
        for (int tries = 0; tries < 3 && pdn_movelist_get(legal, pick).king; tries++)
            pick = rnd((unsigned)n);
        pdn_draughts_move m = pdn_movelist_get(legal, pick);
        put_cell(t, g, m.from);
        test_puts(t, m.capture_count > 0 ? "x" : "-");
        put_cell(t, g, m.to);
        test_puts(t, " ");
        unsigned what = rnd(90);
        if (what == 0)
            test_puts(t, "{ a comment } ");
        else if (what == 1)
            test_puts(t, "( 1-2 ) ");
        *quiet += !has_king(&pos, cells);
        pdn_draughts_play(&pos, &st, d, &m);
    }
    test_puts(t, "*\n");
}

static void test_men_as_general(void)
{
    pdn_replay *quick = NULL, *general = NULL, *bare = NULL;
    pdn_movelist *legal = NULL;
    pdn_geometry g;
    pdn_draughts *d = test_engine(20, 0, &g);
    test_text t = {NULL, 0, 0};
    replay_tally n = {0};
    long games = 0, quiet = 0, diffs = 0, warned = 0;
    CHECK(d != NULL);
    CHECK(pdn_replay_new(&quick, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&bare, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&general, NULL) == PDN_OK);
    CHECK(pdn_movelist_new(&legal, NULL) == PDN_OK);
    general->general_only = true;
    for (int i = 0; i < 6000 && d != NULL; i++) {
        write_game(&t, d, &g, legal, 20 + (int)rnd(160), i % 4, &quiet);
        pdn_game *game = NULL;
        if (!CHECK(pdn_game_parse(&game, t.buf, t.len, NULL) == PDN_OK))
            continue;
        pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
        CHECK(pdn_replay_run(quick, game, &o) == PDN_OK);
        CHECK(pdn_replay_run(general, game, &o) == PDN_OK);
        o.moves = 0;
        CHECK(pdn_replay_run(bare, game, &o) == PDN_OK);
        size_t nd = 0;
        pdn_replay_diags(general, &nd);
        warned += nd > 0;
        if (!replay_same_diags(bare, general) || !replay_same_diags(quick, general)) {
            diffs++;
            fprintf(stderr, "    game %d:\n%s\n", i, t.buf);
        }
        long failed = n.failed;
        replay_compare_nodes(quick, general, pdn_game_root(game), 0, &n);
        if (n.failed > failed)
            fprintf(stderr, "    game %d: %ld moves differ\n%s\n", i, n.failed - failed, t.buf);
        games++;
        pdn_game_free(game);
    }
    printf("%ld games, %ld moves (%ld with no king on the board): %ld played (%ld captures), "
           "%ld illegal, %ld skipped; %ld games with diagnostics\n",
           games, n.moves, quiet, n.ok, n.captures, n.illegal, n.skipped, warned);
    /* Enough of the loop's work for the comparison to mean something. */
    CHECK(quiet > 200000 && n.captures > 60000 && warned > 1000);
    CHECK_EQ_INT(n.failed, 0);
    CHECK_EQ_INT(diffs, 0);
    pdn_movelist_free(legal);
    pdn_replay_free(bare);
    pdn_replay_free(quick);
    pdn_replay_free(general);
    pdn_draughts_free(d);
    free(t.buf);
}

int main(void)
{
    RUN(test_men_as_general);
    return harness_report();
}
