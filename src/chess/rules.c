/* SPDX-License-Identifier: MIT */
/*
 * rules.c - the public chess rules on pdn_position values: legal moves,
 * playing a move, perft, and the facts about a position that a game record
 * needs (check, mate, stalemate, draws, the repetition key).
 */
#include "chess/chess.h"

pdn_status pdn_chess_moves(pdn_chess_move *out, size_t *count, const pdn_position *pos)
{
    pdn_chess__board b;
    if (count != NULL)
        *count = 0;
    if (out == NULL || count == NULL || pdn_chess__load(&b, pos) != 0)
        return PDN_EINVAL;
    size_t n = pdn_chess__generate(&b, out);
    if (n > PDN_CHESS_MOVES_MAX)
        return PDN_ELIMIT;
    *count = n;
    return PDN_OK;
}

pdn_status pdn_chess_play(pdn_position *pos, pdn_chess_move move)
{
    pdn_chess__board b;
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    if (pdn_chess__load(&b, pos) != 0)
        return PDN_EINVAL;
    if (move.flags & PDN_CHESS_NULL) {
        if (pdn_chess__in_check(&b))
            return PDN_EINVAL;
        pdn_chess__make_null(&b);
        pdn_chess__store(&b, pos);
        return PDN_OK;
    }
    size_t n = pdn_chess__generate(&b, list);
    if (n > PDN_CHESS_MOVES_MAX)
        return PDN_ELIMIT;
    for (size_t i = 0; i < n; i++) {
        if (pdn_chess__same_move(list[i], move)) {
            pdn_chess__make(&b, list[i]);
            pdn_chess__store(&b, pos);
            return PDN_OK;
        }
    }
    return PDN_EINVAL;
}

/* Leaves are counted, not visited: the last ply only generates. */
static uint64_t perft(const pdn_chess__board *b, unsigned depth, int *overflow)
{
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    size_t n = pdn_chess__generate(b, list);
    if (depth <= 1)
        return n;
    if (n > PDN_CHESS_MOVES_MAX) {
        *overflow = 1;
        return 0;
    }
    uint64_t nodes = 0;
    for (size_t i = 0; i < n; i++) {
        pdn_chess__board next = *b;
        pdn_chess__make(&next, list[i]);
        nodes += perft(&next, depth - 1, overflow);
    }
    return nodes;
}

pdn_status pdn_chess_perft(uint64_t *out, const pdn_position *pos, unsigned depth)
{
    pdn_chess__board b;
    if (out == NULL || pdn_chess__load(&b, pos) != 0)
        return PDN_EINVAL;
    int overflow = 0;
    uint64_t nodes = depth == 0 ? 1 : perft(&b, depth, &overflow);
    if (overflow)
        return PDN_ELIMIT;
    *out = nodes;
    return PDN_OK;
}

#define DARK_CELLS 0xAA55AA55AA55AA55ULL /* a1 is dark */

/*
 * No sequence of legal moves can end in mate: bare kings, a single minor
 * piece, or only bishops that all stand on cells of one colour.
 */
static int insufficient(const pdn_chess__board *b)
{
    if (b->kind[PAWN_I] | b->kind[ROOK_I] | b->kind[QUEEN_I])
        return 0;
    pdn_bb bishops = b->kind[BISHOP_I];
    if (pdn_chess__count(b->kind[KNIGHT_I] | bishops) <= 1)
        return 1;
    return b->kind[KNIGHT_I] == 0 && ((bishops & DARK_CELLS) == 0 || (bishops & ~DARK_CELLS) == 0);
}

pdn_status pdn_chess_examine(pdn_chess_facts *out, const pdn_position *pos)
{
    pdn_chess__board b;
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    if (out == NULL || pdn_chess__load(&b, pos) != 0)
        return PDN_EINVAL;
    size_t n = pdn_chess__generate(&b, list);
    if (n > PDN_CHESS_MOVES_MAX)
        return PDN_ELIMIT;
    out->check = pdn_chess__in_check(&b);
    out->checkmate = out->check && n == 0;
    out->stalemate = !out->check && n == 0;
    out->insufficient = insufficient(&b);
    out->fifty_moves = b.halfmove >= 100;
    out->move_count = n;
    out->key = pdn_chess__key(&b, list, n);
    return PDN_OK;
}
