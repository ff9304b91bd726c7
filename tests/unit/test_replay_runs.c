/* SPDX-License-Identifier: MIT */
/*
 * test_replay_runs.c - the replay's run loop (quick_loop() in walk.c) against
 * the general path (general_only) on random games of every GameType with
 * bitboards, mostly without variations so that whole games go through the
 * loop, half of them ending with a man's step or jump that is not a move; and
 * the loop's copies without records (options' moves 0) against the same.
 */
#include "harness.h"
#include "replay_compare.h"
#include "support/append.h"
#define TEST_RNG_SEED 0xD1B54A32D192ED03ull
#include "replay/replay.h"
#include "support/draughts.h"
#include "support/rng.h"

#include <stdlib.h>
#include <string.h>

static void put_square(test_text *t, const pdn_geometry *g, int cell)
{
    char sq[16];
    pdn_square_format(pdn_geometry_square(g, cell, 0), sq);
    test_puts(t, sq);
}

/* A legal move, short ("32-28", "28x17") or, when `full`, with its path. */
static void put_move(test_text *t, const pdn_geometry *g, const pdn_draughts_move *m, int full)
{
    const char *sep = m->capture_count > 0 ? "x" : "-";
    put_square(t, g, m->from);
    for (size_t i = 1; full && i + 1 < m->path_count; i++) {
        test_puts(t, sep);
        put_square(t, g, m->path[i]);
    }
    test_puts(t, sep);
    put_square(t, g, m->to);
    test_puts(t, " ");
}

/* Whether a move from `from` to `to` is among `legal`. */
static int listed(const pdn_movelist *legal, int from, int to)
{
    for (size_t i = 0; i < pdn_movelist_count(legal); i++) {
        pdn_draughts_move m = pdn_movelist_get(legal, i);
        if (m.from == from && m.to == to)
            return 1;
    }
    return 0;
}

/*
 * A man's step of the side to move of `pos` that is not a legal move (its
 * square taken, or a capture due), or a man's jump over one piece onto an
 * empty square that is not one either (another capture takes more, or the
 * man must go on), written into `t`: 1, or 0 when there is none.  Where
 * the loop would see a legal step or jump it is such a move that tells its
 * capture tests, its empty squares and its rules right from wrong.
 */
static int put_forbidden(test_text *t, const pdn_draughts *d, const pdn_geometry *g,
                         const pdn_position *pos, const pdn_movelist *legal)
{
    int ci = pos->turn == 'W' ? 0 : 1, cells = g->width * g->height;
    unsigned man = (ci ? PDN_BLACK : PDN_WHITE) | PDN_MAN;
    int pick[2] = {-1, -1}, seen = 0, jump = 0;
    for (int from = 0; from < cells; from++) {
        if (pos->board[from] != man || d->bit_of[from] < 0)
            continue;
        for (int dir = 0; dir < 4; dir++) {
            int mid = d->next[dir][from], to = mid >= 0 && mid < cells ? d->next[dir][mid] : -1;
            if (to < 0 || to >= cells || d->bit_of[to] < 0 || pos->board[to] != 0 ||
                PDN_PIECE_COLOR(pos->board[mid]) != (ci ? PDN_WHITE : PDN_BLACK))
                continue;
            if (!listed(legal, from, to) && rnd((unsigned)++seen) == 0) {
                pick[0] = from;
                pick[1] = to;
                jump = 1;
            }
        }
        for (int to = 0; to < cells; to++) {
            if (d->bit_of[to] < 0 ||
                !(d->man_steps[ci][d->bit_of[from]] & (uint64_t)1 << d->bit_of[to]))
                continue;
            if (!listed(legal, from, to) && rnd((unsigned)++seen) == 0) {
                pick[0] = from;
                pick[1] = to;
                jump = 0;
            }
        }
    }
    if (pick[0] < 0)
        return 0;
    put_square(t, g, pick[0]);
    test_puts(t, jump ? "x" : "-");
    put_square(t, g, pick[1]);
    test_puts(t, " ");
    return 1;
}

/* A random game of `d` into `t`: `plies` moves at most, from the start or
 * (`from_fen`) from a FEN after a few random moves, ending with a step or
 * jump that is not a move when `forbid`. */
