/* SPDX-License-Identifier: MIT */
/*
 * draughts.h - draughts engines and moves for the rules and replay tests:
 * the engine of a GameType number, a field-by-field comparison of two
 * moves, random play to reach positions a FEN start is made from, and the
 * FEN tag of such a start.
 */
#ifndef PDN_TEST_DRAUGHTS_H
#define PDN_TEST_DRAUGHTS_H

#include "pdn.h"
#include "support/append.h"
#include "support/rng.h"

/* The engine of GameType number `type` with its own rules, or the same
 * rules with a free choice among captures (`free_choice`); *g gets its
 * board.  NULL when the library refuses one, which the caller checks. */
static inline pdn_draughts *test_engine(int type, int free_choice, pdn_geometry *g)
{
    pdn_gametype gt;
    pdn_rules rules;
    pdn_draughts *d = NULL;
    if (pdn_gametype_default(&gt, type) != PDN_OK || pdn_geometry_init(g, &gt) != PDN_OK ||
        pdn_rules_init(&rules, type) != PDN_OK)
        return NULL;
    if (free_choice)
        for (int i = 0; i < PDN_PREFER_MAX; i++)
            rules.prefer[i] = PDN_PREFER_END;
    if (pdn_draughts_new(&d, g, &rules, NULL) != PDN_OK)
        return NULL;
    return d;
}

/* Every field of two moves, their paths and captured pieces included. */
static inline int test_same_move(const pdn_draughts_move *a, const pdn_draughts_move *b)
{
    if (a->from != b->from || a->to != b->to || a->king != b->king || a->promotes != b->promotes ||
        a->path_count != b->path_count || a->capture_count != b->capture_count)
        return 0;
    for (size_t i = 0; i < a->path_count; i++)
        if (a->path[i] != b->path[i])
            return 0;
    for (size_t i = 0; i < a->capture_count; i++)
        if (a->captured[i] != b->captured[i])
            return 0;
    return 1;
}

/* Plays up to n random legal moves from *pos (fewer when the game ends);
 * `legal` is scratch space. */
static inline void test_random_moves(pdn_movelist *legal, const pdn_draughts *d, pdn_position *pos,
                                     pdn_draughts_state *st, int n)
{
    for (int i = 0; i < n; i++) {
        if (pdn_draughts_moves(legal, d, pos, st, PDN_MOVES_PATHS) != PDN_OK ||
            pdn_movelist_count(legal) == 0)
            break;
        pdn_draughts_move m = pdn_movelist_get(legal, rnd((unsigned)pdn_movelist_count(legal)));
        pdn_draughts_play(pos, st, d, &m);
    }
}

/* A FEN tag of *pos, for a game that starts there. */
static inline void test_fen_tag(test_text *t, const pdn_position *pos)
{
    char buf[4096];
    pdn_fen_write(pos, 0, buf, sizeof buf);
    test_puts(t, "[FEN \"");
    test_puts(t, buf);
    test_puts(t, "\"]\n");
}

/* A game that starts after up to n random moves: played on *pos, the state
 * started afresh there (as a FEN tag starts it), and *pos written to t as
 * the FEN tag. */
static inline void test_fen_start(test_text *t, pdn_movelist *legal, const pdn_draughts *d,
                                  pdn_position *pos, pdn_draughts_state *st, int n)
{
    test_random_moves(legal, d, pos, st, n);
    *st = (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
    test_fen_tag(t, pos);
}

#endif
