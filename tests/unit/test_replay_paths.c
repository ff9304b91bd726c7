/* SPDX-License-Identifier: MIT */
/*
 * test_replay_paths.c - the replay's quick paths (the inline man's step,
 * pdn_rules__live_quick(), the live resolver) against its general path
 * (pdn_draughts_resolve() on the public position, forced by general_only)
 * on random games of every GameType: at every ply every legal move, written
 * short, with its full path, with a list of captured pieces, and a few moves
 * that are illegal, as variations, some games without a GameType tag; both
 * replays must give the same diagnostics, the same type, the same move for
 * every node and the same positions.
 */
#include "harness.h"
#include "replay_compare.h"
#include "support/append.h"
#define TEST_RNG_SEED 0x2545F4914F6CDD1Dull
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

/* The move number before a move: "12." for White, "12..." for Black when
 * it opens a line; now and then the other side's number, written. */
static void put_number(test_text *t, int ply, char turn, int opens)
{
    char buf[32];
    if (rnd(16) == 0) {
        turn = turn == 'W' ? 'B' : 'W';
        opens = 1;
    }
    if (turn == 'W')
        snprintf(buf, sizeof buf, "%d. ", ply / 2 + 1);
    else if (opens)
        snprintf(buf, sizeof buf, "%d... ", ply / 2 + 1);
    else
        buf[0] = '\0';
    test_puts(t, buf);
}

/* A legal move in one of the forms the reader gives: 0 short, 1 the full
 * path, 2 short with the captured pieces listed (in a shuffled order), 3
 * short with '-' whatever it is. */
static void put_move(test_text *t, const pdn_geometry *g, const pdn_draughts_move *m, int form)
{
    const char *sep = m->capture_count > 0 && form != 3 ? "x" : "-";
    put_square(t, g, m->from);
    if (form == 1)
        for (size_t i = 1; i + 1 < m->path_count; i++) {
            test_puts(t, sep);
            put_square(t, g, m->path[i]);
        }
    test_puts(t, sep);
    put_square(t, g, m->to);
    if (form == 2 && m->capture_count > 0 && m->capture_count < 64) {
        int order[64];
        size_t n = m->capture_count;
        for (size_t i = 0; i < n; i++)
            order[i] = m->captured[i];
        for (size_t i = n; i > 1; i--) {
            size_t j = rnd((unsigned)i);
            int x = order[i - 1];
            order[i - 1] = order[j];
            order[j] = x;
        }
        test_puts(t, " <");
        for (size_t i = 0; i < n; i++) {
            if (i > 0)
                test_puts(t, ",");
            put_square(t, g, order[i]);
        }
        test_puts(t, ">");
    }
    test_puts(t, " ");
}

/* A move of two random squares: mostly illegal. */
static void put_random(test_text *t, const pdn_geometry *g)
{
    char buf[40], a[16], b[16];
    pdn_square_format(
        pdn_geometry_square(
            g, pdn_geometry_cell(g, (pdn_square)(1 + rnd((unsigned)g->square_count))), 0),
        a);
    pdn_square_format(
        pdn_geometry_square(
            g, pdn_geometry_cell(g, (pdn_square)(1 + rnd((unsigned)g->square_count))), 0),
        b);
    snprintf(buf, sizeof buf, "%s%s%s ", a, rnd(2) ? "x" : "-", b);
    test_puts(t, buf);
}

/* The first jump of a random capture of `pos` that `loose` (the rules
 * without precedence) allows, if there is one: illegal when it falls short
 * of the most pieces or the man could go on. */
static void put_first_jump(test_text *t, const pdn_draughts *loose, const pdn_geometry *g,
                           pdn_movelist *legal, const pdn_position *pos,
                           const pdn_draughts_state *st)
{
    if (pdn_draughts_moves(legal, loose, pos, st, PDN_MOVES_PATHS) != PDN_OK ||
        pdn_movelist_count(legal) == 0)
        return;
    pdn_draughts_move v = pdn_movelist_get(legal, rnd((unsigned)pdn_movelist_count(legal)));
    if (v.capture_count == 0)
        return;
    put_square(t, g, v.from);
    test_puts(t, "x");
    put_square(t, g, v.path[1]);
    test_puts(t, " ");
}

/* After `m` (of ply `ply`) from `pos`, a random legal reply in form `form`
 * (0-3), or with form 4 the first jump of a capture (put_first_jump()). */
