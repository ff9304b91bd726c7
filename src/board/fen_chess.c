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

/* The squares (bit = cell) of the 64-square board that hold `code`. */
static inline uint64_t squares_of(const pdn_piece *board, unsigned code)
{
#if PDN_BITS_SSE2
    const __m128i v = _mm_set1_epi8((char)code);
    __m128i w0 = _mm_loadu_si128((const __m128i *)(const void *)board);
    __m128i w1 = _mm_loadu_si128((const __m128i *)(const void *)(board + 16));
    __m128i w2 = _mm_loadu_si128((const __m128i *)(const void *)(board + 32));
    __m128i w3 = _mm_loadu_si128((const __m128i *)(const void *)(board + 48));
    return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w0, v)) |
           (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w1, v)) << 16 |
           (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w2, v)) << 32 |
           (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w3, v)) << 48;
#else
    uint64_t m = 0;
    for (int k = 0; k < 8; k++)
        m |= (uint64_t)pdn_bits__gather(
                 pdn_bits__eq(pdn_bits__load(board + 8 * k), PDN_BITS_REP(code)))
             << (8 * k);
    return m;
#endif
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
 * Whether a piece of colour `by` attacks `cell`: pawns and knights from
 * their squares, the rest along the eight rays, straight ones for rooks,
 * diagonal ones for bishops, all for queens and (next door) kings.
 */
static int attacked(const pdn_position *pos, int cell, unsigned by)
{
    const pdn_piece *board = pos->board;
    int f = cell % 8, r = cell / 8;
    int pawn_r = by == PDN_WHITE ? r - 1 : r + 1;
    if ((unsigned)pawn_r < 8 && ((f > 0 && board[pawn_r * 8 + f - 1] == (PDN_PAWN | by)) ||
                                 (f < 7 && board[pawn_r * 8 + f + 1] == (PDN_PAWN | by))))
        return 1;
    /* Knights: the squares a knight reaches from `cell`, as a bit set, against theirs. */
    uint64_t knights = squares_of(board, PDN_KNIGHT | by);
    if (knights != 0) {
        const uint64_t a = UINT64_C(0x0101010101010101), h = a << 7;
        const uint64_t not_a = ~a, not_ab = ~(a | a << 1), not_h = ~h, not_gh = ~(h | h >> 1);
        uint64_t t = (uint64_t)1 << cell;
        uint64_t reach = ((t << 17) & not_a) | ((t << 15) & not_h) | ((t << 10) & not_ab) |
                         ((t << 6) & not_gh) | ((t >> 17) & not_h) | ((t >> 15) & not_a) |
                         ((t >> 10) & not_gh) | ((t >> 6) & not_ab);
        if ((reach & knights) != 0)
            return 1;
    }
    int east = 7 - f, west = f, north = 7 - r, south = r;
    return ray(board, cell, 1, east, by, PDN_ROOK) || ray(board, cell, -1, west, by, PDN_ROOK) ||
           ray(board, cell, 8, north, by, PDN_ROOK) || ray(board, cell, -8, south, by, PDN_ROOK) ||
           ray(board, cell, 9, east < north ? east : north, by, PDN_BISHOP) ||
           ray(board, cell, 7, west < north ? west : north, by, PDN_BISHOP) ||
           ray(board, cell, -7, east < south ? east : south, by, PDN_BISHOP) ||
           ray(board, cell, -9, west < south ? west : south, by, PDN_BISHOP);
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

static int bit_count(uint64_t m)
{
    m = m - ((m >> 1) & UINT64_C(0x5555555555555555));
    m = (m & UINT64_C(0x3333333333333333)) + ((m >> 2) & UINT64_C(0x3333333333333333));
    m = (m + (m >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((m * UINT64_C(0x0101010101010101)) >> 56);
}

/* Kings and pawns of a placement read without error, from the board. */
static void find_cells(const pdn_piece *board, found_cells *found)
{
    uint64_t white = squares_of(board, PDN_CHESS_KING | PDN_WHITE);
    uint64_t black = squares_of(board, PDN_CHESS_KING | PDN_BLACK);
    uint64_t pawns =
        squares_of(board, PDN_PAWN | PDN_WHITE) | squares_of(board, PDN_PAWN | PDN_BLACK);
    found->count = bit_count(white | black | pawns);
    found->kings[0] = white != 0 ? (int)pdn_bits__ctz(white) : -1;
    found->kings[1] = black != 0 ? (int)pdn_bits__ctz(black) : -1;
    found->problem = (white & (white - 1)) != 0 || (black & (black - 1)) != 0 ||
                     (pawns & UINT64_C(0xFF000000000000FF)) != 0;
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
 * The most of a placement the loop below reads: per rank at most eight
 * squares' worth of letters and digits, one letter too many, and the '/'.
 * (The copy in placement() is written out for these 80 bytes.)
 */
#define PLACEMENT_MAX (8 * 10)

/*
 * The placement as nearly every FEN writes it, the short way: each byte a
 * letter (stored) or a digit (skipped over), with nothing checked per
 * letter; a rank's letters may run past its end, into the ranks above it
 * already read or the cells after the 64 (at most 80 bytes of them, see
 * PLACEMENT_MAX), and the rank's end then says so.  Returns 1 with *io
 * at the space after the placement, or 0 for anything else (an overlong
 * rank, two digits in a row, a missing or extra rank, another byte), and
 * the caller clears what was written and reads the text the long way.
 */
#define QUICK_DIRT (64 + PLACEMENT_MAX) /* cells a failed quick read may have written */

static int quick_ranks(pdn_piece *board, const unsigned char **io)
{
    const unsigned char *p = *io;
    pdn_piece *cell = board + 56, *stop = board + 64;
    unsigned c;
    for (;;) {
        /* Letters two at a time: a rank of pieces is mostly runs of them. */
        unsigned piece, next;
        while ((piece = placed_of[p[0]]) != 0) {
            cell[0] = (pdn_piece)piece;
            if ((next = placed_of[p[1]]) == 0) {
                cell++;
                p++;
                break;
            }
            cell[1] = (pdn_piece)next;
            cell += 2;
            p += 2;
        }
        c = *p;
        if (c - '1' < 8) {
            cell += c - '0';
            if (cell > stop || (unsigned)p[1] - '0' < 10)
                return 0;
            p++;
            continue;
        }
        if (cell != stop || c != '/' || stop == board + 8)
            break;
        stop -= 8;
        cell = stop - 8;
        p++;
    }
    if (cell != stop || c != ' ' || stop != board + 8)
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
    if (end - j >= 2 && s[j] == ' ' && s[j + 1] != ' ' && s[j + 1] != '\t') {
        *i = j + 1; /* the form: one space */
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
static size_t quick_castling(pdn_position *pos, const found_cells *found, const char *s, size_t i,
                             size_t end)
{
    static const char letters[4] = {'K', 'Q', 'k', 'q'};
    if (found->problem)
        return 0;
    int8_t rights[4] = {-1, -1, -1, -1};
    const pdn_piece *board = pos->board;
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
    int idle = pos->turn == 'W' ? found->kings[1] : found->kings[0];
    if (attacked(pos, idle, pos->turn == 'W' ? PDN_WHITE : PDN_BLACK))
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
