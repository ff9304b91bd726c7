/* SPDX-License-Identifier: MIT */
/*
 * fen_chess.c - chess FEN (GameType 0) onto a board: the six fields,
 * castling as KQkq or as Shredder/X-FEN rook files (Chess960), and the
 * checks that make a FEN a position that can occur.  fen_chess_write.c
 * writes it back.
 */
#include "base/bits.h"
#include "board/board.h"

#include <string.h>

static pdn_diag_code fail(size_t *err_at, size_t at, pdn_diag_code code)
{
    *err_at = at;
    return code;
}

/*
 * The squares (bit = cell) of the 64-square board whose piece code, with
 * the bits of `ignore` cleared, is `code`: one kind, or two kinds that
 * differ in those bits (rooks and queens, bishops and queens).
 */
static inline uint64_t squares_of2(const pdn_piece *board, unsigned code, unsigned ignore)
{
#if PDN_BITS_SSE2
    const __m128i v = _mm_set1_epi8((char)code), keep = _mm_set1_epi8((char)~ignore);
    __m128i w0 = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)board), keep);
    __m128i w1 = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(board + 16)), keep);
    __m128i w2 = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(board + 32)), keep);
    __m128i w3 = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(board + 48)), keep);
    return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w0, v)) |
           (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w1, v)) << 16 |
           (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w2, v)) << 32 |
           (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w3, v)) << 48;
#else
    uint64_t m = 0;
    for (int k = 0; k < 8; k++)
        m |=
            (uint64_t)pdn_bits__gather(pdn_bits__eq(
                pdn_bits__load(board + 8 * k) & PDN_BITS_REP((uint8_t)~ignore), PDN_BITS_REP(code)))
            << (8 * k);
    return m;
#endif
}

/* The squares (bit = cell) of the 64-square board that hold `code`. */
static inline uint64_t squares_of(const pdn_piece *board, unsigned code)
{
    return squares_of2(board, code, 0);
}

/* ---------------------------------------------------------------------- */
/* Attacks: enough to tell whether a king stands in check                 */
/* ---------------------------------------------------------------------- */

/*
 * Whether the first piece met from `cell` going by `step`, at most `steps`
 * times (no further than the edge, so no step is bounds-checked), is a
 * piece of colour `by` that attacks along the ray: a `line` piece (rook or
 * bishop), a queen, or a king next door.
 */
static inline int ray(const pdn_piece *board, int cell, int step, int steps, unsigned by,
                      unsigned line)
{
    if (steps == 0)
        return 0;
    unsigned p = board[cell += step];
    if (p == (PDN_CHESS_KING | by))
        return 1;
    while (p == 0 && --steps > 0)
        p = board[cell += step];
    return PDN_PIECE_COLOR(p) == by &&
           (PDN_PIECE_KIND(p) == line || PDN_PIECE_KIND(p) == PDN_QUEEN);
}

/*
 * Whether a piece of colour `by`, whose king stands on `king`, attacks
 * `cell`: pawns and knights from their squares, the king next door, the
 * rest along the eight rays, straight ones for rooks, diagonal ones for
 * bishops, both for queens.  The rays of a kind are walked only when a
 * piece that moves along them stands on one of the lines through `cell`
 * (in most positions none does).
 */
