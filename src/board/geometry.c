/* SPDX-License-Identifier: MIT */
/*
 * geometry.c - what a GameType tuple n,C,W,H,Nd,i means on the board: which
 * cells play, and the number and algebraic name of each.
 *
 * The standard defines the numbering in the frame of the starting player
 * (the Start-colour field sits at the bottom): invert 0 means that player's
 * bottom-left corner plays, and the corner digit d says where square 1 (or
 * a1) is.  Cells are stored in White's frame, so a tuple starting with B is
 * turned half a circle on the way in.
 */
#include "board/board.h"

#include <string.h>

/* Where a starter-frame coordinate lands in White's frame. */
static void to_white(const pdn_geometry *g, int c, int r, int *cw, int *rw)
{
    if (g->gametype.start == 'B') {
        *cw = g->width - 1 - c;
        *rw = g->height - 1 - r;
    } else {
        *cw = c;
        *rw = r;
    }
}

static int plays(const pdn_geometry *g, int c, int r)
{
    if (g->all_playing)
        return 1;
    return g->gametype.invert ? (c + r) % 2 == 1 : (c + r) % 2 == 0;
}

pdn_status pdn_geometry_init(pdn_geometry *out, const pdn_gametype *gametype)
{
    if (out == NULL || gametype == NULL)
        return PDN_EINVAL;
    pdn_gametype gt = *gametype;
    if (gt.type == 0 && gt.width == 0) {
        /* A bare "0" is chess; the standard's table gives it no full tag. */
        if (pdn_gametype_default(&gt, 0) != PDN_OK)
            return PDN_EINVAL;
    }
    if (gt.width < 4 || gt.width > PDN_BOARD_MAX || gt.height < 4 || gt.height > PDN_BOARD_MAX)
        return PDN_EINVAL;
    if (gt.notation != 'N' && gt.notation != 'A' && gt.notation != 'S')
        return PDN_EINVAL;
    if (gt.corner < 0 || gt.corner > 3 || (gt.start != 'W' && gt.start != 'B'))
        return PDN_EINVAL;

    memset(out, 0, sizeof *out);
    out->gametype = gt;
    out->width = gt.width;
    out->height = gt.height;
    out->chess = gt.type == 0 || gt.notation == 'S';
    out->all_playing = out->chess || gt.type == 30;
    for (int i = 0; i <= PDN_CELL_MAX; i++)
        out->cell_of[i] = -1;

    int w = gt.width, h = gt.height, d = gt.corner;
    int flip_c = d == 1 || d == 3, flip_r = d == 2 || d == 3;
    /*
     * An algebraic game's numbers are the ones its players write in numeric
     * FENs: square 1 in the far left corner as the starting player sees the
     * board, as in International draughts (Russian: 1 = b8, 29 = a1, and
     * the start W:W21-32:B1-12).
     */
    int num_c = gt.notation == 'A' ? 0 : flip_c, num_r = gt.notation == 'A' ? 1 : flip_r;

    /*
     * Numbers: playing squares counted row by row away from the corner, each
     * row from the corner's side.  On even widths this is the standard's
     * 1 + r'*(W/2) + c'/2; counting also covers odd widths.
     */
    int n = 0;
    for (int rp = 0; rp < h; rp++) {
        out->row_start[rp] = (int16_t)(n + 1);
        for (int cp = 0; cp < w; cp++) {
            int c = num_c ? w - 1 - cp : cp, r = num_r ? h - 1 - rp : rp, cw, rw;
            if (!plays(out, c, r))
                continue;
            to_white(out, c, r, &cw, &rw);
            int cell = rw * w + cw;
            n++;
            if (!out->chess) {
                out->number_of[cell] = (int16_t)n;
                out->cell_of[n] = (int16_t)cell;
            }
        }
    }
    out->square_count = n;
    /* Every row has at least two squares (sides of 4 or more), and all go the same way. */
    out->row_start[h] = (int16_t)(n + 1);
    if (!out->chess) {
        out->rows = (uint8_t)h;
        out->row_step = (int8_t)(out->cell_of[2] - out->cell_of[1]);
    }

    /*
     * Algebraic names: for an A notation the tuple's frame (file = c',
     * rank = r'+1); otherwise the usual names seen from White.
     */
    if (gt.notation == 'A') {
        int turned = gt.start == 'B';
        out->alpha_flip_file = (int8_t)(turned ^ flip_c);
        out->alpha_flip_rank = (int8_t)(turned ^ flip_r);
    }
    return PDN_OK;
}

int pdn_geometry_cell(const pdn_geometry *g, pdn_square square)
{
    return g != NULL ? pdn_board__cell(g, square) : -1;
}

pdn_square pdn_geometry_square(const pdn_geometry *g, int cell, char notation)
{
    if (g == NULL || cell < 0 || cell >= g->width * g->height || !pdn_board__plays(g, cell))
        return 0;
    if (notation == 0)
        notation = g->gametype.notation == 'N' ? 'N' : 'A';
    if (notation == 'N')
        return (pdn_square)g->number_of[cell];
    int cw = cell % g->width, rw = cell / g->width;
    int file = g->alpha_flip_file ? g->width - 1 - cw : cw;
    int rank = g->alpha_flip_rank ? g->height - rw : rw + 1;
    return PDN_SQUARE_MAKE_ALPHA(file, rank);
}

size_t pdn_square_format(pdn_square square, char *buf)
{
    char tmp[8];
    size_t n = 0, len = 0;
    unsigned v;
    if (PDN_SQUARE_IS_ALPHA(square)) {
        buf[len++] = (char)('a' + PDN_SQUARE_FILE(square));
        v = PDN_SQUARE_RANK(square);
    } else {
        v = square;
    }
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0 && n < sizeof tmp);
    while (n > 0)
        buf[len++] = tmp[--n];
    buf[len] = '\0';
    return len;
}
