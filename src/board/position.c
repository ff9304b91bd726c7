/* SPDX-License-Identifier: MIT */
/*
 * position.c - empty and starting positions, and position equality.
 */
#include "board/board.h"

#include <string.h>

/*
 * Zeroed in blocks of 64 bytes: compilers store each with vector moves,
 * where one memset of the whole struct becomes a `rep stos` on x86-64
 * whose start-up costs twice as much (every FEN read starts here).
 */
static void zero(pdn_position *out)
{
    unsigned char *p = (unsigned char *)out;
    size_t whole = sizeof *out & ~(size_t)63;
    for (size_t i = 0; i < whole; i += 64)
        memset(p + i, 0, 64);
    memset(p + whole, 0, sizeof *out - whole);
}

void pdn_position_clear(pdn_position *out, const pdn_geometry *g)
{
    zero(out);
    out->geometry = g;
    out->turn = g->gametype.start == 'B' ? 'B' : 'W';
    for (int i = 0; i < 4; i++)
        out->castling[i] = -1;
    out->en_passant = -1;
    out->fullmove = 1;
}

static void chess_start(pdn_position *out)
{
    static const unsigned back[8] = {PDN_ROOK,       PDN_KNIGHT, PDN_BISHOP, PDN_QUEEN,
                                     PDN_CHESS_KING, PDN_BISHOP, PDN_KNIGHT, PDN_ROOK};
    for (int f = 0; f < 8; f++) {
        out->board[f] = (pdn_piece)(back[f] | PDN_WHITE);
        out->board[8 + f] = (pdn_piece)(PDN_PAWN | PDN_WHITE);
        out->board[48 + f] = (pdn_piece)(PDN_PAWN | PDN_BLACK);
        out->board[56 + f] = (pdn_piece)(back[f] | PDN_BLACK);
    }
    out->castling[0] = 7;
    out->castling[1] = 0;
    out->castling[2] = 7;
    out->castling[3] = 0;
}

void pdn_position_start(pdn_position *out, const pdn_geometry *g)
{
    pdn_position_clear(out, g);
    if (g->chess) {
        chess_start(out);
        return;
    }
    int w = g->width, h = g->height, type = g->gametype.type;
    /* Rows of men each side: the tester's is_player_field. */
    int first = 0, rows = h / 2 - 1;
    if (type == 31) {
        rows = 2;
    } else if (type == 30) {
        first = 1;
        rows = 2;
    }
    for (int r = first; r < first + rows; r++) {
        for (int c = 0; c < w; c++) {
            int low = r * w + c, high = (h - 1 - r) * w + (w - 1 - c);
            if (pdn_board__plays(g, low))
                out->board[low] = (pdn_piece)(PDN_MAN | PDN_WHITE);
            if (pdn_board__plays(g, high))
                out->board[high] = (pdn_piece)(PDN_MAN | PDN_BLACK);
        }
    }
}

int pdn_position_equal(const pdn_position *a, const pdn_position *b)
{
    if (a->turn != b->turn || memcmp(a->board, b->board, sizeof a->board) != 0)
        return 0;
    if (a->geometry != NULL && a->geometry->chess)
        return memcmp(a->castling, b->castling, sizeof a->castling) == 0 &&
               a->en_passant == b->en_passant;
    return 1;
}