static int attacked(const pdn_position *pos, int cell, unsigned by, int king)
{
    const pdn_piece *board = pos->board;
    int f = cell % 8, r = cell / 8;
    int pawn_r = by == PDN_WHITE ? r - 1 : r + 1;
    if ((unsigned)pawn_r < 8 && ((f > 0 && board[pawn_r * 8 + f - 1] == (PDN_PAWN | by)) ||
                                 (f < 7 && board[pawn_r * 8 + f + 1] == (PDN_PAWN | by))))
        return 1;
    int kf = king % 8 - f, kr = king / 8 - r;
    if (kf >= -1 && kf <= 1 && kr >= -1 && kr <= 1)
        return 1;
    /* Knights: the squares a knight reaches from `cell`, as a bit set, against theirs. */
    const uint64_t a = UINT64_C(0x0101010101010101), h = a << 7;
    uint64_t knights = squares_of(board, PDN_KNIGHT | by);
    if (knights != 0) {
        const uint64_t not_a = ~a, not_ab = ~(a | a << 1), not_h = ~h, not_gh = ~(h | h >> 1);
        uint64_t t = (uint64_t)1 << cell;
        uint64_t reach = ((t << 17) & not_a) | ((t << 15) & not_h) | ((t << 10) & not_ab) |
                         ((t << 6) & not_gh) | ((t >> 17) & not_h) | ((t >> 15) & not_a) |
                         ((t >> 10) & not_gh) | ((t >> 6) & not_ab);
        if ((reach & knights) != 0)
            return 1;
    }
    /* Rooks and queens (kinds 6 and 7), bishops and queens (5 and 7). */
    uint64_t straight = squares_of2(board, PDN_ROOK | by, PDN_QUEEN ^ PDN_ROOK);
    uint64_t diagonal = squares_of2(board, PDN_BISHOP | by, PDN_QUEEN ^ PDN_BISHOP);
    int east = 7 - f, west = f, north = 7 - r, south = r;
    if ((straight & ((a << f) | (UINT64_C(0xFF) << 8 * r))) != 0 &&
        (ray(board, cell, 1, east, by, PDN_ROOK) || ray(board, cell, -1, west, by, PDN_ROOK) ||
         ray(board, cell, 8, north, by, PDN_ROOK) || ray(board, cell, -8, south, by, PDN_ROOK)))
        return 1;
    /* The a1-h8 and h1-a8 diagonals moved by whole ranks onto the cell's. */
    const uint64_t up = UINT64_C(0x8040201008040201), down = UINT64_C(0x0102040810204080);
    int d = f - r, e = f + r - 7;
    uint64_t diagonals =
        (d >= 0 ? up >> 8 * d : up << -8 * d) | (e >= 0 ? down << 8 * e : down >> -8 * e);
    return (diagonal & diagonals) != 0 &&
           (ray(board, cell, 9, east < north ? east : north, by, PDN_BISHOP) ||
            ray(board, cell, 7, west < north ? west : north, by, PDN_BISHOP) ||
            ray(board, cell, -7, east < south ? east : south, by, PDN_BISHOP) ||
            ray(board, cell, -9, west < south ? west : south, by, PDN_BISHOP));
}

/* ---------------------------------------------------------------------- */
/* Reading                                                                */
/* ---------------------------------------------------------------------- */

/*
 * What validate() needs of the placement: only kings and pawns can make it
 * impossible.  They are found on the board after the placement, with bit
 * sets; where exactly a problem lies is worked out again (problem_at) from
 * the text when there is one.
 */
typedef struct found_cells {
    int count;    /* kings and pawns */
    int kings[2]; /* cell of White's and Black's king (the only one), or -1 */
    int problem;  /* a second king of a colour, or a pawn on a back rank */
} found_cells;

/* Piece codes by byte, 0 for other bytes. */
static const unsigned char placed_of[256] = {
    ['P'] = PDN_PAWN | PDN_WHITE,   ['N'] = PDN_KNIGHT | PDN_WHITE,
    ['B'] = PDN_BISHOP | PDN_WHITE, ['R'] = PDN_ROOK | PDN_WHITE,
    ['Q'] = PDN_QUEEN | PDN_WHITE,  ['K'] = PDN_CHESS_KING | PDN_WHITE,
    ['p'] = PDN_PAWN | PDN_BLACK,   ['n'] = PDN_KNIGHT | PDN_BLACK,
    ['b'] = PDN_BISHOP | PDN_BLACK, ['r'] = PDN_ROOK | PDN_BLACK,
    ['q'] = PDN_QUEEN | PDN_BLACK,  ['k'] = PDN_CHESS_KING | PDN_BLACK,
};

