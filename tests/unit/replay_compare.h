/* SPDX-License-Identifier: MIT */
/*
 * replay_compare.h - two replays of the same game compared move by move:
 * the differential tests of the replay's fast paths (test_replay_paths.c
 * for draughts, test_chess_walk.c for chess) run a game with them and with
 * the general path alone (`general_only`) and compare everything a caller
 * can see.
 */
#ifndef PDN_TEST_REPLAY_COMPARE_H
#define PDN_TEST_REPLAY_COMPARE_H

#include "pdn.h"

/* What the compared moves were, counted over many games. */
typedef struct replay_tally {
    long moves, ok, captures, ambiguous, illegal, skipped, failed;
} replay_tally;

/* Compares the two replays on every move node under `node`, variations
 * included: the played records, and with `positions` the positions before
 * and after each move; a move that differs counts in `failed`. */
void replay_compare_nodes(const pdn_replay *a, const pdn_replay *b, const pdn_node *node,
                          int positions, replay_tally *n);
/* 1 when the two replays report the same diagnostics. */
int replay_same_diags(const pdn_replay *a, const pdn_replay *b);

#endif