static void put_reply(test_text *t, const pdn_draughts *d, const pdn_draughts *loose,
                      const pdn_geometry *g, pdn_movelist *legal, const pdn_position *pos,
                      const pdn_draughts_state *st, const pdn_draughts_move *m, int form, int ply)
{
    pdn_position after = *pos;
    pdn_draughts_state sa = *st;
    pdn_draughts_play(&after, &sa, d, m);
    put_number(t, ply + 1, after.turn, 0);
    if (form == 4) {
        put_first_jump(t, loose, g, legal, &after, &sa);
        return;
    }
    if (pdn_draughts_moves(legal, d, &after, &sa, PDN_MOVES_PATHS) != PDN_OK ||
        pdn_movelist_count(legal) == 0)
        return;
    pdn_draughts_move r = pdn_movelist_get(legal, rnd((unsigned)pdn_movelist_count(legal)));
    put_move(t, g, &r, form);
}

/* A random game of engine `d` with every legal move of each ply as a
 * variation (and some illegal ones), into `t`, from a random position with
 * many kings when `random_start`, with variations at a few plies only when
 * `sparse`, without a GameType tag when `tagless` (the replay then tries
 * types in quiet runs of the main line), with a main line of moves whose
 * short form fits several legal moves where there are such when
 * `ambiguous` (the replay then looks at the moves that follow);
 * `loose` has the same rules without precedence among captures. */
static void write_game(test_text *t, const pdn_draughts *d, const pdn_draughts *loose,
                       const pdn_geometry *g, pdn_movelist *legal, pdn_movelist *reply, int type,
                       int plies, int random_start, int sparse, int tagless, int ambiguous)
{
    pdn_position pos;
    pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
    char buf[4096];
    t->len = 0;
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "*"};
    if (tagless)
        snprintf(buf, sizeof buf, "[Result \"%s\"]\n", results[rnd(6)]);
    else
        snprintf(buf, sizeof buf, "[GameType \"%d\"]\n[Result \"%s\"]\n", type, results[rnd(6)]);
    test_puts(t, buf);
    pdn_position_start(&pos, g);
    if (random_start) {
        /* A random position with kings: long captures, and captures that
         * the short form leaves ambiguous. */
        pdn_position_clear(&pos, g);
        for (int c = 0; c < g->width * g->height; c++) {
            if (g->number_of[c] == 0 || rnd(4) != 0)
                continue;
            unsigned color = rnd(2) ? PDN_WHITE : PDN_BLACK;
            int rank = c / g->width, last = color == PDN_WHITE ? g->height - 1 : 0;
            pos.board[c] = (pdn_piece)(color | (rnd(2) == 0 || rank == last ? PDN_KING : PDN_MAN));
        }
        pos.turn = rnd(2) ? 'W' : 'B';
        test_fen_tag(t, &pos);
    } else if (rnd(3) == 0) {
        /* Start from a position of a game: a FEN tag (the live position is
         * loaded from it, not taken from the engine's start). */
        test_fen_start(t, legal, d, &pos, &st, (int)rnd(40));
    }
    test_puts(t, "\n");
    for (int ply = 0; ply < plies; ply++) {
        if (pdn_draughts_moves(legal, d, &pos, &st, PDN_MOVES_PATHS) != PDN_OK)
            break;
        size_t n = pdn_movelist_count(legal);
        if (n == 0)
            break;
        char turn = pos.turn;
        size_t pick = rnd((unsigned)n), same = 0;
        for (size_t i = 0; ambiguous && i < n; i++) {
            pdn_draughts_move a = pdn_movelist_get(legal, i);
            for (size_t j = 0; j < n; j++) {
                pdn_draughts_move b = pdn_movelist_get(legal, j);
                if (j != i && a.from == b.from && a.to == b.to) {
                    if (rnd((unsigned)++same) == 0)
                        pick = i;
                    break;
                }
            }
        }
        pdn_draughts_move m = pdn_movelist_get(legal, pick);
        put_number(t, ply, turn, ply == 0);
        put_move(t, g, &m, same > 0 ? 0 : (int)rnd(4));
        /* Every legal move of the position in every form, each a variation
         * of the move just written; now and then one more ply in it.  In a
         * sparse game at a few plies only: the replay plays the lines of
         * moves without variations in a loop of its own. */
        if (sparse && rnd(8) != 0) {
            pdn_draughts_play(&pos, &st, d, &m);
            continue;
        }
        for (size_t i = 0; i < n; i++) {
            pdn_draughts_move v = pdn_movelist_get(legal, i);
            for (int form = 0; form < 3; form++) {
                if (form > 0 && v.capture_count == 0)
                    break;
                test_puts(t, "(");
                put_number(t, ply, turn, 1);
                put_move(t, g, &v, form);
                if (rnd(8) == 0)
                    put_random(t, g);
                else if (rnd(4) == 0)
                    put_reply(t, d, loose, g, reply, &pos, &st, &v, (int)rnd(5), ply);
                test_puts(t, ") ");
            }
        }
        /* The first jump of every capture the rules would allow without
         * their precedence: captures of fewer pieces than the most, and
         * captures cut short, which are illegal unless they are moves. */
        if (pdn_draughts_moves(legal, loose, &pos, &st, PDN_MOVES_PATHS) == PDN_OK)
            for (size_t i = 0; i < pdn_movelist_count(legal); i++) {
                pdn_draughts_move v = pdn_movelist_get(legal, i);
                if (v.capture_count == 0)
                    break;
                test_puts(t, "(");
                put_number(t, ply, turn, 1);
                put_square(t, g, v.from);
                test_puts(t, "x");
                put_square(t, g, v.path[1]);
                test_puts(t, ") ");
            }
        if (rnd(4) == 0) {
            test_puts(t, "(");
            put_number(t, ply, turn, 1);
            put_random(t, g);
            test_puts(t, ") ");
        }
        pdn_draughts_play(&pos, &st, d, &m);
    }
    /* An illegal move in the main line, or a capture cut short. */
    if (rnd(10) == 0)
        put_random(t, g);
    else if (rnd(2) == 0)
        put_first_jump(t, loose, g, legal, &pos, &st);
    test_puts(t, "*\n");
}

