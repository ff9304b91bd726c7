/* SPDX-License-Identifier: MIT */
/*
 * live.c - the replay's position as bitboards (live.h): taken in from a
 * position or the GameType's start, written back on demand, and whether
 * the side to move can move.  Moves are resolved on it in bitboard.c.
 */
#include "rules/live.h"

#include "base/bits.h"

#include <string.h>

bool pdn_rules__live_load(pdn_rules__live *lv, const pdn_draughts *d, const pdn_position *pos,
                          const pdn_draughts_state *st)
{
    if (d == NULL || !d->bb.ok || (pos->turn != 'W' && pos->turn != 'B') ||
        !pdn_rules__same_board(d, pos->geometry))
        return false;
    /* The squares of each piece value below 16, men and kings of the two
     * colours among them; any other value makes the position one the
     * bitboards cannot hold. */
    uint64_t by[16];
    memset(by, 0, sizeof by);
    for (int c = 0; c < d->cells; c++) {
        pdn_piece p = pos->board[c];
        if (p == 0)
            continue;
        if (p >= 16 || d->bit_of[c] < 0)
            return false;
        by[p] |= (uint64_t)1 << d->bit_of[c];
    }
    uint64_t men[2] = {by[PDN_MAN | PDN_WHITE], by[PDN_MAN | PDN_BLACK]};
    uint64_t kings[2] = {by[PDN_KING | PDN_WHITE], by[PDN_KING | PDN_BLACK]};
    uint64_t all = 0;
    for (int p = 0; p < 16; p++)
        all |= by[p];
    if (all != (men[0] | men[1] | kings[0] | kings[1]))
        return false;
    memset(&lv->bits, 0, sizeof lv->bits);
    lv->bits.men[0] = men[0];
    lv->bits.men[1] = men[1];
    lv->bits.kings[0] = kings[0];
    lv->bits.kings[1] = kings[1];
    lv->color = pos->turn == 'W' ? PDN_WHITE : PDN_BLACK;
    lv->st = st != NULL ? *st : (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
    return true;
}

void pdn_rules__live_start(pdn_rules__live *lv, const pdn_draughts *d)
{
    lv->bits = d->start;
    lv->color = d->geometry.gametype.start == 'B' ? PDN_BLACK : PDN_WHITE;
    lv->st = (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
}

/* Puts the pieces of bitboard `set` on `board` as `piece`. */
static void put(pdn_piece *board, const pdn_draughts *d, uint64_t set, pdn_piece piece)
{
    for (; set; set &= set - 1)
        board[d->bb.cell[pdn_bits__ctz(set)]] = piece;
}

void pdn_rules__live_store(const pdn_rules__live *lv, const pdn_draughts *d, pdn_position *pos,
                           pdn_draughts_state *st)
{
    const pdn_rules__bits *b = &lv->bits;
    memset(pos->board, 0, (size_t)d->cells * sizeof pos->board[0]);
    put(pos->board, d, b->men[0], PDN_MAN | PDN_WHITE);
    put(pos->board, d, b->kings[0], PDN_KING | PDN_WHITE);
    put(pos->board, d, b->men[1], PDN_MAN | PDN_BLACK);
    put(pos->board, d, b->kings[1], PDN_KING | PDN_BLACK);
    pos->turn = lv->color == PDN_WHITE ? 'W' : 'B';
    if (st != NULL)
        *st = lv->st;
}

bool pdn_rules__live_can_move(const pdn_draughts *d, const pdn_rules__live *lv)
{
    const pdn_rules__bits *b = &lv->bits;
    if (pdn_rules__bb_able(d, b, lv->color) != 0)
        return true;
    int ci = pdn_rules__ci(lv->color);
    uint64_t empty = d->bb.board & ~(b->men[0] | b->men[1] | b->kings[0] | b->kings[1]);
    uint64_t kings = b->kings[ci] & ~pdn_rules__stuck(d, b, lv->color, &lv->st);
    for (int dir = 0; dir < D_COUNT; dir++) {
        if ((d->man_move[ci] & DIR_BIT(dir)) && (pdn_rules__step(&d->bb, b->men[ci], dir) & empty))
            return true;
        if ((d->king_move[ci] & DIR_BIT(dir)) && (pdn_rules__step(&d->bb, kings, dir) & empty))
            return true;
    }
    return false;
}
