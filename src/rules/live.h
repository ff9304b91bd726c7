/* SPDX-License-Identifier: MIT */
/*
 * live.h - the position a replay plays one move after another, kept as
 * bitboards only (pdn_rules__live in rules.h): written moves are resolved
 * (a man's step and a man taking one piece inline here, the rest by
 * pdn_rules__live_quick() and pdn_rules__live_resolve() in bitboard.c) and
 * played on them directly, and the public pdn_position is written out only
 * when someone asks.
 */
#ifndef PDN_RULES_LIVE_H
#define PDN_RULES_LIVE_H

#include "base/bits.h"
#include "rules/rules.h"

/* The step functions below are PDN_FORCE_INLINE: the replay's loop keeps
 * the live position out of reach of its other stores only if the step is
 * part of it (measured: a called step costs a fifth more per move). */

/*
 * Takes `pos` and `st` (NULL: a fresh history) in.  False when the engine's
 * board does not fit the bitboards, or `pos` is anything but men and kings
 * of the two colours on playing squares with White or Black to move: then
 * the bitboards could not give `pos` back exactly, and the caller uses the
 * public functions.
 */
bool pdn_rules__live_load(pdn_rules__live *lv, const pdn_draughts *d, const pdn_position *pos,
                          const pdn_draughts_state *st);

/*
 * Takes the position of a draughts FEN `text` (len bytes) in, with a fresh
 * history, for the commonest form alone: "W" or "B" to move, then ":W" and
 * ":B" once each at most (one at least), each followed by its squares, a
 * number of one or two digits that the engine's numbers table has
 * (number_bb), "K" before a king, separated by commas, no square twice,
 * perhaps a final dot, and nothing else.  Such a text is one pdn_fen_read()
 * reads as a valid position (PDN_D_NONE, or PDN_D_FEN_FORM for the dot)
 * that pdn_rules__live_load() would then take in as this.  False
 * for anything else (`lv` is left as it was): the caller reads
 * the text with pdn_fen_read().  For the replay's FEN starts: no board of
 * cells in between.
 */
bool pdn_rules__live_fen(pdn_rules__live *lv, const pdn_draughts *d, const char *text, size_t len);

/* Takes the GameType's start position in (a board that fits the bitboards:
 * pdn_rules__bb_fits()), as pdn_position_start() gives it. */
void pdn_rules__live_start(pdn_rules__live *lv, const pdn_draughts *d);

/* Writes the position back: the board and the side to move of `pos` (its
 * other fields stay), and the history into `st` unless NULL. */
void pdn_rules__live_store(const pdn_rules__live *lv, const pdn_draughts *d, pdn_position *pos,
                           pdn_draughts_state *st);

/* The four shifts of BB_SHAPE_10: the squares from which a man takes
 * towards NE (+6), NW (+5), SE (-5) and SW (-6) a piece of `avail` onto an
 * `empty` square. */
#define PDN_RULES__FROM_NE(empty, avail) ((((empty) >> 6) & (avail)) >> 6)
#define PDN_RULES__FROM_NW(empty, avail) ((((empty) >> 5) & (avail)) >> 5)
#define PDN_RULES__FROM_SE(empty, avail) ((((empty) << 5) & (avail)) << 5)
#define PDN_RULES__FROM_SW(empty, avail) ((((empty) << 6) & (avail)) << 6)

/* The empty playing squares of `b`. */
static inline uint64_t pdn_rules__empty(const pdn_rules__bits *b, const pdn_rules__steps *e)
{
    return e->board & ~(b->men[0] | b->men[1] | b->kings[0] | b->kings[1]);
}

/*
 * A man's step of the side of colour index `ci` from bit f to bit t on `b`
 * (either may be 0, for no square: then it is no step), as
 * pdn_draughts_play() plays it, when it is one and the side has no
 * capture: then it is the one legal move that fits, as
 * pdn_rules__live_resolve() would find it.  1 when the man is crowned, 0
 * when not; nothing is played and it returns -1 when the side has a
 * capture, -2 for a move that is no man's step.  `e` is the engine's
 * steps or a copy of them, `empty` the empty playing squares of `b`
 * (pdn_rules__empty(); a loop keeps it as it plays); the caller keeps the
 * history and the side to move.  Inline, as most moves of a game are this.
 */
