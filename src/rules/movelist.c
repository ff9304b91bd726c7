/* SPDX-License-Identifier: MIT */
/*
 * movelist.c - the public face of move generation: move lists, the legal
 * moves of a position and playing a move on a position.
 */
#include "rules/rules.h"

#include <string.h>

pdn_status pdn_movelist_new(pdn_movelist **out, const pdn_allocator *allocator)
{
    if (out == NULL)
        return PDN_EINVAL;
    pdn_alloc a = pdn_alloc__resolve(allocator);
    pdn_movelist *l = pdn_alloc__get(&a, sizeof *l);
    *out = l;
    if (l == NULL)
        return PDN_ENOMEM;
    memset(l, 0, sizeof *l);
    l->alloc = a;
    return PDN_OK;
}

void pdn_movelist_free(pdn_movelist *list)
{
    if (list == NULL)
        return;
    pdn_alloc a = list->alloc;
    pdn_vec__free(&list->moves, &a, sizeof(gen_move));
    pdn_vec__free(&list->pool, &a, sizeof(int16_t));
    pdn_alloc__put(&a, list, sizeof *list);
}

size_t pdn_movelist_count(const pdn_movelist *list)
{
    return list ? list->moves.len : 0;
}

void pdn_rules__list_reset(pdn_movelist *list, const pdn_draughts *d)
{
    list->engine = d;
    list->moves.len = 0;
    list->pool.len = 0;
}

pdn_draughts_move pdn_rules__public(const pdn_movelist *list, const gen_move *m)
{
    pdn_draughts_move out;
    const int16_t *p = (const int16_t *)list->pool.data + m->at;
    out.from = m->from;
    out.to = m->to;
    out.king = m->king;
    out.promotes = m->promotes;
    out.capture_count = m->ncap;
    out.path_count = m->npath;
    out.path = p;
    out.captured = p + m->npath;
    return out;
}

pdn_draughts_move pdn_movelist_get(const pdn_movelist *list, size_t index)
{
    if (list == NULL || index >= list->moves.len) {
        pdn_draughts_move none;
        memset(&none, 0, sizeof none);
        return none;
    }
    return pdn_rules__public(list, (const gen_move *)list->moves.data + index);
}

pdn_status pdn_draughts_moves(pdn_movelist *out, const pdn_draughts *d, const pdn_position *pos,
                              const pdn_draughts_state *state, unsigned flags)
{
    uint8_t board[PDN_CELL_MAX + 1];
    unsigned color;
    if (out == NULL)
        return PDN_EINVAL;
    pdn_status st = pdn_rules__board(d, pos, board, &color);
    if (st != PDN_OK) {
        pdn_rules__list_reset(out, d);
        return st;
    }
    return pdn_rules__generate(out, d, board, color, state, flags);
}

static int on_board(const pdn_draughts *d, int cell)
{
    return cell >= 0 && cell < d->cells;
}

pdn_status pdn_draughts_play(pdn_position *pos, pdn_draughts_state *state, const pdn_draughts *d,
                             const pdn_draughts_move *move)
{
    if (pos == NULL || d == NULL || move == NULL || !on_board(d, move->from) ||
        !on_board(d, move->to) || (move->capture_count > 0 && move->captured == NULL))
        return PDN_EINVAL;
    for (size_t i = 0; i < move->capture_count; i++)
        if (!on_board(d, move->captured[i]))
            return PDN_EINVAL;
    pdn_piece p = pos->board[move->from];
    unsigned color = PDN_PIECE_COLOR(p);
    pos->board[move->from] = 0;
    for (size_t i = 0; i < move->capture_count; i++)
        pos->board[move->captured[i]] = 0;
    if (move->promotes)
        p = (pdn_piece)(PDN_KING | color);
    pos->board[move->to] = p;
    pdn_rules__remember(state, color, move->from, move->to, move->king, move->capture_count);
    if (pos->turn == 'W')
        pos->turn = 'B';
    else if (pos->turn == 'B')
        pos->turn = 'W';
    return PDN_OK;
}
