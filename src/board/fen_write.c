/* SPDX-License-Identifier: MIT */
/*
 * fen_write.c - a draughts position written as the canonical FEN of the
 * standard's chapter 10: exactly one text per position, runs of numbers
 * joined ("31-50"); chess positions are handed to fen_chess.c.
 */
#include "base/base.h"
#include "base/bits.h"
#include "board/board.h"

#include <string.h>

/*
 * The longest FEN: every cell of a 26x26 board a king, each "K" plus three
 * characters and a comma, plus turn and colour marks.  Writing into a
 * buffer of that size needs no bounds checks per character.
 */
#define FEN_MAX (PDN_CELL_MAX * 5 + 16)

/* Bit sets of squares by number: up to 676 bits, and a clear word after them. */
#define SET_WORDS ((PDN_CELL_MAX + 63) / 64 + 1)

/*
 * The text of 0..99: two bytes each, the digit of 0..9 first (and a filler
 * byte after it that what follows overwrites), so that a number below 100
 * is one two-byte copy whatever its length; and the plain pairs with
 * leading zeros for the last two digits of three-digit numbers.
 */
static const char short_pairs[201] = "0 1 2 3 4 5 6 7 8 9 10111213141516171819"
                                     "2021222324252627282930313233343536373839"
                                     "4041424344454647484950515253545556575859"
                                     "6061626364656667686970717273747576777879"
                                     "8081828384858687888990919293949596979899";
static const char digit_pairs[21] = "00010203040506070809";

/* A number below 100; its length is 1 + (v > 9), made without a compare. */
static inline char *put_small(char *p, unsigned v)
{
    memcpy(p, short_pairs + 2 * v, 2);
    return p + 1 + ((v + 118) >> 7);
}

/* Square numbers stop at 676 (26x26), ranks at 26: at most three digits. */
static inline char *put_number(char *p, unsigned v)
{
    if (v < 100)
        return put_small(p, v);
    *p++ = (char)('0' + v / 100);
    v %= 100;
    memcpy(p, v < 10 ? digit_pairs + 2 * v : short_pairs + 2 * v, 2);
    return p + 2;
}

/*
 * The list each piece code is written in, by pdn_piece value (its low six
 * bits, as always): 1 White's men, 2 White's kings, 3-4 Black's, 5-6 those
 * of unknown colour; 0 is not written.
 */
static const unsigned char list_of[64] = {
    [PDN_MAN | PDN_WHITE] = 1,  [PDN_KING | PDN_WHITE] = 2,    [PDN_MAN | PDN_BLACK] = 3,
    [PDN_KING | PDN_BLACK] = 4, [PDN_MAN | PDN_ANY_COLOR] = 5, [PDN_KING | PDN_ANY_COLOR] = 6,
};

/*
 * LIST_MASK: bit i set where byte i of the sixteen (lo, then hi) is `code`
 * in its low six bits.  UNKNOWN_ADD: notes in `u` the bytes that have both
 * colour bits, and UNKNOWN_ANY(u) says whether there were any.
 */
#if PDN_BITS_SSE2
#define LIST_MASK(v, code)                                                                         \
    ((uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)(code)))))
#define UNKNOWN_NONE _mm_setzero_si128()
#define UNKNOWN_ADD(u, v)                                                                          \
    _mm_or_si128(u, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(3)), _mm_set1_epi8(3)))