#if !PDN_BITS_SSE2
static int bit_count(uint64_t m)
{
    m = m - ((m >> 1) & UINT64_C(0x5555555555555555));
    m = (m & UINT64_C(0x3333333333333333)) + ((m >> 2) & UINT64_C(0x3333333333333333));
    m = (m + (m >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((m * UINT64_C(0x0101010101010101)) >> 56);
}
#endif

/*
 * Kings and pawns of a placement read without error, from the board: the
 * kings' squares as bit sets, the pawns only where they matter, on the
 * back ranks, and the count of both by a sum of the byte compares (SSE2).
 */
static void find_cells(const pdn_piece *board, found_cells *found)
{
#if PDN_BITS_SSE2
    const __m128i wk = _mm_set1_epi8((char)(PDN_CHESS_KING | PDN_WHITE)),
                  bk = _mm_set1_epi8((char)(PDN_CHESS_KING | PDN_BLACK)),
                  pawn = _mm_set1_epi8((char)PDN_PAWN), kind = _mm_set1_epi8((char)~3u);
    uint64_t white = 0, black = 0, back = 0;
    __m128i counted = _mm_setzero_si128(); /* per byte lane, minus the kings and pawns there */
    /* Cells 16k..16k+16; written out four times, so that every shift is by a constant. */
#define FIND16(k)                                                                                  \
    do {                                                                                           \
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(board + 16 * (k)));            \
        __m128i is_wk = _mm_cmpeq_epi8(w, wk), is_bk = _mm_cmpeq_epi8(w, bk);                      \
        __m128i is_pawn = _mm_cmpeq_epi8(_mm_and_si128(w, kind), pawn);                            \
        white |= (uint64_t)(unsigned)_mm_movemask_epi8(is_wk) << (16 * (k));                       \
        black |= (uint64_t)(unsigned)_mm_movemask_epi8(is_bk) << (16 * (k));                       \
        if ((k) == 0 || (k) == 3)                                                                  \
            back |= (uint64_t)(unsigned)_mm_movemask_epi8(is_pawn) << (16 * (k));                  \
        counted = _mm_add_epi8(counted, _mm_or_si128(_mm_or_si128(is_wk, is_bk), is_pawn));        \
    } while (0)
    FIND16(0);
    FIND16(1);
    FIND16(2);
    FIND16(3);
#undef FIND16
    __m128i sums = _mm_sad_epu8(_mm_sub_epi8(_mm_setzero_si128(), counted), _mm_setzero_si128());
    found->count = _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
#else
    uint64_t white = squares_of(board, PDN_CHESS_KING | PDN_WHITE);
    uint64_t black = squares_of(board, PDN_CHESS_KING | PDN_BLACK);
    uint64_t back = squares_of2(board, PDN_PAWN, 3);
    found->count = bit_count(white | black | back);
#endif
    found->kings[0] = white != 0 ? (int)pdn_bits__ctz(white) : -1;
    found->kings[1] = black != 0 ? (int)pdn_bits__ctz(black) : -1;
    found->problem = (white & (white - 1)) != 0 || (black & (black - 1)) != 0 ||
                     (back & UINT64_C(0xFF000000000000FF)) != 0;
}

/* 16 bytes from `from` to `to`. */
static inline void copy16(unsigned char *to, const unsigned char *from)
{
#if PDN_BITS_SSE2
    _mm_storeu_si128((__m128i *)(void *)to, _mm_loadu_si128((const __m128i *)(const void *)from));
#else
    memcpy(to, from, 16);
#endif
}

/*
 * How far the short placement loop moves on at a byte: one square for a
 * letter, that many for a digit 1-8, 0 for every other byte.
 */
static const unsigned char advance_of[256] = {
    ['P'] = 1, ['N'] = 1, ['B'] = 1, ['R'] = 1, ['Q'] = 1, ['K'] = 1, ['p'] = 1,
    ['n'] = 1, ['b'] = 1, ['r'] = 1, ['q'] = 1, ['k'] = 1, ['1'] = 1, ['2'] = 2,
    ['3'] = 3, ['4'] = 4, ['5'] = 5, ['6'] = 6, ['7'] = 7, ['8'] = 8,
};

/*
 * The most of a placement the loops below read: per rank at most eight
 * squares' worth of letters and digits, one letter too many, and the '/'.
 * (The copy in placement() is written out for these 80 bytes.)
 */
#define PLACEMENT_MAX (8 * 10)

/* 1 when no two of copy[0..len) (len <= PLACEMENT_MAX) next to each other are both digits. */
static int digits_apart(const unsigned char *copy, size_t len)
{
#if PDN_BITS_SSE2
    const __m128i one = _mm_set1_epi8('1'), seven = _mm_set1_epi8(7);
    uint64_t digits = 0;
    for (int k = 0; k < 4; k++) {
        __m128i t =
            _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)(copy + 16 * k)), one);
        digits |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(t, seven), t))
                  << (16 * k);
    }
    if (len <= 64) {
        uint64_t inside = len == 64 ? ~(uint64_t)0 : ((uint64_t)1 << len) - 1;
        return (digits & digits >> 1 & inside) == 0;
    }
    if ((digits & digits >> 1) != 0)
        return 0;
    for (size_t i = 63; i + 1 < len; i++)
        if ((unsigned)copy[i] - '1' < 8 && (unsigned)copy[i + 1] - '1' < 8)
            return 0;
    return 1;
