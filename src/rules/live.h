/* SPDX-License-Identifier: MIT */
/*
 * live.h - a position kept in the move generator's own forms (its working
 * board and bitboards) while a replay plays one move after another, so that
 * resolving a written move costs no conversion of the whole board.
 */
#ifndef PDN_RULES_LIVE_H
#define PDN_RULES_LIVE_H

#include "rules/rules.h"

typedef struct pdn_rules__live {
    pdn_rules__bits bits;
    uint64_t able;                   /* pdn_rules__bb_able() for able_color */
    unsigned able_color;             /* 0 while not known */
    uint8_t board[PDN_CELL_MAX + 1]; /* as pdn_rules__board() fills it */
} pdn_rules__live;

/* Takes `pos` in; false when the engine's board does not fit the bitboards
 * or `pos` is not one pdn_draughts_moves() accepts (the caller then uses the
 * public functions). */
bool pdn_rules__live_load(pdn_rules__live *lv, const pdn_draughts *d, const pdn_position *pos);

/* Plays a move as pdn_draughts_play() does on the position (not the turn,
 * which the caller's position keeps). */
void pdn_rules__live_play(pdn_rules__live *lv, const pdn_draughts *d, const pdn_draughts_move *m);

/*
 * The common case of resolving, without a move list: a written move from
 * `from` to `to` (cells, nothing between) that is a plain move of the piece
 * there, when the side `color` has no capture.  Then it is the only legal
 * move that fits (what pdn_draughts_resolve() would find): true, with *king
 * (a king moves) and *promotes.  False in any other case, legal or not,
 * which the caller leaves to pdn_rules__live_resolve().
 */
bool pdn_rules__live_plain(const pdn_draughts *d, pdn_rules__live *lv, unsigned color, int from,
                           int to, int *king, int *promotes);

/* Whether the side `color` has a legal move: 1 yes, 0 no, -1 not known
 * here (the Frisian king-move limit: ask pdn_draughts_moves()). */
int pdn_rules__live_can_move(const pdn_draughts *d, pdn_rules__live *lv, unsigned color);

/* pdn_draughts_resolve() on the live position, `turn` 'W' or 'B' to move. */
pdn_status pdn_rules__live_resolve(pdn_movelist *out, const pdn_draughts *d, pdn_rules__live *lv,
                                   char turn, const pdn_draughts_state *st,
                                   const pdn_move *written);

#endif