static void write_game(test_text *t, const pdn_draughts *d, const pdn_geometry *g,
                       pdn_movelist *legal, int type, int plies, int from_fen, int tagless,
                       int forbid)
{
    pdn_position pos;
    pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
    char buf[4096];
    t->len = 0;
    if (!tagless) {
        snprintf(buf, sizeof buf, "[GameType \"%d\"]\n", type);
        test_puts(t, buf);
    }
    test_puts(t, "[Result \"*\"]\n");
    pdn_position_start(&pos, g);
    if (from_fen) {
        test_fen_start(t, legal, d, &pos, &st, 1 + (int)rnd(30));
    }
    test_puts(t, "\n");
    for (int ply = 0; ply < plies; ply++) {
        if (pdn_draughts_moves(legal, d, &pos, &st, PDN_MOVES_PATHS) != PDN_OK)
            break;
        size_t n = pdn_movelist_count(legal);
        if (n == 0)
            break;
        char turn = pos.turn;
        /* The number, now and then that of the other side (a warning the
         * loop leaves to check_side()). */
        if (rnd(40) == 0)
            turn = turn == 'W' ? 'B' : 'W';
        if (turn == 'W' || ply == 0 || rnd(30) == 0) {
            snprintf(buf, sizeof buf, turn == 'W' ? "%d. " : "%d... ", ply / 2 + 1);
            test_puts(t, buf);
        }
        pdn_draughts_move m = pdn_movelist_get(legal, rnd((unsigned)n));
        /* Now and then the game ends with a step that is not a move, most
         * often where a capture is due. */
        if (forbid && rnd(m.capture_count > 0 && ply > 6 ? 4 : 60) == 0 &&
            put_forbidden(t, d, g, &pos, legal))
            break;
        put_move(t, g, &m, rnd(25) == 0);
        /* What ends a run of the loop: a comment, or a variation (of some
         * legal move, or of a move that is not). */
        unsigned what = rnd(60);
        if (what == 0) {
            test_puts(t, "{ a comment } ");
        } else if (what == 1) {
            pdn_draughts_move v = pdn_movelist_get(legal, rnd((unsigned)n));
            test_puts(t, "( ");
            put_move(t, g, &v, 0);
            test_puts(t, ") ");
        } else if (what == 2) {
            test_puts(t, "( 1-2 ) ");
        }
        pdn_draughts_play(&pos, &st, d, &m);
    }
    if (rnd(8) == 0) {
        snprintf(buf, sizeof buf, "%d-%d ", 1 + (int)rnd((unsigned)g->square_count),
                 1 + (int)rnd((unsigned)g->square_count));
        test_puts(t, buf);
    }
    test_puts(t, "*\n");
}

/* The records of `r` the run loop wrote as REPLAY_QUICK. */
static long quick_records(const pdn_replay *r)
{
    long n = 0;
    const played_rec *rec = r->recs.data;
    for (size_t i = 0; i < r->recs.len; i++)
        n += rec[i].status == REPLAY_QUICK;
    return n;
}

static void test_runs_as_general(void)
{
    static const int types[] = {20, 20, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 40, 41};
    pdn_replay *quick = NULL, *general = NULL, *bare = NULL;
    pdn_movelist *legal = NULL;
    test_text t = {NULL, 0, 0};
    replay_tally n = {0};
    long games = 0, looped = 0, bare_diffs = 0;
    CHECK(pdn_replay_new(&quick, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&bare, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&general, NULL) == PDN_OK);
    CHECK(pdn_movelist_new(&legal, NULL) == PDN_OK);
    general->general_only = true;
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(types[k], 0, &g);
        CHECK(d != NULL);
        for (int i = 0; i < 300 && d != NULL; i++) {
            write_game(&t, d, &g, legal, types[k], 40 + (int)rnd(200), i % 3 == 1, i % 10 == 7,
                       i % 2);
            pdn_game *game = NULL;
            if (!CHECK(pdn_game_parse(&game, t.buf, t.len, NULL) == PDN_OK))
                continue;
            for (int positions = 0; positions < 2; positions++) {
                pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
                o.positions = positions;
                CHECK(pdn_replay_run(quick, game, &o) == PDN_OK);
                CHECK(pdn_replay_run(general, game, &o) == PDN_OK);
                CHECK_EQ_INT(pdn_replay_gametype(quick), pdn_replay_gametype(general));
                /* Without records: the same diagnostics, no move to ask for. */
                o.moves = 0;
                CHECK(pdn_replay_run(bare, game, &o) == PDN_OK);
                CHECK_EQ_INT(pdn_replay_gametype(bare), pdn_replay_gametype(general));
                if (!replay_same_diags(bare, general)) {
                    bare_diffs++;
                    fprintf(stderr, "    no records, GameType %d, game %d:\n%s\n", types[k], i,
                            t.buf);
                }
                pdn_played played;
                const pdn_node *first = pdn_node_first_child(pdn_game_root(game));
                CHECK(first == NULL || pdn_replay_move(&played, bare, first) == PDN_EINVAL);
                if (positions == 0)
                    looped += quick_records(quick);
                if (!CHECK(replay_same_diags(quick, general)))
                    fprintf(stderr, "    GameType %d, game %d:\n%s\n", types[k], i, t.buf);
                long failed = n.failed;
                replay_compare_nodes(quick, general, pdn_game_root(game), positions, &n);
                if (n.failed > failed)
                    fprintf(stderr, "    GameType %d, game %d: %ld moves differ\n%s\n", types[k], i,
                            n.failed - failed, t.buf);
            }
            games++;
            pdn_game_free(game);
        }
        pdn_draughts_free(d);
    }
    printf("%ld games, %ld moves: %ld played (%ld captures), %ld illegal, %ld skipped; "
           "%ld records of the run loop\n",
           games, n.moves, n.ok, n.captures, n.illegal, n.skipped, looped);
    /* Enough of the loop's work for the comparison to mean something. */
    CHECK(games > 4500);
    CHECK(n.ok > 300000 && n.captures > 80000);
    CHECK(looped > 60000);
    CHECK_EQ_INT(n.failed, 0);
    CHECK_EQ_INT(bare_diffs, 0);
    pdn_movelist_free(legal);
    pdn_replay_free(bare);
    pdn_replay_free(quick);
    pdn_replay_free(general);
    free(t.buf);
}

int main(void)
{
    RUN(test_runs_as_general);
    return harness_report();
}
