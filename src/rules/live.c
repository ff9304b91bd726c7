/* SPDX-License-Identifier: MIT */
/*
 * live.c - the replay's position as bitboards (live.h): taken in from a
 * position or the GameType's start, written back on demand, and whether
 * the side to move can move.  Moves are resolved on it in bitboard.c.
 */
#include "rules/live.h"

#include "base/bits.h"

#include <string.h>

/* A piece value `p` on cell `c` into by[]: false when the bitboards
 * cannot hold it (a value of 16 or more, or a cell off the playing squares). */
static inline bool take(uint64_t *by, const pdn_draughts *d, unsigned p, int c)
{
    if (p >= 16 || d->bit_of[c] < 0)
        return false;
    by[p] |= (uint64_t)1 << d->bit_of[c];
    return true;
}

bool pdn_rules__live_load(pdn_rules__live *lv, const pdn_draughts *d, const pdn_position *pos,
                          const pdn_draughts_state *st)
{
    if (d == NULL || !d->bb.ok || (pos->turn != 'W' && pos->turn != 'B') ||
        !pdn_rules__same_board(d, pos->geometry))
        return false;
    /* The squares of each piece value below 16, men and kings of the two
     * colours among them; any other value makes the position one the
     * bitboards cannot hold.  The occupied cells of eight at a time are
     * found as a bit mask and visited alone: a test per cell whether it is
     * empty is mispredicted about every other cell of an opening. */
    const uint64_t low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
    uint64_t by[16];
    memset(by, 0, sizeof by);
    int c = 0;
    for (; c + 8 <= d->cells; c += 8) {
        uint64_t w = pdn_bits__load(pos->board + c);
        for (unsigned full = pdn_bits__gather((((w & low7) + low7) | w) & ~low7); full != 0;
             full &= full - 1)
            if (!take(by, d, pos->board[c + (int)pdn_bits__ctz(full)],
                      c + (int)pdn_bits__ctz(full)))
                return false;
    }
    for (; c < d->cells; c++)
        if (pos->board[c] != 0 && !take(by, d, pos->board[c], c))
            return false;
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

bool pdn_rules__live_fen(pdn_rules__live *lv, const pdn_draughts *d, const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    if (!d->bb.ok || len < 2 || (p[0] != 'W' && p[0] != 'B'))
        return false;
    end -= end[-1] == '.'; /* a final dot, as most files end their FENs */
    unsigned color = p[0] == 'W' ? PDN_WHITE : PDN_BLACK;
    /* men and kings by colour index, in locals: `lv` might alias the text */
    uint64_t by[2][2] = {{0, 0}, {0, 0}}, seen = 0;
    unsigned sides = 0;
    p++;
    while (p < end) {
        /* ":W" or ":B", each side once, then its squares or none */
        if (end - p < 2 || p[0] != ':' || (p[1] != 'W' && p[1] != 'B'))
            return false;
        int ci = p[1] == 'B';
        if (sides & (1u << ci))
            return false;
        sides |= 1u << ci;
        p += 2;
        if (p == end || *p == ':')
            continue;
        for (;;) {
            /* a square after every comma ("W:W31,", cut off, has none) */
            if (p == end)
                return false;
            bool king = *p == 'K';
            p += king;
            /* one or two digits, the first not 0: a square number of the table */
            if (p == end || (unsigned)*p - '1' >= 9)
                return false;
            unsigned n = (unsigned)*p++ - '0';
            if (p < end && (unsigned)*p - '0' < 10)
                n = n * 10 + ((unsigned)*p++ - '0');
            if (p < end && (unsigned)*p - '0' < 10)
                return false;
            int e = d->number_bb[n];
            if (e < 0)
                return false;
            uint64_t bit = (uint64_t)1 << (e & 63);
            if (seen & bit)
                return false;
            seen |= bit;
            by[king][ci] |= bit;
            if (p == end || *p == ':')
                break;
            if (*p != ',')
                return false;
            p++;
        }
    }
    if (sides == 0)
        return false;
    memset(&lv->bits, 0, sizeof lv->bits);
    lv->bits.men[0] = by[0][0];
    lv->bits.men[1] = by[0][1];
    lv->bits.kings[0] = by[1][0];
    lv->bits.kings[1] = by[1][1];
    lv->color = color;
    lv->st = (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
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
    int ci = pdn_rules__ci(lv->color);
    uint64_t empty = d->bb.board & ~(b->men[0] | b->men[1] | b->kings[0] | b->kings[1]);
    uint64_t kings = b->kings[ci] & ~pdn_rules__stuck(d, b, lv->color, &lv->st);
    for (int dir = 0; dir < D_COUNT; dir++) {
        if ((d->man_move[ci] & DIR_BIT(dir)) && (pdn_rules__step(&d->bb, b->men[ci], dir) & empty))
            return true;
        if ((d->king_move[ci] & DIR_BIT(dir)) && (pdn_rules__step(&d->bb, kings, dir) & empty))
            return true;
    }
    /* a capture last: most positions have a plain move, found sooner */
    return pdn_rules__bb_able(d, b, lv->color) != 0;
}
