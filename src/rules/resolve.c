/* SPDX-License-Identifier: MIT */
/*
 * resolve.c - which legal moves a move written in PDN can mean
 * (variant-rules.md section 4): start and end squares, the landing squares
 * written between them in order, and a PDN 3.1 list of captured pieces.  The caller tells illegal
 * (no match) from ambiguous (several positions) by the count.
 */
#include "rules/rules.h"

#include <string.h>

/* The direction in which `to` lies on a line from `from`, or -1. */
static int line_dir(const pdn_draughts *d, int from, int to)
{
    for (int dir = 0; dir < D_COUNT; dir++)
        for (int c = d->next[dir][from]; c != d->cells; c = d->next[dir][c])
            if (c == to)
                return dir;
    return -1;
}

/* Whether `cell` lies strictly between a and b on line `dir`. */
static int between(const pdn_draughts *d, int a, int b, int dir, int cell)
{
    if (dir < 0)
        return 0;
    for (int c = d->next[dir][a]; c != d->cells && c != b; c = d->next[dir][c])
        if (c == cell)
            return 1;
    return 0;
}

/*
 * Whether `cell` may stand for the landing after the k-th capture (1-based)
 * of m.  Where the piece turns there, only the turning square; where a king
 * goes straight on to the next capture, any square between the two captured
 * pieces, since it could have landed on any of them (PDN 3.0 writes the one
 * right behind, some programs another); for a plain move, any square passed.
 */
static int stands_for(const pdn_draughts *d, const pdn_draughts_move *m, size_t k, int cell)
{
    if (m->capture_count == 0)
        return between(d, m->from, m->to, line_dir(d, m->from, m->to), cell);
    if (cell == m->path[k])
        return 1;
    if (d->rules.king_lands_next)
        return 0;
    int here = line_dir(d, m->path[k - 1], m->path[k]);
    int next = line_dir(d, m->path[k], m->path[k + 1]);
    return here >= 0 && here == next && between(d, m->captured[k - 1], m->captured[k], here, cell);
}

/* Whether the written intermediate squares `want` (n) fit m, in order, one
 * per landing.  Taking the earliest landing each time finds a fit if any. */
static int fits(const pdn_draughts *d, const pdn_draughts_move *m, const int *want, size_t n)
{
    size_t slots = m->capture_count ? m->capture_count - 1 : 1, j = 0;
    for (size_t k = 1; k <= slots && j < n; k++)
        if (stands_for(d, m, k, want[j]))
            j++;
    return j == n;
}

static int same_captures(const pdn_draughts_move *m, const int *cells, size_t n)
{
    if (m->capture_count != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        while (k < n && m->captured[k] != cells[i])
            k++;
        if (k == n)
            return 0;
    }
    return 1;
}

/* Written squares as cells; 0 when one of them is not on the board. */
static int to_cells(const pdn_draughts *d, const pdn_square *sq, size_t n, int *out)
{
    for (size_t i = 0; i < n; i++) {
        out[i] = pdn_geometry_cell(&d->geometry, sq[i]);
        if (out[i] < 0)
            return 0;
    }
    return 1;
}

static int written_ok(const pdn_move *written)
{
    return written != NULL && written->kind == PDN_MOVE_SQUARES && written->square_count >= 2 &&
           written->squares != NULL && (written->captured_count == 0 || written->captured != NULL);
}

pdn_status pdn_draughts_resolve(pdn_movelist *out, const pdn_draughts *d, const pdn_position *pos,
                                const pdn_draughts_state *state, const pdn_move *written)
{
    if (out == NULL || d == NULL || !written_ok(written))
        return PDN_EINVAL;
    uint8_t board[PDN_CELL_MAX + 1];
    unsigned color;
    pdn_rules__bits bits;
    pdn_status st = d->bb.ok ? pdn_rules__board_bits(d, pos, board, &color, &bits)
                             : pdn_rules__board(d, pos, board, &color);
    if (st != PDN_OK) {
        pdn_rules__list_reset(out, d);
        return st;
    }
    int path[PDN_CELL_MAX + 1], caps[PDN_CELL_MAX];
    size_t n = written->square_count, nc = written->captured_count;
    /* more squares than any path has cannot match, and would overflow path[] */
    int squares_ok = n <= PDN_CELL_MAX + 1 && nc <= PDN_CELL_MAX &&
                     to_cells(d, written->squares, n, path) &&
                     to_cells(d, written->captured, nc, caps);
    if (squares_ok && d->bb.ok) {
        /* Only moves from path[0] can match: the others need not be listed,
         * and captures are searched only from the pieces that have one. */
        int16_t cells[64];
        size_t na = pdn_rules__bb_cells(cells, d, pdn_rules__bb_able(d, &bits, color));
        st = pdn_rules__generate_from(out, d, board, color, state, cells, na, path[0]);
    } else {
        st = pdn_rules__generate(out, d, board, color, state, PDN_MOVES_PATHS);
    }
    if (st != PDN_OK)
        return st;
    if (!squares_ok) {
        out->moves.len = 0;
        return PDN_OK;
    }
    gen_move *moves = out->moves.data;
    size_t kept = 0;
    for (size_t i = 0; i < out->moves.len; i++) {
        pdn_draughts_move m = pdn_rules__public(out, &moves[i]);
        if (m.from != path[0] || m.to != path[n - 1])
            continue;
        if (n > 2 && !fits(d, &m, path + 1, n - 2))
            continue;
        if (nc > 0 && !same_captures(&m, caps, nc))
            continue;
        moves[kept++] = moves[i];
    }
    out->moves.len = kept;
    pdn_rules__merge(out);
    return PDN_OK;
}
