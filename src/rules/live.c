/* SPDX-License-Identifier: MIT */
/*
 * live.c - the replay's position in the generator's forms (live.h): taken
 * in once, then kept up to date move by move; resolving a move reads it
 * directly.
 */
#include "rules/live.h"

bool pdn_rules__live_load(pdn_rules__live *lv, const pdn_draughts *d, const pdn_position *pos)
{
    unsigned color;
    if (d == NULL || !d->bb.ok || pdn_rules__board(d, pos, lv->board, &color) != PDN_OK)
        return false;
    pdn_rules__bb_load(&lv->bits, d, lv->board);
    lv->able_color = 0;
    return true;
}

/* The pieces of `color` that can capture, found once per position: the
 * plain-move check and the general path both ask. */
static uint64_t able(const pdn_draughts *d, pdn_rules__live *lv, unsigned color)
{
    if (lv->able_color != color) {
        lv->able = pdn_rules__bb_able(d, &lv->bits, color);
        lv->able_color = color;
    }
    return lv->able;
}

/* The bit of a cell; every playing cell has one on a board that fits. */
static uint64_t bit(const pdn_draughts *d, int cell)
{
    return d->bit_of[cell] >= 0 ? (uint64_t)1 << d->bit_of[cell] : 0;
}

void pdn_rules__live_play(pdn_rules__live *lv, const pdn_draughts *d, const pdn_draughts_move *m)
{
    pdn_rules__bits *b = &lv->bits;
    uint8_t v = lv->board[m->from];
    lv->able_color = 0;
    uint64_t gone = bit(d, m->from) | bit(d, m->to);
    lv->board[m->from] = 0;
    for (size_t i = 0; i < m->capture_count; i++) {
        lv->board[m->captured[i]] = 0;
        gone |= bit(d, m->captured[i]);
    }
    if (m->promotes)
        v = (uint8_t)(PDN_KING | (v & 3u));
    lv->board[m->to] = v;
    b->men[0] &= ~gone;
    b->men[1] &= ~gone;
    b->kings[0] &= ~gone;
    b->kings[1] &= ~gone;
    b->other &= ~gone;
    unsigned col = v & 3u;
    uint64_t t = bit(d, m->to);
    if (v == 0)
        return;
    if (col != PDN_WHITE && col != PDN_BLACK)
        b->other |= t;
    else if (v & PDN_KING)
        b->kings[pdn_rules__ci(col)] |= t;
    else
        b->men[pdn_rules__ci(col)] |= t;
}

int pdn_rules__live_can_move(const pdn_draughts *d, pdn_rules__live *lv, unsigned color)
{
    if (able(d, lv, color) != 0)
        return 1;
    if (d->rules.king_move_limit > 0)
        return -1;
    return pdn_rules__bb_plain_exists(d, &lv->bits, color);
}

bool pdn_rules__live_plain(const pdn_draughts *d, pdn_rules__live *lv, unsigned color, int from,
                           int to, int *king, int *promotes)
{
    const uint8_t *bd = lv->board;
    unsigned v = bd[from];
    int ci = pdn_rules__ci(color);
    if ((v & 3u) != color || bd[to] != 0)
        return false;
    int k = (v & PDN_KING) != 0;
    /* A king the Frisian limit may hold back: the general path knows. */
    if (k && d->rules.king_move_limit > 0)
        return false;
    if (able(d, lv, color) != 0)
        return false;
    unsigned dirs = k ? d->king_move[ci] : d->man_move[ci];
    int flying = k && d->rules.king_flying;
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (!(dirs & DIR_BIT(dir)))
            continue;
        const int16_t *nx = d->next[dir];
        for (int t = nx[from]; bd[t] == 0; t = nx[t]) {
            if (t == to) {
                *king = k;
                *promotes = !k && (d->promo[to] >> ci & 1u);
                return true;
            }
            if (!flying)
                break;
        }
    }
    return false;
}

pdn_status pdn_rules__live_resolve(pdn_movelist *out, const pdn_draughts *d, pdn_rules__live *lv,
                                   char turn, const pdn_draughts_state *st, const pdn_move *written)
{
    if (out == NULL || d == NULL || written == NULL || written->kind != PDN_MOVE_SQUARES ||
        written->square_count < 2 || written->squares == NULL ||
        (written->captured_count > 0 && written->captured == NULL) || (turn != 'W' && turn != 'B'))
        return PDN_EINVAL;
    unsigned color = turn == 'W' ? PDN_WHITE : PDN_BLACK;
    uint64_t set = able(d, lv, color);
    return pdn_rules__resolve_on(out, d, lv->board, color, &set, st, written);
}
