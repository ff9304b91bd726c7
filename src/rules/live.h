/* SPDX-License-Identifier: MIT */
/*
 * live.h - the position a replay plays one move after another, kept as
 * bitboards only (pdn_rules__live in rules.h): written moves are resolved
 * (pdn_rules__live_resolve(), on the bitboard search of bitboard.c) and
 * played on them directly, and the public pdn_position is written out only
 * when someone asks.
 */
#ifndef PDN_RULES_LIVE_H
#define PDN_RULES_LIVE_H

#include "rules/rules.h"

/*
 * Takes `pos` and `st` (NULL: a fresh history) in.  False when the engine's
 * board does not fit the bitboards, or `pos` is anything but men and kings
 * of the two colours on playing squares with White or Black to move: then
 * the bitboards could not give `pos` back exactly, and the caller uses the
 * public functions.
 */
bool pdn_rules__live_load(pdn_rules__live *lv, const pdn_draughts *d, const pdn_position *pos,
                          const pdn_draughts_state *st);

/* Takes the GameType's start position in (a board that fits the bitboards:
 * pdn_rules__bb_fits()), as pdn_position_start() gives it. */
void pdn_rules__live_start(pdn_rules__live *lv, const pdn_draughts *d);

/* Writes the position back: the board and the side to move of `pos` (its
 * other fields stay), and the history into `st` unless NULL. */
void pdn_rules__live_store(const pdn_rules__live *lv, const pdn_draughts *d, pdn_position *pos,
                           pdn_draughts_state *st);

/*
 * Whether a move written from cell `from` to cell `to` (playing cells) is a
 * step of a man of the side to move to an empty square, leaving aside
 * whether the side has a capture (then no plain move is legal): with none,
 * this is the one legal move that fits, as pdn_rules__live_resolve() would
 * find it.  Inline, as most moves of a game are this.
 */
static inline bool pdn_rules__live_man_step(const pdn_draughts *d, const pdn_rules__live *lv,
                                            int from, int to)
{
    const pdn_rules__bits *b = &lv->bits;
    int ci = pdn_rules__ci(lv->color), i = d->bit_of[from];
    uint64_t t = (uint64_t)1 << d->bit_of[to];
    return (b->men[ci] >> i & 1u) && (d->man_steps[ci][i] & t) &&
           !((b->men[0] | b->men[1] | b->kings[0] | b->kings[1]) & t);
}

/*
 * Whether the side to move has a capture (pdn_rules__bb_able() != 0), asked
 * before every man's step.  Inline for the usual case, a 10x10 board whose
 * men capture on the four diagonals and a side without kings: then it is
 * the men's part of capturers() in bb_walk.h, with its shifts written out.
 */
static inline bool pdn_rules__live_must_capture(const pdn_draughts *d, const pdn_rules__live *lv)
{
    const pdn_rules__bits *b = &lv->bits;
    int ci = pdn_rules__ci(lv->color), oi = ci ^ 1;
    unsigned diagonals = DIR_BIT(D_NE) | DIR_BIT(D_NW) | DIR_BIT(D_SE) | DIR_BIT(D_SW);
    if (d->bb.shape != 1 || d->man_cap[ci] != diagonals || b->kings[ci] != 0)
        return pdn_rules__bb_able(d, b, lv->color) != 0;
    uint64_t opp = b->men[oi] | b->kings[oi], men = b->men[ci];
    uint64_t empty = d->bb.board & ~(opp | men | b->other);
    uint64_t avail = d->rules.men_capture_kings ? opp : b->men[oi];
    /* BB_SHAPE_10: a man on x captures towards x + s over x + s into x + 2s. */
    uint64_t hit = (((empty >> 6) & avail) >> 6) | (((empty >> 5) & avail) >> 5) |
                   (((empty << 5) & avail) << 5) | (((empty << 6) & avail) << 6);
    return (hit & men) != 0;
}

/* Plays a man's step (pdn_rules__live_man_step()) as pdn_draughts_play()
 * does; whether the man is crowned. */
static inline bool pdn_rules__live_play_step(pdn_rules__live *lv, const pdn_draughts *d, int from,
                                             int to)
{
    int ci = pdn_rules__ci(lv->color);
    uint64_t f = (uint64_t)1 << d->bit_of[from], t = (uint64_t)1 << d->bit_of[to];
    bool crowned = (d->bb.promo[ci] & t) != 0;
    lv->bits.men[ci] &= ~f;
    if (crowned)
        lv->bits.kings[ci] |= t;
    else
        lv->bits.men[ci] |= t;
    pdn_rules__remember(&lv->st, lv->color, from, to, 0, 0);
    lv->color ^= PDN_WHITE | PDN_BLACK;
    return crowned;
}

/* Plays a move pdn_rules__live_resolve() found, as pdn_draughts_play()
 * does (the side to move too); inline, as the replay does it every move. */
static inline void pdn_rules__live_play(pdn_rules__live *lv, const pdn_rules__found *f)
{
    pdn_rules__bits *b = &lv->bits;
    const pdn_draughts_move *m = &f->move;
    int ci = pdn_rules__ci(lv->color), oi = ci ^ 1;
    b->men[oi] &= ~f->cap;
    b->kings[oi] &= ~f->cap;
    if (m->king) {
        b->kings[ci] = (b->kings[ci] & ~f->from) | f->to;
    } else {
        b->men[ci] &= ~f->from;
        if (m->promotes)
            b->kings[ci] |= f->to;
        else
            b->men[ci] |= f->to;
    }
    pdn_rules__remember(&lv->st, lv->color, m->from, m->to, m->king, m->capture_count);
    lv->color ^= PDN_WHITE | PDN_BLACK;
}

/* Whether the side to move has a legal move. */
bool pdn_rules__live_can_move(const pdn_draughts *d, const pdn_rules__live *lv);

#endif
