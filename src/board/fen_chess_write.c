/* SPDX-License-Identifier: MIT */
/*
 * fen_chess_write.c - a chess position (GameType 0) as a FEN: the placement
 * rank by rank from bit sets of the occupied squares, castling as KQkq
 * (X-FEN: a rook's file where K or Q would name another rook), the clocks.
 */
#include "base/bits.h"
#include "board/board.h"

#include <string.h>

/*
 * The longest chess FEN: 64 letters and 7 slashes, " w KQkq e3 ", and two
 * clocks of ten digits with a space between.
 */
#define CHESS_FEN_MAX 112

static char *put_number(char *p, long v)
{
    if (v >= 0 && v < 10) {
        *p = (char)('0' + v); /* the common clocks */
        return p + 1;
    }
    char tmp[24];
    int n = 0;
    if (v < 0)
        v = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0)
        *p++ = tmp[--n];
    return p;
}

/*
 * The FEN letter of each piece byte: codes compare by their low six bits,
 * so the 64 letters repeat four times; '?' for codes chess has not.
 */
#define GLYPHS64                                                                                   \
    "????????????"                                                                                 \
    "?Pp?" /* pawns */                                                                             \
    "?Nn?" /* knights */                                                                           \
    "?Bb?" /* bishops */                                                                           \
    "?Rr?" /* rooks */                                                                             \
    "?Qq?" /* queens */                                                                            \
    "?Kk?" /* kings */                                                                             \
    "????????????????????????????"
static const char glyph_of[257] = GLYPHS64 GLYPHS64 GLYPHS64 GLYPHS64;

/* Bit f set where row[f] is `code`, for f < 8. */
static inline unsigned rank_mask(const pdn_piece *row, unsigned code)
{
    return pdn_bits__gather(pdn_bits__eq(pdn_bits__load(row), PDN_BITS_REP(code)));
}

/* Bit 8 * rank + file set for each square that is not empty. */
static inline uint64_t occupied(const pdn_piece *board)
{
#if PDN_BITS_SSE2
    const __m128i zero = _mm_setzero_si128();
    uint64_t empty = 0;
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(board + 16 * k));
        empty |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) << (16 * k);
    }
    return ~empty;
#else
    const uint64_t low7 = PDN_BITS_REP(0x7f), high = PDN_BITS_REP(0x80);
    uint64_t m = 0;
    for (int rank = 0; rank < 8; rank++) {
        uint64_t x = pdn_bits__load(board + 8 * rank);
        m |= (uint64_t)pdn_bits__gather((((x & low7) + low7) | x) & high) << (8 * rank);
    }
    return m;
#endif
}

/* 1 when no square of `row` beyond file f (going by `step`) holds `rook`. */
static int outermost(const pdn_piece *row, int f, int step, unsigned rook)
{
    for (f += step; f >= 0 && f < 8; f += step)
        if (row[f] == rook)
            return 0;
    return 1;
}

/*
 * The castling rights of one colour, from its rooks and king on its back
 * rank.  X-FEN: K/Q name the outermost rook of a wing (the one no other
 * rook of that colour stands beyond, on that side of the first king of the
 * rank); a rook further in needs its file.
 */
static char *castling_rights(char *p, const pdn_position *pos, unsigned color)
{
    int slot = color == PDN_WHITE ? 0 : 2;
    int outer = pos->castling[slot], inner = pos->castling[slot + 1];
    if (outer < 0 && inner < 0)
        return p;
    const pdn_piece *row = pos->board + (color == PDN_WHITE ? 0 : 56);
    unsigned kings = rank_mask(row, PDN_CHESS_KING | color), rook = PDN_ROOK | color;
    int kf = kings != 0 ? (int)pdn_bits__ctz(kings) : 8;
    char lower = color == PDN_BLACK ? 'a' - 'A' : 0;
    if (outer >= 0) {
        int named = kf < outer && outer < 8 && row[outer] == rook && outermost(row, outer, 1, rook);
        *p++ = (char)((named ? 'K' : 'A' + outer) + lower);
    }
    if (inner >= 0) {
        int named = inner < kf && kf < 8 && row[inner] == rook && outermost(row, inner, -1, rook);
        *p++ = (char)((named ? 'Q' : 'A' + inner) + lower);
    }
    return p;
}

/*
 * The whole FEN into `out`, which has CHESS_FEN_MAX bytes; returns its
 * length.  Each rank is written from its pieces alone (a bit set of the
 * squares taken): the count of empty squares before each, if any, and its
 * letter, without a branch per square.
 */
static size_t chess_write(const pdn_position *pos, char *out)
{
    char *p = out;
    uint64_t taken = occupied(pos->board);
    for (int rank = 7; rank >= 0; rank--) {
        const pdn_piece *row = pos->board + rank * 8;
        unsigned next = 0;
        for (unsigned m = (unsigned)(taken >> (8 * rank)) & 0xffu; m != 0; m &= m - 1) {
            unsigned f = pdn_bits__ctz(m), gap = f - next;
            *p = (char)('0' + gap);
            p += gap != 0;
            *p++ = glyph_of[row[f]];
            next = f + 1;
        }
        *p = (char)('0' + 8 - next);
        p += next != 8;
        *p++ = '/';
    }
    p[-1] = ' ';
    *p++ = pos->turn == 'B' ? 'b' : 'w';
    *p++ = ' ';
    char *rights = p;
    p = castling_rights(p, pos, PDN_WHITE);
    p = castling_rights(p, pos, PDN_BLACK);
    if (p == rights)
        *p++ = '-';
    *p++ = ' ';
    if (pos->en_passant >= 0 && pos->en_passant < 64) {
        *p++ = (char)('a' + pos->en_passant % 8);
        *p++ = (char)('1' + pos->en_passant / 8);
    } else {
        *p++ = '-';
    }
    *p++ = ' ';
    p = put_number(p, pos->halfmove_clock);
    *p++ = ' ';
    p = put_number(p, pos->fullmove);
    return (size_t)(p - out);
}

size_t pdn_board__chess_fen_write(const pdn_position *pos, char *buf, size_t cap)
{
    if (cap > CHESS_FEN_MAX) {
        size_t len = chess_write(pos, buf);
        buf[len] = '\0';
        return len;
    }
    char text[CHESS_FEN_MAX];
    size_t len = chess_write(pos, text);
    if (cap > 0) {
        size_t n = len < cap ? len : cap - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}