#else
    for (size_t i = 0; i + 1 < len; i++)
        if ((unsigned)copy[i] - '1' < 8 && (unsigned)copy[i + 1] - '1' < 8)
            return 0;
    return 1;
#endif
}

/*
 * The placement as nearly every FEN writes it, the short way: two bytes a
 * turn, each a letter or a digit 1-8 (advance_of; the piece stored is
 * placed_of's, 0 for a digit), with nothing decided per byte.  The square
 * count is checked after each pair (so that no store goes further than 16
 * squares past a rank's start) and at each rank's end, and that no two
 * digits follow each other once at the end.  A rank's letters may run past
 * its end, into the ranks above it already read or the cells after the 64,
 * and its end then says so.  Returns 1 with *io at the space after the
 * placement, or 0 for anything else (an overlong or short rank, two digits
 * in a row, a missing or extra rank, another byte), and the caller clears
 * what was written and reads the text the long way.
 */
#define QUICK_DIRT (64 + 24) /* cells a failed quick read may have written */

static int quick_ranks(pdn_piece *board, const unsigned char **io)
{
    const unsigned char *start = *io, *p = start;
    pdn_piece *row = board + 56;
    for (;;) {
        pdn_piece *cell = row, *stop = row + 8;
        unsigned a0, a1 = 0;
        while ((a0 = advance_of[p[0]]) != 0 && (a1 = advance_of[p[1]]) != 0) {
            cell[0] = placed_of[p[0]];
            cell += a0;
            cell[0] = placed_of[p[1]];
            cell += a1;
            p += 2;
            if (cell > stop)
                return 0;
        }
        if (a0 != 0) {
            cell[0] = placed_of[p[0]];
            cell += a0;
            p++;
        }
        if (cell != stop)
            return 0;
        if (*p != '/')
            break;
        if (row == board)
            return 0;
        row -= 8;
        p++;
    }
    if (row != board || *p != ' ' || !digits_apart(start, (size_t)(p - start)))
        return 0;
    *io = p;
    return 1;
}

/*
 * Placement: ranks 8 to 1 separated by '/', digits for empty squares.
 * Read from a copy with NULs after it, which ends a rank as the end of the
 * text does, so that no byte needs a bounds check.
 */
static pdn_diag_code placement(pdn_position *pos, const char *s, size_t *io, size_t end,
                               found_cells *found, size_t *err_at)
{
    /*
     * Copied 16 bytes at a time, the last 16 overlapping, written out: a
     * memcpy of a bounded size, or a loop the compiler takes for one,
     * becomes a `rep movs`, whose start-up costs more than the whole copy.
     */
    unsigned char copy[PLACEMENT_MAX + 16];
    const unsigned char *from = (const unsigned char *)s + *io;
    size_t n = end - *io < PLACEMENT_MAX ? end - *io : PLACEMENT_MAX;
    if (n >= 16) {
        copy16(copy, from);
        if (n >= 32)
            copy16(copy + 16, from + 16);
        if (n >= 48)
            copy16(copy + 32, from + 32);
        if (n >= 64)
            copy16(copy + 48, from + 48);
        if (n >= 80)
            copy16(copy + 64, from + 64);
        copy16(copy + n - 16, from + n - 16);
    } else {
        for (size_t i = 0; i < n; i++)
            copy[i] = from[i];
    }
    memset(copy + n, 0, 16);
    /* The cursor lives in a local: board stores may alias anything behind a pointer. */
    const unsigned char *p = copy;
    pdn_piece *board = pos->board;
    if (quick_ranks(board, &p)) {
        *io += (size_t)(p - copy);
        find_cells(board, found);
        return PDN_D_NONE;
    }
    memset(board, 0, QUICK_DIRT);
    int bad = 0;
    for (int rank = 7; rank >= 0; rank--) {
        if (rank < 7) {
            if (*p != '/') {
                bad = 1;
                break;
            }
            p++;
        }
        /* Runs of letters, each run after the first behind one digit (never two). */
        pdn_piece *cell = board + rank * 8, *stop = cell + 8;
        unsigned c, piece;
        for (;;) {
            while (cell < stop && (piece = placed_of[*p]) != 0) {
                *cell++ = (pdn_piece)piece;
                p++;
            }
            c = *p;
            if (c - '1' >= 8 || c - '0' > (unsigned)(stop - cell))
                break;
            cell += c - '0';
            c = *++p;
            if (cell == stop || placed_of[c] == 0)
                break;
        }
        bad = c != '/' && c != ' ';
        if (bad || cell != stop) {
            bad = 1;
            break;
        }
    }
    *io += (size_t)(p - copy);
    if (bad)
        return fail(err_at, *io, PDN_D_BAD_FEN);
    find_cells(board, found);
    return PDN_D_NONE;
}