static PDN_FORCE_INLINE int pdn_rules__man_step(pdn_rules__bits *b, const pdn_rules__steps *e,
                                                const pdn_draughts *d, int ci, uint64_t f,
                                                uint64_t t, uint64_t empty)
{
    int oi = ci ^ 1;
    uint64_t men = b->men[ci];
    if (!(men & f))
        return -2;
    uint64_t to = !e->shifts10 ? e->man_steps[ci][pdn_bits__ctz(f)]
                  : ci         ? (f >> 5) | (f >> 6)
                               : (f << 5) | (f << 6); /* `empty` has no ghost square */
    if (!(to & empty & t))
        return -2;
    if (e->diag10[ci]) {
        /* the men's part of capturers() in bb_walk.h, its shifts written out */
        uint64_t avail = b->men[oi] | (b->kings[oi] & e->kings_taken);
        uint64_t hit = PDN_RULES__FROM_NE(empty, avail) | PDN_RULES__FROM_NW(empty, avail) |
                       PDN_RULES__FROM_SE(empty, avail) | PDN_RULES__FROM_SW(empty, avail);
        if (hit & men)
            return -1;
        /* the kings' part, on values: the position must not escape */
        if (b->kings[ci] != 0 &&
            pdn_rules__bb_kings_able(d, ci, b->kings[ci], empty, b->men[oi] | b->kings[oi]) != 0)
            return -1;
    } else {
        /* a copy: the caller's position must not escape its loop */
        pdn_rules__bits at = *b;
        if (pdn_rules__bb_able(d, &at, ci ? PDN_BLACK : PDN_WHITE) != 0)
            return -1;
    }
    int crowned = (e->promo[ci] & t) != 0;
    b->men[ci] = men & ~f;
    if (crowned)
        b->kings[ci] |= t;
    else
        b->men[ci] |= t;
    return crowned;
}

/*
 * pdn_rules__man_step() for the commonest capture on a 10x10 board whose
 * men capture on the four diagonals (steps.diag10), where the rules let
 * one capture be as good as another of as many pieces: a man taking one
 * piece from bit f to bit t, when no man of the side can take more (no
 * king can either: the side has none where the rules want the most) and
 * the man cannot go on.  Then it is the one legal move that fits, as
 * WALK(single) in bb_walk.h finds it, and is played: 1 when the man is
 * crowned, 0 when not, with the bit of the piece taken in *taken; -1
 * (nothing played) for anything else, which pdn_rules__live_quick() sees to;
 * also for f or t 0 (no square): t 0 matches only a jump that lands past
 * the 64 bits, and no man can take towards there.  `empty` as for
 * pdn_rules__man_step().
 */
static PDN_FORCE_INLINE int pdn_rules__man_jump(pdn_rules__bits *b, const pdn_rules__steps *e,
                                                int ci, uint64_t f, uint64_t t, uint64_t empty,
                                                uint64_t *taken)
{
    int oi = ci ^ 1;
    uint64_t men = b->men[ci];
    if (!e->diag10[ci] || e->choice == 0 || (e->choice == 2 && b->kings[ci] != 0) || !(men & f))
        return -1;
    uint64_t avail = b->men[oi] | (b->kings[oi] & e->kings_taken);
    uint64_t ne = PDN_RULES__FROM_NE(empty, avail), nw = PDN_RULES__FROM_NW(empty, avail);
    uint64_t se = PDN_RULES__FROM_SE(empty, avail), sw = PDN_RULES__FROM_SW(empty, avail);
    uint64_t a = (f & ne) && t == f << 12   ? f << 6
                 : (f & nw) && t == f << 10 ? f << 5
                 : (f & se) && t == f >> 10 ? f >> 5
                 : (f & sw) && t == f >> 12 ? f >> 6
                                            : 0;
    uint64_t movers = e->choice == 2 ? men : f, promo = e->promo[ci];
    uint64_t land = ((movers & ne) << 12) | ((movers & nw) << 10) | ((movers & se) >> 10) |
                    ((movers & sw) >> 12);
    if (a == 0 || ((land & promo) && e->promotion == PDN_PROMOTE_KING))
        return -1;
    if (e->promotion == PDN_PROMOTE_STOP)
        land &= ~promo;
    if (land & (ne | nw | se | sw))
        return -1;
    int crowned = (t & promo) != 0;
    b->men[ci] = men & ~f;
    if (crowned)
        b->kings[ci] |= t;
    else
        b->men[ci] |= t;
    b->men[oi] &= ~a;
    b->kings[oi] &= ~a;
    *taken = a;
    return crowned;
}

