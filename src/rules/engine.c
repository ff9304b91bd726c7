/* SPDX-License-Identifier: MIT */
/*
 * engine.c - joins rules and a geometry into an engine: the neighbour of
 * every cell in each of the eight directions, the crowning rows, the
 * direction sets of each colour, and the bitboard layout (with the men's
 * steps and the start position) when the board's playing squares fit in 64
 * bits.  Everything is computed once here so that move generation only
 * reads tables.
 */
#include "rules/rules.h"

#include "base/bits.h"

#include <string.h>

static const int step_file[D_COUNT] = {1, -1, 1, -1, 0, 0, 1, -1};
static const int step_rank[D_COUNT] = {1, 1, -1, -1, 1, -1, 0, 0};

static int plays(const pdn_geometry *g, int cell)
{
    return g->all_playing || g->number_of[cell] != 0;
}

/* Rule directions (relative to the mover) as absolute direction bits. */
static unsigned absolute(unsigned rel, int black)
{
    unsigned fwd_diag = black ? DIR_BIT(D_SE) | DIR_BIT(D_SW) : DIR_BIT(D_NE) | DIR_BIT(D_NW);
    unsigned back_diag = black ? DIR_BIT(D_NE) | DIR_BIT(D_NW) : DIR_BIT(D_SE) | DIR_BIT(D_SW);
    unsigned out = 0;
    if (rel & PDN_DIR_DIAG_FORWARD)
        out |= fwd_diag;
    if (rel & PDN_DIR_DIAG_BACKWARD)
        out |= back_diag;
    if (rel & PDN_DIR_FORWARD)
        out |= DIR_BIT(black ? D_S : D_N);
    if (rel & PDN_DIR_BACKWARD)
        out |= DIR_BIT(black ? D_N : D_S);
    if (rel & PDN_DIR_SIDEWAYS)
        out |= DIR_BIT(D_E) | DIR_BIT(D_W);
    return out;
}

/*
 * Neighbours.  On a board of alternating colours the orthogonal neighbour
 * is two cells away, the next square of the same colour (Frisian captures
 * along ranks and files); where every cell plays it is the next cell.
 */
static void build_next(pdn_draughts *d)
{
    const pdn_geometry *g = &d->geometry;
    int w = g->width, h = g->height;
    for (int dir = 0; dir < D_COUNT; dir++) {
        int orth = dir >= D_N, k = orth && !g->all_playing ? 2 : 1;
        for (int c = 0; c <= d->cells; c++) {
            d->next[dir][c] = (int16_t)d->cells;
            if (c == d->cells || !plays(g, c))
                continue;
            int f = c % w + k * step_file[dir], r = c / w + k * step_rank[dir];
            if (f >= 0 && f < w && r >= 0 && r < h && plays(g, r * w + f))
                d->next[dir][c] = (int16_t)(r * w + f);
        }
    }
    for (int c = 0; c < d->cells; c++) {
        d->promo[c] = 0;
        if (plays(g, c) && c / w == h - 1)
            d->promo[c] |= 1u;
        if (plays(g, c) && c / w == 0)
            d->promo[c] |= 2u;
    }
}

/*
 * Which of the constant-shift layouts (BB_SHAPE_*) the board has, or 0.  A
 * direction no piece uses may differ.  Every diagonal step from a square
 * without a neighbour there must land on a ghost, off the board or outside
 * the 64 bits, since bb_walk.h does not mask those steps.
 */
static int shape_of(const pdn_draughts *d)
{
    static const int shapes[BB_SHAPES][D_COUNT] = {BB_SHAPE_10, BB_SHAPE_8, BB_SHAPE_8M};
    const bb_layout *bb = &d->bb;
    unsigned used = d->man_move[0] | d->man_cap[0] | d->king_move[0] | d->king_cap[0] |
                    d->man_move[1] | d->man_cap[1] | d->king_move[1] | d->king_cap[1];
    if (d->geometry.all_playing)
        return 0;
    for (int dir = 0; dir < 4; dir++) {
        for (int c = 0; c < d->cells; c++) {
            if (d->bit_of[c] < 0 || d->next[dir][c] != d->cells)
                continue;
            int t = d->bit_of[c] + bb->shift[dir];
            if (t >= 0 && t < 64 && (bb->board >> t & 1u))
                return 0;
        }
    }
    for (int k = 0; k < BB_SHAPES; k++) {
        int same = 1;
        for (int dir = 0; dir < D_COUNT; dir++)
            if ((used & DIR_BIT(dir)) && shapes[k][dir] != bb->shift[dir])
                same = 0;
        if (same)
            return k + 1;
    }
    return 0;
}