/*
 * Where a placement that placement() read without error and found a
 * problem in is impossible: the first of its first 19 kings and pawns that
 * is a second king of its colour or a pawn on a back rank, else the 19th
 * (16 pawns and two kings at most).
 */
static size_t problem_at(const char *s, size_t i)
{
    int count = 0, kings[2] = {0, 0}, rank = 7;
    for (;; i++) {
        unsigned c = (unsigned char)s[i], p = placed_of[c];
        if (c == '/') {
            rank--;
        } else if (PDN_PIECE_KIND(p) == PDN_PAWN || PDN_PIECE_KIND(p) == PDN_CHESS_KING) {
            if (PDN_PIECE_KIND(p) == PDN_CHESS_KING
                    ? kings[PDN_PIECE_COLOR(p) == PDN_WHITE ? 0 : 1]++ > 0
                    : rank == 0 || rank == 7)
                return i;
            if (++count == 19)
                return i;
        }
    }
}

/* The gap between fields: one space is the form, more is tolerated. */
static inline int gap(const char *s, size_t *i, size_t end, size_t *form_at)
{
    size_t j = *i;
    /* The form: one space, then (most often) a byte above ' ', so not a blank. */
    if (end - j >= 2 && s[j] == ' ' && (unsigned char)s[j + 1] > ' ') {
        *i = j + 1;
        return 1;
    }
    while (j < end && (s[j] == ' ' || s[j] == '\t'))
        j++;
    if (j == *i || j == end)
        return 0;
    if ((j - *i > 1 || s[*i] != ' ') && *form_at == SIZE_MAX)
        *form_at = *i;
    *i = j;
    return 1;
}

static int king_file(const pdn_position *pos, unsigned color)
{
    int base = color == PDN_WHITE ? 0 : 56;
    for (int f = 0; f < 8; f++)
        if (pos->board[base + f] == (PDN_CHESS_KING | color))
            return f;
    return -1;
}

/* The outermost rook of `color` on its back rank on one side of the king. */
static int outer_rook(const pdn_position *pos, unsigned color, int kf, int short_side)
{
    int base = color == PDN_WHITE ? 0 : 56;
    if (short_side) {
        for (int f = 7; f > kf; f--)
            if (pos->board[base + f] == (PDN_ROOK | color))
                return f;
    } else {
        for (int f = 0; f < kf; f++)
            if (pos->board[base + f] == (PDN_ROOK | color))
                return f;
    }
    return -1;
}

/*
 * The file of `color`'s king on its back rank, or -1: from what placement()
 * found when that is one king per colour, else by looking.
 */
static int castling_king_file(const pdn_position *pos, const found_cells *found, unsigned color)
{
    if (found->problem)
        return king_file(pos, color);
    int side = color == PDN_BLACK, cell = found->kings[side];
    return cell >= 0 && cell / 8 == (side ? 7 : 0) ? cell % 8 : -1;
}

/*
 * The castling field as most FENs have it, the short way: K, Q, k, q in
 * that order (each at most once), each king on its back rank and a rook in
 * the corner of the right (so the king is not there), then a space or the
 * end.  Returns the index after the field with the rights set, or 0 for
 * anything else, which castling() then reads in full.
 */
#define CORNERS UINT64_C(0xFF000000000000FF) /* files a and h of a rank */

