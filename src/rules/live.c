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
    memset(&lv->bits, 0, sizeof lv->bits);
    for (int c = 0; c < d->cells; c++) {
        pdn_piece p = pos->board[c];
        if (p == 0)
            continue;
        unsigned color = PDN_PIECE_COLOR(p), kind = PDN_PIECE_KIND(p);
        if (d->bit_of[c] < 0 || (color != PDN_WHITE && color != PDN_BLACK) ||
            (kind != PDN_MAN && kind != PDN_KING))
            return false;
        uint64_t b = (uint64_t)1 << d->bit_of[c];
        if (kind == PDN_KING)
            lv->bits.kings[pdn_rules__ci(color)] |= b;
        else
            lv->bits.men[pdn_rules__ci(color)] |= b;
    }
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