static void test_quick_as_general(void)
{
    /* Every GameType of src/rules/variants.c with a board of its own (96-99
     * have none; their rules are those of 20 and 40). */
    static const int types[] = {20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 40, 41};
    pdn_replay *quick = NULL, *general = NULL;
    pdn_movelist *legal = NULL, *reply = NULL;
    test_text t = {NULL, 0, 0};
    replay_tally n = {0};
    long games = 0, inferred = 0;
    CHECK(pdn_replay_new(&quick, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&general, NULL) == PDN_OK);
    CHECK(pdn_movelist_new(&legal, NULL) == PDN_OK);
    CHECK(pdn_movelist_new(&reply, NULL) == PDN_OK);
    general->general_only = true;
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(types[k], 0, &g), *loose = test_engine(types[k], 1, &g);
        CHECK(d != NULL && loose != NULL);
        /* The board without bitboards (12x12) has no quick path: fewer. */
        int count = pdn_rules__bb_fits(d) ? 72 : 9;
        for (int i = 0; i < count && d != NULL && loose != NULL; i++) {
            int tagless = i % 9 == 6, ambiguous = i % 9 == 8;
            write_game(&t, d, loose, &g, legal, reply, types[k], 60 + (int)rnd(100),
                       i % 9 % 4 == 0 || ambiguous, i % 9 % 4 >= 2 || ambiguous, tagless,
                       ambiguous);
            pdn_game *game = NULL;
            if (!CHECK(pdn_game_parse(&game, t.buf, t.len, NULL) == PDN_OK))
                continue;
            for (int positions = 0; positions < 2; positions++) {
                pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
                o.positions = positions;
                CHECK(pdn_replay_run(quick, game, &o) == PDN_OK);
                CHECK(pdn_replay_run(general, game, &o) == PDN_OK);
                if (tagless) {
                    CHECK_EQ_INT(pdn_replay_gametype(quick), pdn_replay_gametype(general));
                    inferred += pdn_replay_gametype(quick) == types[k];
                } else {
                    CHECK_EQ_INT(pdn_replay_gametype(quick), types[k]);
                    CHECK_EQ_INT(pdn_replay_gametype(general), types[k]);
                }
                if (!CHECK(replay_same_diags(quick, general)))
                    fprintf(stderr, "    GameType %d, game %d:\n%s\n", types[k], i, t.buf);
                long failed = n.failed;
                replay_compare_nodes(quick, general, pdn_game_root(game), positions, &n);
                if (n.failed > failed)
                    fprintf(stderr, "    GameType %d, game %d: %ld moves differ\n", types[k], i,
                            n.failed - failed);
            }
            games++;
            pdn_game_free(game);
        }
        pdn_draughts_free(d);
        pdn_draughts_free(loose);
    }
    printf("%ld games, %ld moves: %ld played (%ld captures), %ld ambiguous, %ld illegal; "
           "%ld replays of games without a GameType tag took the type they were made in\n",
           games, n.moves, n.ok, n.captures, n.ambiguous, n.illegal, inferred);
    /* Enough of every outcome for the comparison to mean something. */
    CHECK(games > 800);
    CHECK(n.ok > 300000 && n.captures > 70000);
    CHECK(n.ambiguous > 60 && n.illegal > 10000);
    CHECK(inferred > 50);
    CHECK_EQ_INT(n.failed, 0);
    pdn_movelist_free(legal);
    pdn_movelist_free(reply);
    pdn_replay_free(quick);
    pdn_replay_free(general);
    free(t.buf);
}

int main(void)
{
    RUN(test_quick_as_general);
    return harness_report();
}