/*
 * The bitboard layout (see bb_layout in rules.h).  The bit of each square is
 * given by a formula; the shift of each direction is then read off the
 * neighbour table and must be the same for every square, which also proves
 * the layout right for this board.  Boards of odd width or with more than
 * 64 squares (with ghosts) keep ok = 0 and use the mailbox generator.
 */
static void build_bb(pdn_draughts *d)
{
    const pdn_geometry *g = &d->geometry;
    bb_layout *bb = &d->bb;
    int w = g->width;
    memset(bb, 0, sizeof *bb);
    for (int c = 0; c < d->cells; c++)
        d->bit_of[c] = -1;
    for (int i = 0; i < 64; i++)
        bb->cell[i] = -1;
    for (int n = 0; n < PDN_RULES__NUMBERS; n++) {
        d->number_bb[n] = -1;
        d->number_bit[n] = 0;
    }
    if (g->all_playing) {
        if (d->cells > 64)
            return;
        for (int c = 0; c < d->cells; c++)
            d->bit_of[c] = (int16_t)c;
    } else {
        if (w % 2 != 0)
            return;
        int half = w / 2, mirror = !plays(g, 0);
        for (int c = 0; c < d->cells; c++) {
            if (!plays(g, c))
                continue;
            int f = c % w, r = c / w;
            if (mirror)
                f = w - 1 - f;
            int bit = (r / 2) * (2 * half + 1) + (r % 2) * (half + 1) + f / 2;
            if (bit >= 64)
                return;
            d->bit_of[c] = (int16_t)bit;
        }
    }
    for (int c = 0; c < d->cells; c++) {
        if (d->bit_of[c] < 0)
            continue;
        uint64_t b = (uint64_t)1 << d->bit_of[c];
        bb->cell[d->bit_of[c]] = (int16_t)c;
        bb->board |= b;
        if (d->promo[c] & 1u)
            bb->promo[0] |= b;
        if (d->promo[c] & 2u)
            bb->promo[1] |= b;
    }
    for (int dir = 0; dir < D_COUNT; dir++) {
        int have = 0;
        for (int c = 0; c < d->cells; c++) {
            int n = d->next[dir][c];
            if (d->bit_of[c] < 0 || n == d->cells)
                continue;
            int delta = d->bit_of[n] - d->bit_of[c];
            if (!have) {
                bb->shift[dir] = delta;
                have = 1;
            } else if (delta != bb->shift[dir]) {
                return; /* not uniform: no bitboards for this board */
            }
            bb->pre[dir] |= (uint64_t)1 << d->bit_of[c];
        }
        bb->left[dir] = (unsigned)(bb->shift[dir] > 0 ? bb->shift[dir] : 0);
        bb->right[dir] = (unsigned)(bb->shift[dir] < 0 ? -bb->shift[dir] : 0);
    }
    bb->ok = 1;
    bb->shape = shape_of(d);
    for (int ci = 0; ci < 2; ci++)
        d->steps.diag10[ci] = bb->shape == 1 && d->man_cap[ci] == (DIR_BIT(D_NE) | DIR_BIT(D_NW) |
                                                                   DIR_BIT(D_SE) | DIR_BIT(D_SW));
    for (int n = 1; n < PDN_RULES__NUMBERS && n <= g->square_count; n++) {
        int c = g->cell_of[n];
        if (c >= 0 && c < d->cells && d->bit_of[c] >= 0) {
            d->number_bb[n] = (int16_t)(c << 6 | d->bit_of[c]);
            d->number_bit[n] = (uint64_t)1 << d->bit_of[c];
        }
    }
    for (int c = 0; c < d->cells; c++) {
        for (int ci = 0; ci < 2 && d->bit_of[c] >= 0; ci++) {
            uint64_t to = 0;
            for (int dir = 0; dir < D_COUNT; dir++)
                if ((d->man_move[ci] & DIR_BIT(dir)) && d->next[dir][c] != d->cells)
                    to |= (uint64_t)1 << d->bit_of[d->next[dir][c]];
            d->man_steps[ci][d->bit_of[c]] = to;
        }
        for (int dir = 0; dir < D_COUNT && d->bit_of[c] >= 0; dir++)
            for (int n = d->next[dir][c]; n != d->cells; n = d->next[dir][n])
                d->ray[dir][d->bit_of[c]] |= (uint64_t)1 << d->bit_of[n];
    }
    pdn_position start;
    pdn_position_start(&start, g);
    for (int c = 0; c < d->cells; c++) {
        unsigned p = start.board[c];
        if (p != 0 && d->bit_of[c] >= 0) {
            uint64_t b = (uint64_t)1 << d->bit_of[c];
            int ci = pdn_rules__ci(PDN_PIECE_COLOR(p));
            if (PDN_PIECE_KIND(p) == PDN_KING)
                d->start.kings[ci] |= b;
            else
                d->start.men[ci] |= b;
        }
    }
}

