/* SPDX-License-Identifier: MIT */
/*
 * position.c - empty and starting positions, and position equality.
 */
#include "base/bits.h"
#include "board/board.h"

#include <string.h>

/*
 * Every FEN read starts here.  One memset of the whole struct becomes a
 * `rep stos` on x86-64, whose start-up costs more than the stores; a loop
 * of 64-byte memsets pays a jump and a compare per block.  The blocks are
 * written out instead: 11 of them on 64-bit machines (704 bytes), a loop
 * for whatever else the struct holds elsewhere.
 */
static inline void zero64(unsigned char *p)
{
#if PDN_BITS_SSE2
    const __m128i z = _mm_setzero_si128();
    _mm_storeu_si128((__m128i *)(void *)p, z);
    _mm_storeu_si128((__m128i *)(void *)(p + 16), z);
    _mm_storeu_si128((__m128i *)(void *)(p + 32), z);
    _mm_storeu_si128((__m128i *)(void *)(p + 48), z);
#else
    memset(p, 0, 64);
#endif
}

static void zero(pdn_position *out)
{
    unsigned char *p = (unsigned char *)out;
    size_t whole = sizeof *out & ~(size_t)63, i = 0;
    if (whole >= 704) {
        zero64(p);
        zero64(p + 64);
        zero64(p + 128);
        zero64(p + 192);
        zero64(p + 256);
        zero64(p + 320);
        zero64(p + 384);
        zero64(p + 448);
        zero64(p + 512);
        zero64(p + 576);
        zero64(p + 640);
        i = 704;
    }
    for (; i < whole; i += 64)
        zero64(p + i);
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