/* pdn_rules__remember() for a man's move of colour index ci. */
static inline void pdn_rules__man_moved(pdn_draughts_state *st, int ci)
{
    st->king_cell[ci] = -1;
    st->king_moves[ci] = 0;
}

/* pdn_rules__man_step() on the live position from cell `from` to cell `to`
 * (playing cells), the side to move included. */
static PDN_FORCE_INLINE int pdn_rules__live_step_of(pdn_rules__live *lv, const pdn_draughts *d,
                                                    int from, int to, int ci)
{
    int crowned =
        pdn_rules__man_step(&lv->bits, &d->steps, d, ci, (uint64_t)1 << d->bit_of[from],
                            (uint64_t)1 << d->bit_of[to], pdn_rules__empty(&lv->bits, &d->steps));
    if (crowned < 0)
        return -1;
    pdn_rules__man_moved(&lv->st, ci);
    lv->color ^= PDN_WHITE | PDN_BLACK;
    return crowned;
}

static PDN_FORCE_INLINE int pdn_rules__live_step(pdn_rules__live *lv, const pdn_draughts *d,
                                                 int from, int to)
{
    /* one copy per colour: the colour index a constant in each */
    return lv->color == PDN_WHITE ? pdn_rules__live_step_of(lv, d, from, to, 0)
                                  : pdn_rules__live_step_of(lv, d, from, to, 1);
}

/*
 * pdn_rules__live_resolve() for the commonest moves after a man's step: a
 * man of the side to move taking pieces, a king's plain move and a king's
 * capture, from cell `from` to cell `to` (playing cells), with no list of
 * captured pieces written.  True, with the move in `out`, when it is the one
 * legal move that fits (no piece of the side can take more where the rules
 * want the most; a king's plain move only when the side has no capture);
 * false when it cannot tell, for anything else: then the full resolver
 * decides.
 */
bool pdn_rules__live_quick(pdn_rules__found *out, const pdn_draughts *d, const pdn_rules__live *lv,
                           int from, int to);

/* pdn_rules__live_quick() for a caller that only plays the move
 * (pdn_rules__play_found()): the move's path and captured pieces may be
 * left out (both NULL then), the rest is the same; a man's search does
 * not write the cells of the captures it finds. */
bool pdn_rules__live_quick_bare(pdn_rules__found *out, const pdn_draughts *d,
                                const pdn_rules__live *lv, int from, int to);

/* Plays a move pdn_rules__live_resolve() found by colour index `ci` on
 * `b`, its history in `st`, as pdn_draughts_play() does but for the side to
 * move. */
static inline void pdn_rules__play_found(pdn_rules__bits *b, pdn_draughts_state *st, int ci,
                                         const pdn_rules__found *f)
{
    const pdn_draughts_move *m = &f->move;
    int oi = ci ^ 1;
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
    pdn_rules__remember(st, ci ? PDN_BLACK : PDN_WHITE, m->from, m->to, m->king, m->capture_count);
}

/* Plays a move pdn_rules__live_resolve() found, as pdn_draughts_play()
 * does (the side to move too); inline, as the replay does it every move. */
static inline void pdn_rules__live_play(pdn_rules__live *lv, const pdn_rules__found *f)
{
    pdn_rules__play_found(&lv->bits, &lv->st, pdn_rules__ci(lv->color), f);
    lv->color ^= PDN_WHITE | PDN_BLACK;
}

/* The number of legal moves of the side to move, as pdn_draughts_moves()
 * with PDN_MOVES_UNIQUE lists them (perft of depth 1): PDN_OK or
 * PDN_ENOMEM. */
pdn_status pdn_rules__live_count(size_t *out, const pdn_draughts *d, const pdn_rules__live *lv);

/* Whether the side to move has a legal move. */
bool pdn_rules__live_can_move(const pdn_draughts *d, const pdn_rules__live *lv);

#endif
