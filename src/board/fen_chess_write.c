/* SPDX-License-Identifier: MIT */
/*
 * fen_chess_write.c - a chess position (GameType 0) as a FEN: the placement
 * rank by rank from a form per occupancy of the rank, castling as KQkq
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

/*
 * How a rank is written, by its occupancy `o` (bit f: file f holds a
 * piece): `text` is the rank's FEN with a placeholder for each letter (byte
 * i of the word is character i, 0 after the end), `at[f]` is where the
 * letter of file f goes in it, and for an empty file the place just after
 * the rank (rank_length), which the '/' or ' ' written next takes back.  A
 * rank is then one 8-byte store and one store per file, with no decision
 * per square.  The entries are constant expressions of `o`, so nothing is
 * filled in at run time: a character is written for each piece and for the
 * first square of each run of empty squares (GAPS), the digit of a run
 * being the distance from its first square to the next piece (RUN), and
 * each character's place is the number of characters before it (PLACE).
 */
typedef struct rank_form {
    uint64_t text;
    unsigned char at[8];
} rank_form;

#define EMPTY(o) (~(unsigned)(o)&0xFFu)
#define GAPS(o) (EMPTY(o) & ~(EMPTY(o) << 1))
#define WRITTEN(o) ((unsigned)(o) | GAPS(o))
#define LENGTH(o) POP8(WRITTEN(o))
#define POP8(x)                                                                                    \
    (((x)&1u) + ((x) >> 1 & 1u) + ((x) >> 2 & 1u) + ((x) >> 3 & 1u) + ((x) >> 4 & 1u) +            \
     ((x) >> 5 & 1u) + ((x) >> 6 & 1u) + ((x) >> 7 & 1u))
#define PLACE(o, f) POP8(WRITTEN(o) & ((1u << (f)) - 1u))
#define AT(o, f) ((o) >> (f)&1u ? PLACE(o, f) : LENGTH(o))
#define CTZ9(x)                                                                                    \
    ((x)&1u     ? 0u                                                                               \
     : (x)&2u   ? 1u                                                                               \
     : (x)&4u   ? 2u                                                                               \
     : (x)&8u   ? 3u                                                                               \
     : (x)&16u  ? 4u                                                                               \
     : (x)&32u  ? 5u                                                                               \
     : (x)&64u  ? 6u                                                                               \
     : (x)&128u ? 7u                                                                               \
                : 8u)
#define RUN(o, f) CTZ9(((unsigned)(o) | 0x100u) >> (f))
#define CHAR(o, f) ((o) >> (f)&1u ? (uint64_t)'x' : (uint64_t)('0' + RUN(o, f)))
#define PUT(o, f) (WRITTEN(o) >> (f)&1u ? CHAR(o, f) << 8 * PLACE(o, f) : 0u)
#define FORM(o)                                                                                    \
    {                                                                                              \
        PUT(o, 0) | PUT(o, 1) | PUT(o, 2) | PUT(o, 3) | PUT(o, 4) | PUT(o, 5) | PUT(o, 6) |        \
            PUT(o, 7),                                                                             \
        {                                                                                          \
            AT(o, 0), AT(o, 1), AT(o, 2), AT(o, 3), AT(o, 4), AT(o, 5), AT(o, 6), AT(o, 7)         \
        }                                                                                          \
    }
