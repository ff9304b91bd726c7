/* SPDX-License-Identifier: MIT */
/*
 * board.h - private helpers of the board layer (src/board/): geometry
 * lookups that the public functions, the FEN reader and the renderers share.
 */
#ifndef PDN_BOARD_H
#define PDN_BOARD_H

#include "pdn.h"

/* 1 when the cell is a playing square of the board. */
static inline int pdn_board__plays(const pdn_geometry *g, int cell)
{
    return g->all_playing || g->number_of[cell] != 0;
}

/* The cell an algebraic name (file 0 = 'a', rank from 1) names, playing or
 * not; -1 off the board. */
static inline int pdn_board__alpha_cell(const pdn_geometry *g, int file, int rank)
{
    if (file < 0 || file >= g->width || rank < 1 || rank > g->height)
        return -1;
    int cw = g->alpha_flip_file ? g->width - 1 - file : file;
    int rw = g->alpha_flip_rank ? g->height - rank : rank - 1;
    return rw * g->width + cw;
}

/* pdn_geometry_cell() without the NULL check, for the hot loops. */
static inline int pdn_board__cell(const pdn_geometry *g, pdn_square square)
{
    if (PDN_SQUARE_IS_ALPHA(square)) {
        int cell =
            pdn_board__alpha_cell(g, (int)PDN_SQUARE_FILE(square), (int)PDN_SQUARE_RANK(square));
        return cell >= 0 && pdn_board__plays(g, cell) ? cell : -1;
    }
    if (square == 0 || square > g->square_count || g->chess)
        return -1;
    return g->cell_of[square];
}

/* Chess FEN, called by pdn_fen_read()/pdn_fen_write() for chess geometries. */
pdn_diag_code pdn_board__chess_fen_read(pdn_position *out, const char *s, size_t begin, size_t end,
                                        size_t *err_at);
size_t pdn_board__chess_fen_write(const pdn_position *pos, char *buf, size_t cap);

#endif