static int rules_valid(const pdn_rules *r)
{
    if (r->version != PDN_RULES_VERSION || r->man_moves == 0)
        return 0;
    if (r->promotion != PDN_PROMOTE_PASS && r->promotion != PDN_PROMOTE_KING &&
        r->promotion != PDN_PROMOTE_STOP)
        return 0;
    for (int i = 0; i < PDN_PREFER_MAX && r->prefer[i] != PDN_PREFER_END; i++)
        if (r->prefer[i] > PDN_PREFER_EARLIEST_KINGS)
            return 0;
    return 1;
}

/* Whether the men's steps of `d` are those of steps.shifts10. */
static int steps_by_shifts(const pdn_draughts *d)
{
    if (!d->bb.ok || d->bb.shape != 1)
        return 0;
    for (int i = 0; i < 64; i++) {
        uint64_t b = (uint64_t)1 << i, board = d->bb.board;
        if ((board & b) && (d->man_steps[0][i] != (((b << 5) | (b << 6)) & board) ||
                            d->man_steps[1][i] != (((b >> 5) | (b >> 6)) & board)))
            return 0;
    }
    return 1;
}

pdn_status pdn_draughts_new(pdn_draughts **out, const pdn_geometry *g, const pdn_rules *rules,
                            const pdn_allocator *allocator)
{
    if (out == NULL)
        return PDN_EINVAL;
    *out = NULL;
    if (g == NULL || rules == NULL || g->chess || !rules_valid(rules) || g->width < 1 ||
        g->height < 1 || g->width * g->height > PDN_CELL_MAX)
        return PDN_EINVAL;
    pdn_alloc a = pdn_alloc__resolve(allocator);
    pdn_draughts *d = pdn_alloc__get(&a, sizeof *d);
    if (d == NULL)
        return PDN_ENOMEM;
    memset(d, 0, sizeof *d);
    d->alloc = a;
    d->geometry = *g;
    d->rules = *rules;
    d->cells = g->width * g->height;
    for (int black = 0; black < 2; black++) {
        d->man_move[black] = absolute(rules->man_moves, black);
        d->man_cap[black] = absolute(rules->man_captures, black);
        d->king_move[black] = absolute(rules->king_moves, black);
        d->king_cap[black] = absolute(rules->king_captures, black);
    }
    if (rules->prefer[0] == PDN_PREFER_END)
        d->steps.choice = 1;
    else if (rules->prefer[0] == PDN_PREFER_MOST_PIECES && rules->prefer[1] == PDN_PREFER_END)
        d->steps.choice = 2;
    build_next(d);
    for (int c = 0; c < d->cells; c++)
        d->off[c] = plays(g, c) ? 0 : CELL_OFF;
    d->off[d->cells] = CELL_OFF;
    build_bb(d);
    d->steps.board = d->bb.board;
    d->steps.promo[0] = d->bb.promo[0];
    d->steps.promo[1] = d->bb.promo[1];
    d->steps.kings_taken = rules->men_capture_kings ? ~(uint64_t)0 : 0;
    d->steps.man_steps[0] = d->man_steps[0];
    d->steps.man_steps[1] = d->man_steps[1];
    d->steps.promotion = (uint8_t)rules->promotion;
    d->steps.intl = (uint8_t)pdn_rules__bb_intl(d);
    d->steps.shifts10 = (uint8_t)steps_by_shifts(d);
    *out = d;
    return PDN_OK;
}

