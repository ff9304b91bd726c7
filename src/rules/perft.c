/* SPDX-License-Identifier: MIT */
/*
 * perft.c - counting the move paths of a given depth: the public entry,
 * which takes the bitboard walk when the board and rules allow it, and the
 * walk over the mailbox generator that serves every other case.
 */
#include "rules/rules.h"

#include <string.h>

/* One mailbox walk: a move list and a board per ply, allocated once. */
typedef struct walk {
    const pdn_draughts *d;
    unsigned flags;
    pdn_movelist *lists;
    uint8_t *boards;
    size_t stride;
} walk;

static pdn_status visit(walk *w, int ply, int depth, unsigned color, const pdn_draughts_state *st,
                        uint64_t *count)
{
    uint8_t *bd = w->boards + (size_t)ply * w->stride;
    pdn_movelist *l = &w->lists[ply];
    pdn_status s = pdn_rules__generate(l, w->d, bd, color, st, w->flags);
    if (s != PDN_OK)
        return s;
    if (depth == 1) {
        *count += l->moves.len;
        return PDN_OK;
    }
    uint8_t *child = bd + w->stride;
    for (size_t i = 0; i < l->moves.len; i++) {
        const gen_move *m = (const gen_move *)l->moves.data + i;
        pdn_draughts_state next = *st;
        memcpy(child, bd, w->stride);
        pdn_rules__apply(child, m, l->pool.data, color, &next);
        s = visit(w, ply + 1, depth - 1, color ^ 3u, &next, count);
        if (s != PDN_OK)
            return s;
    }
    return PDN_OK;
}

pdn_status pdn_rules__perft_mailbox(uint64_t *out, const pdn_draughts *d, const uint8_t *board,
                                    unsigned color, const pdn_draughts_state *st, int depth,
                                    unsigned flags)
{
    walk w;
    const pdn_alloc *a = &d->alloc;
    pdn_draughts_state none = PDN_DRAUGHTS_STATE_INIT;
    *out = 0;
    if (depth == 0) {
        *out = 1;
        return PDN_OK;
    }
    w.d = d;
    w.flags = flags;
    w.stride = (size_t)d->cells + 1;
    w.lists = pdn_alloc__get(a, (size_t)depth * sizeof *w.lists);
    w.boards = pdn_alloc__get(a, (size_t)depth * w.stride);
    pdn_status s = PDN_ENOMEM;
    if (w.lists != NULL && w.boards != NULL) {
        for (int i = 0; i < depth; i++) {
            memset(&w.lists[i], 0, sizeof w.lists[i]);
            w.lists[i].alloc = *a;
        }
        memcpy(w.boards, board, w.stride);
        s = visit(&w, 0, depth, color, st ? st : &none, out);
        for (int i = 0; i < depth; i++) {
            pdn_vec__free(&w.lists[i].moves, a, sizeof(gen_move));
            pdn_vec__free(&w.lists[i].pool, a, sizeof(int16_t));
        }
    }
    pdn_alloc__put(a, w.lists, (size_t)depth * sizeof *w.lists);
    pdn_alloc__put(a, w.boards, (size_t)depth * w.stride);
    if (s != PDN_OK)
        *out = 0;
    return s;
}

pdn_status pdn_draughts_perft(uint64_t *out, const pdn_draughts *d, const pdn_position *pos,
                              const pdn_draughts_state *state, int depth, unsigned flags)
{
    uint8_t board[PDN_CELL_MAX + 1];
    unsigned color;
    if (out == NULL)
        return PDN_EINVAL;
    *out = 0;
    if (depth < 0)
        return PDN_EINVAL;
    pdn_status s = pdn_rules__board(d, pos, board, &color);
    if (s != PDN_OK)
        return s;
    if (pdn_rules__bb_fits(d))
        return pdn_rules__perft_bb(out, d, board, color, state, depth, flags);
    return pdn_rules__perft_mailbox(out, d, board, color, state, depth, flags);
}