#define UNKNOWN_ANY(u) (_mm_movemask_epi8(u) != 0)
#else
#define UNKNOWN_NONE 0
#define UNKNOWN_ADD(u, v)                                                                          \
    ((u) | pdn_bits__eq(v##_lo & PDN_BITS_REP(3), PDN_BITS_REP(3)) |                               \
     pdn_bits__eq(v##_hi & PDN_BITS_REP(3), PDN_BITS_REP(3)))
#define UNKNOWN_ANY(u) ((u) != 0)
#define LIST_MASK(v, code)                                                                         \
    ((uint64_t)pdn_bits__gather(pdn_bits__eq(v##_lo, PDN_BITS_REP(code))) |                        \
     (uint64_t)pdn_bits__gather(pdn_bits__eq(v##_hi, PDN_BITS_REP(code))) << 8)
#endif

/* The sixteen codes at `codes`, cut to their low six bits. */
#if PDN_BITS_SSE2
#define LOAD_CODES(v, codes)                                                                       \
    __m128i v =                                                                                    \
        _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(codes)), _mm_set1_epi8(63))
#else
#define LOAD_CODES(v, codes)                                                                       \
    uint64_t v##_lo = pdn_bits__load(codes) & PDN_BITS_REP(63),                                    \
             v##_hi = pdn_bits__load((codes) + 8) & PDN_BITS_REP(63)
#endif

/*
 * Squares i..i+16 into the sets of White's and Black's lists; `unknown`
 * notes whether one of them holds a piece of unknown colour.
 */
#define SORT16(i)                                                                                  \
    do {                                                                                           \
        LOAD_CODES(v, codes + (i));                                                                \
        wm |= LIST_MASK(v, PDN_MAN | PDN_WHITE) << (i);                                            \
        wk |= LIST_MASK(v, PDN_KING | PDN_WHITE) << (i);                                           \
        bm |= LIST_MASK(v, PDN_MAN | PDN_BLACK) << (i);                                            \
        bk |= LIST_MASK(v, PDN_KING | PDN_BLACK) << (i);                                           \
        unknown = UNKNOWN_ADD(unknown, v);                                                         \
    } while (0)

/*
 * The bit sets of the six lists for `n` squares (at most 64, a multiple of
 * 16) whose piece codes are codes[0..n): bit i of m[k] set when codes[i]
 * is list k's piece code (in its low six bits), built sixteen squares at a
 * time with no decision per square.  The blocks are written out (a loop
 * paid its turns and shifts by a variable count), and the lists of pieces
 * of unknown colour, which are rare, are made only when there are some.
 */
static PDN_FORCE_INLINE void sort64(const unsigned char *codes, unsigned n, uint64_t *m)
{
    uint64_t wm = 0, wk = 0, bm = 0, bk = 0, um = 0, uk = 0;
#if PDN_BITS_SSE2
    __m128i unknown = UNKNOWN_NONE;
#else
    uint64_t unknown = UNKNOWN_NONE;
#endif
    switch (n) {
    case 64:
        SORT16(48);
        /* fall through */
    case 48:
        SORT16(32);
        /* fall through */
    case 32:
        SORT16(16);
        /* fall through */
    default:
        SORT16(0);
    }
    for (unsigned i = 0; UNKNOWN_ANY(unknown) && i < n; i += 16) {
        LOAD_CODES(v, codes + i);
        um |= LIST_MASK(v, PDN_MAN | PDN_ANY_COLOR) << i;
        uk |= LIST_MASK(v, PDN_KING | PDN_ANY_COLOR) << i;
    }
    m[0] = wm;
    m[1] = wk;
    m[2] = bm;
    m[3] = bk;
    m[4] = um;
    m[5] = uk;
}

/* Eight bytes stored so that p[i] is byte i of the word on any machine. */
static inline void put8(unsigned char *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(w >> 8 * i);
}

/* The bytes of a word in the other order. */
static inline uint64_t reverse8(uint64_t x)
{
    x = x >> 32 | x << 32;
    x = (x & UINT64_C(0xFFFF0000FFFF0000)) >> 16 | (x & UINT64_C(0x0000FFFF0000FFFF)) << 16;
    return (x & UINT64_C(0xFF00FF00FF00FF00)) >> 8 | (x & UINT64_C(0x00FF00FF00FF00FF)) << 8;
}

/* The even bytes of a word in its low half. */
static inline uint64_t even_bytes(uint64_t x)
{
    x &= UINT64_C(0x00FF00FF00FF00FF);
    x = (x | x >> 8) & UINT64_C(0x0000FFFF0000FFFF);
    return (x | x >> 16) & UINT64_C(0x00000000FFFFFFFF);
}

/* The even bytes of p[0..16) as a word, p[0]'s in byte 0. */
static inline uint64_t even16(const unsigned char *p)
{
    return even_bytes(pdn_bits__load(p)) | even_bytes(pdn_bits__load(p + 8)) << 32;
}

/* The even bytes of p[0..16), p[0]'s first, stored at out[0..8). */
static inline void put_even16(unsigned char *out, const unsigned char *p)
{
#if PDN_BITS_SSE2
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    v = _mm_and_si128(v, _mm_set1_epi16(0xFF));
    _mm_storel_epi64((__m128i *)(void *)out, _mm_packus_epi16(v, v));
#else
    put8(out, even16(p));
#endif
}

/*
 * Row r of any geometry into seq (see gather_rows()): at step 2 eight
 * squares a load, at step 1 a plain copy, right to left (negative step) a
 * row of at most eight squares reversed in a word; rows whose loads would
 * leave the board array, and longer reversed rows, square by square.
 */
static void gather_row(const pdn_piece *board, const pdn_geometry *g, unsigned char *seq,
                       unsigned r)
{
    const int16_t *cell_of = g->cell_of;
    int step = g->row_step;
    unsigned n0 = (unsigned)g->row_start[r], count = (unsigned)g->row_start[r + 1] - n0;
    unsigned char *out = seq + n0 - 1;
    if (step > 0) {
        unsigned low = (unsigned)cell_of[n0],
                 blocks = step == 2 ? (count + 7) / 8 : (count + 15) / 16;
        if (low + 16 * blocks <= PDN_CELL_MAX) {
            for (unsigned j = 0; j < blocks; j++) {
                if (step == 2) {
                    put_even16(out + 8 * j, board + low + 16 * j);
                } else {
                    put8(out + 16 * j, pdn_bits__load(board + low + 16 * j));
                    put8(out + 16 * j + 8, pdn_bits__load(board + low + 16 * j + 8));
                }
            }
            return;
        }
    } else if (count <= 8) {
        unsigned low = (unsigned)cell_of[n0 + count - 1];
        if (low + 16 <= PDN_CELL_MAX) {
            uint64_t w = step == -2 ? even16(board + low) : pdn_bits__load(board + low);
            put8(out, reverse8(w) >> (64 - 8 * count));
            return;
        }
    }
    for (unsigned j = 0; j < count; j++)
        out[j] = board[cell_of[n0 + j]];
}

/*
 * The piece codes of the squares in numbering order into seq[0..squares)
 * and 16 zero bytes after them (`seq` has room for PDN_CELL_MAX + 32), a
 * board row at a time (pdn_geometry's rows).  A row's copy may write up to
 * 15 bytes past it, which the next row or the zeros overwrite.
 */
static void gather_rows(const pdn_piece *board, const pdn_geometry *g, unsigned char *seq)
{
    const int16_t *cell_of = g->cell_of, *start = g->row_start;
    int step = g->row_step;
    unsigned rows = g->rows;
    unsigned squares = (unsigned)g->square_count;
    if (step == 2 && g->width <= 16) {
        /* Rows of at most 8 squares, their loads inside the board array
           (16 past a cell of at most 16 x 26 cells): nothing to check. */
        unsigned r = 0;
#if PDN_BITS_SSE2
        /* Two rows a pack: the first's squares in the low half, the second's in the high. */
        for (; r + 1 < rows; r += 2) {
            unsigned n0 = (unsigned)start[r], n1 = (unsigned)start[r + 1];
            const __m128i even = _mm_set1_epi16(0xFF);
            __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(board + cell_of[n0]));
            __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(board + cell_of[n1]));
            __m128i v = _mm_packus_epi16(_mm_and_si128(a, even), _mm_and_si128(b, even));
            _mm_storel_epi64((__m128i *)(void *)(seq + n0 - 1), v);
            _mm_storel_epi64((__m128i *)(void *)(seq + n1 - 1), _mm_unpackhi_epi64(v, v));
        }
#endif
        for (; r < rows; r++) {
            unsigned n0 = (unsigned)start[r];
            put_even16(seq + n0 - 1, board + cell_of[n0]);
        }
    } else {
        for (unsigned r = 0; r < rows; r++)
            gather_row(board, g, seq, r);
    }
    put8(seq + squares, 0);
    put8(seq + squares + 8, 0);
}

/*
 * A numeric list of at most 64 squares from its bit set (bit n - 1 for
 * square n): runs of consecutive numbers, three or more written as a
 * range, two as two entries.  A run starts at a set bit whose lower
 * neighbour is clear and ends at one whose upper neighbour is; the n-th
 * start and the n-th end make the n-th run.  Each entry follows `*sep`
 * (the colour letter before a side's first entry, then commas) and "K" for
 * kings (`king` is a constant where this is inlined); the "K" of a pair's
 * second king is stored always and kept by stepping past it (a store costs
 * less than a branch that pairs and ranges mixed make unpredictable).
 * Numbers stay below 100.
 */
static inline char *numeric_list64(char *p, uint64_t bits, int king, char *sep)
{
    if (bits == 0)
        return p; /* most often a side's kings: no sets to make */
    uint64_t starts = bits & ~(bits << 1), ends = bits & ~(bits >> 1);
    char s = *sep;
    for (; starts != 0; starts &= starts - 1, ends &= ends - 1) {
        unsigned lo = pdn_bits__ctz(starts) + 1, hi = pdn_bits__ctz(ends) + 1;
        *p++ = s;
        s = ',';
        if (king)
            *p++ = 'K';
        p = put_small(p, lo);
        if (hi != lo) {
            int pair = hi - lo == 1;
            *p++ = pair ? ',' : '-';
            if (king) {
                *p = 'K';
                p += pair;
            }
            p = put_small(p, hi);
        }
    }
    *sep = s;
    return p;
}

/*
 * numeric_list64() for boards of more than 64 squares: bit sets of
 * `words` words and a clear word after them; a run may start in one word
 * and end in another.
 */
static char *numeric_list(char *p, const uint64_t *bits, unsigned words, int king, char *sep)
{
    char s = *sep;
    unsigned sw = 0, ew = 0;
    uint64_t starts = bits[0] & ~(bits[0] << 1), ends = bits[0] & ~(bits[0] >> 1 | bits[1] << 63);
    for (;;) {
        while (starts == 0) {
            if (++sw >= words) {
                *sep = s;
                return p;
            }
            starts = bits[sw] & ~(bits[sw] << 1 | bits[sw - 1] >> 63);
        }
        while (ends == 0) {
            ew++;
            ends = bits[ew] & ~(bits[ew] >> 1 | bits[ew + 1] << 63);
        }
        unsigned lo = 64 * sw + pdn_bits__ctz(starts) + 1, hi = 64 * ew + pdn_bits__ctz(ends) + 1;
        starts &= starts - 1;
        ends &= ends - 1;
        *p++ = s;
        s = ',';
        *p = 'K';
        p = put_number(p + king, lo);
        if (hi != lo) {
            int pair = hi - lo == 1;
            *p++ = pair ? ',' : '-';
            *p = 'K';
            p = put_number(p + (king & pair), hi);
        }
    }
}

/* An algebraic list: file << 8 | rank, files then ranks ascending. */
static char *alpha_list(char *p, const uint32_t *name, const uint32_t *end, int king, char *sep)
{
    char s = *sep;
    for (; name < end; name++) {
        *p++ = s;
        s = ',';
        *p = 'K';
        p += king;
        *p++ = (char)('a' + (*name >> 8));
        p = put_number(p, *name & 0xff);
    }
    *sep = s;
    return p;
}

/* The turn as written: 'B' and '?' as they are, anything else as 'W'. */
static char turn_of(const pdn_position *pos)
{
    return pos->turn == 'B' || pos->turn == '?' ? pos->turn : 'W';
}

static int no_bits(const uint64_t *bits, unsigned words)
{
    uint64_t any = 0;
    for (unsigned w = 0; w < words; w++)
        any |= bits[w];
    return any == 0;
}

/*
 * The numeric notation: the bit sets of the six lists, then each side's
 * men and kings written from them.  `out` has room for 7 + 5 * squares
 * bytes: a square written alone costs at most ",K676", a range of three
 * or more at most ",K123-456".  Boards of up to 64 squares (all but the
 * largest) keep their sets in registers.
 */
static size_t numeric_write(const pdn_position *pos, char *out)
{
    const pdn_geometry *g = pos->geometry;
    unsigned squares = (unsigned)g->square_count;
    char *p = out;
    *p++ = turn_of(pos);
    unsigned char seq[PDN_CELL_MAX + 32];
    gather_rows(pos->board, g, seq);
    unsigned padded = (squares + 15) & ~15u; /* the zeros make the last block whole */
    if (squares <= 64) {
        uint64_t m[6];
        sort64(seq, padded, m);
        for (int side = 0; side < 3; side++) {
            if (side == 2 && (m[4] | m[5]) == 0)
                break;
            char sep = "WB?"[side];
            *p++ = ':';
            p = numeric_list64(p, m[2 * side], 0, &sep);
            p = numeric_list64(p, m[2 * side + 1], 1, &sep);
            if (sep != ',')
                *p++ = sep; /* a side without pieces */
        }
        return (size_t)(p - out);
    }
    uint64_t bits[6][SET_WORDS];
    unsigned words = (squares + 63) / 64;
    for (unsigned w = 0; w < words; w++) {
        uint64_t m[6];
        sort64(seq + 64 * w, w + 1 < words ? 64 : padded - 64 * w, m);
        for (int k = 0; k < 6; k++)
            bits[k][w] = m[k];
    }
    for (int k = 0; k < 6; k++)
        bits[k][words] = 0;
    for (int side = 0; side < 3; side++) {
        const uint64_t *men = bits[2 * side], *kings = bits[2 * side + 1];
        if (side == 2 && no_bits(men, words) && no_bits(kings, words))
            break;
        char sep = "WB?"[side];
        *p++ = ':';
        p = numeric_list(p, men, words, 0, &sep);
        p = numeric_list(p, kings, words, 1, &sep);
        if (sep != ',')
            *p++ = sep; /* a side without pieces */
    }
    return (size_t)(p - out);
}

/*
 * The 8x8 board's cells (bit 8 * row + column) into writing order for
 * algebraic names, bit 8 * file + rank - 1: rows and columns mirrored as
 * the geometry's frame says, then the board transposed (three exchanges
 * of bit blocks about the diagonal).
 */
static uint64_t names_order8(uint64_t x, int flip_file, int flip_rank)
{
    if (flip_rank) {
        x = (x & UINT64_C(0x00FF00FF00FF00FF)) << 8 | (x >> 8 & UINT64_C(0x00FF00FF00FF00FF));
        x = (x & UINT64_C(0x0000FFFF0000FFFF)) << 16 | (x >> 16 & UINT64_C(0x0000FFFF0000FFFF));
        x = x << 32 | x >> 32;
    }
    if (flip_file) {
        x = (x & UINT64_C(0x5555555555555555)) << 1 | (x >> 1 & UINT64_C(0x5555555555555555));
        x = (x & UINT64_C(0x3333333333333333)) << 2 | (x >> 2 & UINT64_C(0x3333333333333333));
        x = (x & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4 | (x >> 4 & UINT64_C(0x0F0F0F0F0F0F0F0F));
    }
    uint64_t t;
    t = UINT64_C(0x0F0F0F0F00000000) & (x ^ x << 28);
    x ^= t ^ t >> 28;
    t = UINT64_C(0x3333000033330000) & (x ^ x << 14);
    x ^= t ^ t >> 14;
    t = UINT64_C(0x5500550055005500) & (x ^ x << 7);
    x ^= t ^ t >> 7;
    return x;
}

/* The names of the 8x8 board in writing order. */
static const char names8[129] = "a1a2a3a4a5a6a7a8b1b2b3b4b5b6b7b8c1c2c3c4c5c6c7c8d1d2d3d4d5d6d7d8"
                                "e1e2e3e4e5e6e7e8f1f2f3f4f5f6f7f8g1g2g3g4g5g6g7g8h1h2h3h4h5h6h7h8";

/* An algebraic list of the 8x8 board from its bit set in writing order. */
static inline char *alpha_list8(char *p, uint64_t names, int king, char *sep)
{
    char s = *sep;
    for (; names != 0; names &= names - 1) {
        unsigned i = pdn_bits__ctz(names);
        *p++ = s;
        s = ',';
        if (king)
            *p++ = 'K';
        memcpy(p, names8 + 2 * i, 2);
        p += 2;
    }
    *sep = s;
    return p;
}

/*
 * The algebraic notation on an 8x8 board: the bit sets of the six lists
 * over the cells, turned into writing order, then written.
 */
static size_t alpha_write8(const pdn_position *pos, char *out)
{
    const pdn_geometry *g = pos->geometry;
    uint64_t m[6];
    sort64(pos->board, 64, m);
    char *p = out;
    *p++ = turn_of(pos);
    for (int side = 0; side < 3; side++) {
        if (side == 2 && (m[4] | m[5]) == 0)
            break;
        char sep = "WB?"[side];
        *p++ = ':';
        uint64_t men = m[2 * side], kings = m[2 * side + 1];
        if (men != 0)
            p = alpha_list8(p, names_order8(men, g->alpha_flip_file, g->alpha_flip_rank), 0, &sep);
        if (kings != 0)
            p = alpha_list8(p, names_order8(kings, g->alpha_flip_file, g->alpha_flip_rank), 1,
                            &sep);
        if (sep != ',')
            *p++ = sep; /* a side without pieces */
    }
    return (size_t)(p - out);
}

/*
 * The algebraic notation: one walk over the cells, files then ranks, sorts
 * the names into six lists (file << 8 | rank), which are then written side
 * by side.  `out` has room for 7 + 5 * (width * height) bytes: a name costs
 * at most ",Kz26".
 */
static size_t alpha_write(const pdn_position *pos, char *out)
{
    const pdn_geometry *g = pos->geometry;
    const pdn_piece *board = pos->board;
    uint32_t lists[7][PDN_CELL_MAX], *tail[7];
    for (int k = 0; k < 7; k++)
        tail[k] = lists[k];
    int w = g->width, h = g->height;
    int file_step = g->alpha_flip_file ? -1 : 1, rank_step = g->alpha_flip_rank ? -w : w;
    int cell0 = (g->alpha_flip_rank ? (h - 1) * w : 0) + (g->alpha_flip_file ? w - 1 : 0);
    for (int f = 0; f < w; f++) {
        const pdn_piece *cell = board + cell0 + f * file_step;
        for (int r = 1; r <= h; r++, cell += rank_step) {
            unsigned k;
            if (*cell != 0 && (k = list_of[*cell & 63]) != 0)
                *tail[k]++ = (uint32_t)(f << 8 | r);
        }
    }
    char *p = out;
    *p++ = turn_of(pos);
    for (int side = 0; side < 3; side++) {
        int men = 2 * side + 1, kings = men + 1;
        if (side == 2 && tail[men] == lists[men] && tail[kings] == lists[kings])
            break;
        char sep = "WB?"[side];
        *p++ = ':';
        p = alpha_list(p, lists[men], tail[men], 0, &sep);
        p = alpha_list(p, lists[kings], tail[kings], 1, &sep);
        if (sep != ',')
            *p++ = sep; /* a side without pieces */
    }
    return (size_t)(p - out);
}

static size_t draughts_write(const pdn_position *pos, char notation, char *out)
{
    if (notation == 'N')
        return numeric_write(pos, out);
    const pdn_geometry *g = pos->geometry;
    return g->width == 8 && g->height == 8 ? alpha_write8(pos, out) : alpha_write(pos, out);
}

/*
 * A FEN for a buffer that may be too small: written into one of the
 * longest size and copied.  Out of line, so that writing in place does not
 * set up this one's frame.
 */
static PDN_NOINLINE size_t write_copied(const pdn_position *pos, char notation, char *buf,
                                        size_t cap)
{
    char text[FEN_MAX];
    size_t len = draughts_write(pos, notation, text);
    if (cap > 0) {
        size_t n = len < cap ? len : cap - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}

size_t pdn_fen_write(const pdn_position *pos, char notation, char *buf, size_t cap)
{
    if (pos == NULL || pos->geometry == NULL) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    const pdn_geometry *g = pos->geometry;
    if (g->chess)
        return pdn_board__chess_fen_write(pos, buf, cap);
    if (notation == 0)
        notation = g->gametype.notation == 'N' ? 'N' : 'A';
    size_t walked = notation == 'N' ? (size_t)g->square_count : (size_t)(g->width * g->height);
    if (cap > 7 + 5 * walked) {
        /* Room for any FEN of this board and its NUL: written in place. */
        size_t len = draughts_write(pos, notation, buf);
        buf[len] = '\0';
        return len;
    }
    return write_copied(pos, notation, buf, cap);
}