void pdn_draughts_free(pdn_draughts *d)
{
    if (d == NULL)
        return;
    pdn_alloc a = d->alloc;
    pdn_alloc__put(&a, d, sizeof *d);
}

const pdn_rules *pdn_draughts_rules(const pdn_draughts *d)
{
    return d ? &d->rules : NULL;
}

const pdn_geometry *pdn_draughts_geometry(const pdn_draughts *d)
{
    return d ? &d->geometry : NULL;
}

int pdn_rules__same_board(const pdn_draughts *d, const pdn_geometry *g)
{
    return g == NULL ||
           (g->width == d->geometry.width && g->height == d->geometry.height &&
            plays(g, 0) == plays(&d->geometry, 0) && g->all_playing == d->geometry.all_playing);
}

/* The piece on cell `c` of `from` into `board` (which has CELL_OFF where
 * no piece stands) and, unless NULL, into `bits`: one of no colour is an
 * empty square; false for a coloured piece on a playing square that is
 * neither man nor king. */
static inline bool place(uint8_t *board, pdn_rules__bits *bits, const pdn_draughts *d,
                         const pdn_piece *from, int c)
{
    unsigned p = from[c], kind = PDN_PIECE_KIND(p), col = PDN_PIECE_COLOR(p);
    if (board[c] != 0 || col == 0)
        return true;
    if (kind != PDN_MAN && kind != PDN_KING)
        return false;
    board[c] = (uint8_t)p;
    if (bits != NULL) {
        uint64_t b = (uint64_t)1 << d->bit_of[c];
        if (col != PDN_WHITE && col != PDN_BLACK)
            bits->other |= b;
        else if (kind == PDN_KING)
            bits->kings[col == PDN_BLACK] |= b;
        else
            bits->men[col == PDN_BLACK] |= b;
    }
    return true;
}

/* pdn_rules__board(), and the bitboards of the board too when `bits` is
 * not NULL (bb.ok). */
static inline pdn_status convert(const pdn_draughts *d, const pdn_position *pos, uint8_t *board,
                                 unsigned *color, pdn_rules__bits *bits)
{
    if (d == NULL || pos == NULL || !pdn_rules__same_board(d, pos->geometry))
        return PDN_EINVAL;
    if (pos->turn != 'W' && pos->turn != 'B')
        return PDN_EINVAL;
    *color = pos->turn == 'W' ? PDN_WHITE : PDN_BLACK;
    if (bits != NULL)
        memset(bits, 0, sizeof *bits);
    /* The empty board first, then the occupied cells alone, found eight at
     * a time as in pdn_rules__live_load(): the resolver does this at every
     * call, and most cells are empty. */
    memcpy(board, d->off, (size_t)d->cells + 1);
    const uint64_t low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
    int c = 0;
    for (; c + 8 <= d->cells; c += 8) {
        uint64_t w = pdn_bits__load(pos->board + c);
        for (unsigned full = pdn_bits__gather((((w & low7) + low7) | w) & ~low7); full != 0;
             full &= full - 1)
            if (!place(board, bits, d, pos->board, c + (int)pdn_bits__ctz(full)))
                return PDN_EINVAL;
    }
    for (; c < d->cells; c++)
        if (pos->board[c] != 0 && !place(board, bits, d, pos->board, c))
            return PDN_EINVAL;
    return PDN_OK;
}

pdn_status pdn_rules__board(const pdn_draughts *d, const pdn_position *pos, uint8_t *board,
                            unsigned *color)
{
    return convert(d, pos, board, color, NULL);
}

pdn_status pdn_rules__board_bits(const pdn_draughts *d, const pdn_position *pos, uint8_t *board,
                                 unsigned *color, pdn_rules__bits *bits)
{
    return convert(d, pos, board, color, bits);
}