#define SIXTEEN(M, h)                                                                              \
    M(0x##h##0), M(0x##h##1), M(0x##h##2), M(0x##h##3), M(0x##h##4), M(0x##h##5), M(0x##h##6),     \
        M(0x##h##7), M(0x##h##8), M(0x##h##9), M(0x##h##A), M(0x##h##B), M(0x##h##C), M(0x##h##D), \
        M(0x##h##E), M(0x##h##F)
#define ALL_RANKS(M)                                                                               \
    SIXTEEN(M, 0), SIXTEEN(M, 1), SIXTEEN(M, 2), SIXTEEN(M, 3), SIXTEEN(M, 4), SIXTEEN(M, 5),      \
        SIXTEEN(M, 6), SIXTEEN(M, 7), SIXTEEN(M, 8), SIXTEEN(M, 9), SIXTEEN(M, A), SIXTEEN(M, B),  \
        SIXTEEN(M, C), SIXTEEN(M, D), SIXTEEN(M, E), SIXTEEN(M, F)

static const rank_form rank_forms[256] = {ALL_RANKS(FORM)};
static const unsigned char rank_length[256] = {ALL_RANKS(LENGTH)};

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
    unsigned rook = PDN_ROOK | color;
    char lower = color == PDN_BLACK ? 'a' - 'A' : 0;
    /* The usual case, rights in the corners with the king on e1/e8 between
       them: K and Q, without looking for the first king and outer rooks. */
    if (row[4] == (PDN_CHESS_KING | color) && (outer < 0 || (outer == 7 && row[7] == rook)) &&
        (inner < 0 || (inner == 0 && row[0] == rook))) {
        *p = (char)('K' + lower);
        p += outer >= 0;
        *p = (char)('Q' + lower);
        return p + (inner >= 0);
    }
    unsigned kings = rank_mask(row, PDN_CHESS_KING | color);
    int kf = kings != 0 ? (int)pdn_bits__ctz(kings) : 8;
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
 * The castling field.  Most often all four rights, the kings on e1 and e8
 * and the rooks in the corners: "KQkq" then, found by two words of the
 * back ranks and the four rights compared at once.
 */
static char *castling_field(char *p, const pdn_position *pos)
{
    static const int8_t corners[4] = {7, 0, 7, 0};
    /* Files a, e and h of a back rank. */
    const uint64_t ends = UINT64_C(0xFF0000FF000000FF);
#define BACK_RANK(c)                                                                               \
    ((PDN_ROOK | (c)) | (uint64_t)(PDN_CHESS_KING | (c)) << 32 | (uint64_t)(PDN_ROOK | (c)) << 56)
    if (memcmp(pos->castling, corners, 4) == 0 &&
        (pdn_bits__load(pos->board) & ends) == BACK_RANK(PDN_WHITE) &&
        (pdn_bits__load(pos->board + 56) & ends) == BACK_RANK(PDN_BLACK)) {
        memcpy(p, "KQkq", 4);
        return p + 4;
    }
    char *rights = p;
    p = castling_rights(p, pos, PDN_WHITE);
    p = castling_rights(p, pos, PDN_BLACK);
    if (p == rights)
        *p++ = '-';
    return p;
}

/* Eight bytes stored so that p[i] is byte i of the word on any machine. */
static inline void put8(char *p, uint64_t w)
{
#if PDN_BITS_SSE2
    memcpy(p, &w, 8); /* x86: little-endian, and one store */
#else
    for (int i = 0; i < 8; i++)
        p[i] = (char)(w >> 8 * i);
#endif
}

/*
 * The whole FEN into `out`, which has CHESS_FEN_MAX bytes; returns its
 * length.  Each rank is its form (rank_forms) and then a letter per piece.
 * A form's eight bytes may run past its rank: what comes after (the next
 * rank, a '/', the fields after the placement, at least ten bytes) is
 * written over them.
 */
static size_t chess_write(const pdn_position *pos, char *out)
{
    char *p = out;
    uint64_t taken = occupied(pos->board);
    for (int rank = 7; rank >= 0; rank--) {
        const pdn_piece *row = pos->board + rank * 8;
        unsigned o = (unsigned)(taken >> (8 * rank)) & 0xffu;
        const unsigned char *at = rank_forms[o].at;
        put8(p, rank_forms[o].text);
        p[at[0]] = glyph_of[row[0]];
        p[at[1]] = glyph_of[row[1]];
        p[at[2]] = glyph_of[row[2]];
        p[at[3]] = glyph_of[row[3]];
        p[at[4]] = glyph_of[row[4]];
        p[at[5]] = glyph_of[row[5]];
        p[at[6]] = glyph_of[row[6]];
        p[at[7]] = glyph_of[row[7]];
        p += rank_length[o];
        *p++ = '/';
    }
    p[-1] = ' ';
    *p++ = pos->turn == 'B' ? 'b' : 'w';
    *p++ = ' ';
    p = castling_field(p, pos);
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