static size_t quick_castling(pdn_position *pos, const found_cells *found, const char *s, size_t i,
                             size_t end)
{
    static const char letters[4] = {'K', 'Q', 'k', 'q'};
    if (found->problem)
        return 0;
    const pdn_piece *board = pos->board;
    /* All four, the most common field, at once: the letters, then the
       kings on their ranks and the four rooks in the corners. */
    if (end - i >= 4 && memcmp(s + i, letters, 4) == 0 && (end - i == 4 || s[i + 4] == ' ') &&
        (unsigned)found->kings[0] < 8 && (unsigned)(found->kings[1] - 56) < 8 &&
        (pdn_bits__load(board) & CORNERS) == (PDN_BITS_REP(PDN_ROOK | PDN_WHITE) & CORNERS) &&
        (pdn_bits__load(board + 56) & CORNERS) == (PDN_BITS_REP(PDN_ROOK | PDN_BLACK) & CORNERS)) {
        static const int8_t corners[4] = {7, 0, 7, 0};
        memcpy(pos->castling, corners, 4);
        return i + 4;
    }
    int8_t rights[4] = {-1, -1, -1, -1};
    for (int slot = 0; slot < 4 && i < end; slot++) {
        if (s[i] != letters[slot])
            continue;
        int black = slot >= 2, base = black ? 56 : 0, corner = slot & 1 ? 0 : 7;
        int king = found->kings[black];
        unsigned color = black ? PDN_BLACK : PDN_WHITE;
        if (king < base || king >= base + 8 || board[base + corner] != (PDN_ROOK | color))
            return 0;
        rights[slot] = (int8_t)corner;
        i++;
    }
    if (rights[0] < 0 && rights[1] < 0 && rights[2] < 0 && rights[3] < 0)
        return 0;
    if (i < end && s[i] != ' ')
        return 0;
    memcpy(pos->castling, rights, sizeof rights);
    return i;
}

/*
 * Castling: "-", or KQkq (the outermost rook on that side: X-FEN), or rook
 * files A-H/a-h (Shredder-FEN), at most one right per side and wing.
 */
static pdn_diag_code castling(pdn_position *pos, const found_cells *found, const char *s,
                              size_t *io, size_t end, size_t *err_at)
{
    size_t i = *io, start = i;
    if (i < end && s[i] == '-') {
        *io = i + 1;
        return PDN_D_NONE;
    }
    size_t quick = quick_castling(pos, found, s, i, end);
    if (quick != 0) {
        *io = quick;
        return PDN_D_NONE;
    }
    int king_files[2];
    king_files[0] = castling_king_file(pos, found, PDN_WHITE);
    king_files[1] = castling_king_file(pos, found, PDN_BLACK);
    pdn_diag_code code = PDN_D_NONE;
    for (; i < end && s[i] != ' '; i++) {
        char c = s[i];
        unsigned color = (c >= 'a' && c <= 'z') ? PDN_BLACK : PDN_WHITE;
        char up = color == PDN_BLACK ? (char)(c - 'a' + 'A') : c;
        int kf = king_files[color == PDN_BLACK], rook = -1, short_side;
        if (up != 'K' && up != 'Q' && (up < 'A' || up > 'H')) {
            code = PDN_D_BAD_FEN;
            break;
        }
        if (kf < 0) {
            code = PDN_D_FEN_POSITION;
            break;
        }
        if (up == 'K' || up == 'Q') {
            short_side = up == 'K';
            rook = outer_rook(pos, color, kf, short_side);
        } else {
            int f = up - 'A', base = color == PDN_WHITE ? 0 : 56;
            short_side = f > kf;
            if (f != kf && pos->board[base + f] == (PDN_ROOK | color))
                rook = f;
        }
        if (rook < 0) {
            code = PDN_D_FEN_POSITION;
            break;
        }
        int slot = (color == PDN_BLACK ? 2 : 0) + (short_side ? 0 : 1);
        if (pos->castling[slot] >= 0 || i - start >= 4) {
            code = PDN_D_BAD_FEN;
            break;
        }
        pos->castling[slot] = (int8_t)rook;
    }
    *io = i;
    if (code == PDN_D_NONE && i == start)
        code = PDN_D_BAD_FEN;
    return code == PDN_D_NONE ? code : fail(err_at, i, code);
}

/* The en-passant target must lie behind a pawn that has just moved two squares. */
static pdn_diag_code en_passant(pdn_position *pos, const char *s, size_t *i, size_t end,
                                size_t *err_at)
{
    if (*i < end && s[*i] == '-') {
        (*i)++;
        return PDN_D_NONE;
    }
    size_t at = *i;
    if (*i + 1 >= end || s[*i] < 'a' || s[*i] > 'h' || (s[*i + 1] != '3' && s[*i + 1] != '6'))
        return fail(err_at, *i, PDN_D_BAD_FEN);
    int f = s[*i] - 'a', r = s[*i + 1] - '1';
    *i += 2;
    int white_moves = pos->turn == 'W';
    int pawn_r = white_moves ? 4 : 3, from_r = white_moves ? 6 : 1;
    unsigned mover = white_moves ? PDN_BLACK : PDN_WHITE;
    if (r != (white_moves ? 5 : 2) || pos->board[pawn_r * 8 + f] != (PDN_PAWN | mover) ||
        pos->board[r * 8 + f] != 0 || pos->board[from_r * 8 + f] != 0)
        return fail(err_at, at, PDN_D_FEN_POSITION);
    pos->en_passant = (int16_t)(r * 8 + f);
    return PDN_D_NONE;
}

static inline int counter(const char *s, size_t *i, size_t end, int *out)
{
    long v = 0;
    size_t j = *i;
    while (j < end && s[j] >= '0' && s[j] <= '9') {
        if (v < 100000000L)
            v = v * 10 + (s[j] - '0');
        j++;
    }
    if (j == *i || v >= 100000000L || (j < end && s[j] != ' ' && s[j] != '\t'))
        return 0;
    *out = (int)v;
    *i = j;
    return 1;
}

/* Kings, pawns and check: what no game can reach. */
static pdn_diag_code validate(const pdn_position *pos, const found_cells *found, const char *s,
                              size_t begin, size_t side_at, size_t *err_at)
{
    if (found->problem || found->count > 18)
        return fail(err_at, problem_at(s, begin), PDN_D_FEN_POSITION);
    if (found->kings[0] < 0 || found->kings[1] < 0)
        return fail(err_at, 0, PDN_D_FEN_POSITION);
    /* The side that has just moved cannot have left its king in check. */
    int white = pos->turn == 'W';
    if (attacked(pos, found->kings[white], white ? PDN_WHITE : PDN_BLACK, found->kings[!white]))
        return fail(err_at, side_at, PDN_D_FEN_POSITION);
    return PDN_D_NONE;
}

/*
 * ChessFen : PLACEMENT " " SIDE " " CASTLING " " EP (" " HALFMOVE " " FULLMOVE)?
 * The four-field form (EPD) leaves the clocks at 0 and 1.
 */
pdn_diag_code pdn_board__chess_fen_read(pdn_position *pos, const char *s, size_t begin, size_t end,
                                        size_t *err_at)
{
    size_t i = begin, form_at = SIZE_MAX;
    found_cells found;
    pdn_diag_code c = placement(pos, s, &i, end, &found, err_at);
    if (c != PDN_D_NONE)
        return c;
    if (!gap(s, &i, end, &form_at))
        return fail(err_at, i, PDN_D_BAD_FEN);
    size_t side_at = i;
    char side = s[i];
    if (side == 'W' || side == 'B') {
        if (form_at == SIZE_MAX)
            form_at = i;
        side = (char)(side - 'A' + 'a');
    }
    if ((side != 'w' && side != 'b') || (i + 1 < end && s[i + 1] != ' ' && s[i + 1] != '\t'))
        return fail(err_at, side != 'w' && side != 'b' ? i : i + 1, PDN_D_BAD_FEN);
    pos->turn = side == 'w' ? 'W' : 'B';
    i++;
    if (!gap(s, &i, end, &form_at))
        return fail(err_at, i, PDN_D_BAD_FEN);
    if ((c = castling(pos, &found, s, &i, end, err_at)) != PDN_D_NONE)
        return c;
    if (!gap(s, &i, end, &form_at))
        return fail(err_at, i, PDN_D_BAD_FEN);
    if ((c = en_passant(pos, s, &i, end, err_at)) != PDN_D_NONE)
        return c;
    if (i < end) {
        int half, full;
        if (!gap(s, &i, end, &form_at) || !counter(s, &i, end, &half))
            return fail(err_at, i, PDN_D_BAD_FEN);
        if (!gap(s, &i, end, &form_at) || !counter(s, &i, end, &full))
            return fail(err_at, i, PDN_D_BAD_FEN);
        if (i != end)
            return fail(err_at, i, PDN_D_BAD_FEN);
        pos->halfmove_clock = half;
        pos->fullmove = full;
    }
    if ((c = validate(pos, &found, s, begin, side_at, err_at)) != PDN_D_NONE)
        return c;
    return form_at != SIZE_MAX ? fail(err_at, form_at, PDN_D_FEN_FORM) : PDN_D_NONE;
}
