/* SPDX-License-Identifier: MIT */
/*
 * fen.c - the draughts FEN of the standard's chapter 10 read onto a board;
 * chess FENs are handed to fen_chess.c.  Reading is liberal (the forms real
 * files contain, each reported as PDN_D_FEN_FORM); the canonical form goes
 * a short way first.  Writing is in fen_write.c.  Speed: bench/FEN.md.
 */
#include "base/base.h"
#include "base/bits.h"
#include "board/board.h"

#include <string.h>

/*
 * The reader keeps its cursor in locals: the board is written through
 * unsigned char stores, which may alias anything, so a cursor held in a
 * struct behind a pointer would be reloaded after every piece placed.
 */
typedef struct fen_state {
    size_t form_at; /* first non-canonical form seen, or SIZE_MAX */
    int kinds;      /* 1 numeric squares seen, 2 algebraic */
} fen_state;

static pdn_diag_code fail(size_t *err_at, size_t at, pdn_diag_code code)
{
    if (err_at != NULL)
        *err_at = at;
    return code;
}

static void note_form(fen_state *st, size_t at)
{
    if (st->form_at == SIZE_MAX)
        st->form_at = at;
}

static int is_digit(char c)
{
    return (unsigned char)(c - '0') < 10;
}

/* Spaces are not part of the grammar; real files put them after ',' and ':'. */
static size_t skip_spaces_slow(const char *s, size_t i, size_t end, fen_state *st)
{
    note_form(st, i);
    while (i < end && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i;
}

static inline size_t skip_spaces(const char *s, size_t i, size_t end, fen_state *st)
{
    if (i < end && (s[i] == ' ' || s[i] == '\t'))
        return skip_spaces_slow(s, i, end, st);
    return i;
}

/* NUMSQUARE: digits, leading zeros allowed; 0 when too long to be a square. */
static size_t number(const char *s, size_t i, size_t end, unsigned *out)
{
    unsigned v = 0;
    while (i < end && is_digit(s[i])) {
        if (v < 10000)
            v = v * 10 + (unsigned)(s[i] - '0');
        i++;
    }
    *out = v > 9999 ? 0 : v;
    return i;
}

static inline pdn_diag_code place(pdn_piece *board, const pdn_geometry *g, pdn_square sq,
                                  pdn_piece p)
{
    int cell = pdn_board__cell(g, sq);
    if (cell < 0)
        return PDN_D_FEN_SQUARE;
    if (board[cell] != 0)
        return PDN_D_FEN_TWICE;
    board[cell] = p;
    return PDN_D_NONE;
}

/*
 * Entry : "K"? NUMSQUARE ("-" NUMSQUARE)?  |  "K"? LETTER RANK
 * An algebraic file letter may be uppercase ("A3"), which is a form issue.
 * Returns the index after the entry, or SIZE_MAX with *code and *err_at.
 */
static inline size_t entry(const char *s, size_t i, size_t end, pdn_piece *board,
                           const pdn_geometry *g, unsigned color, fen_state *st,
                           pdn_diag_code *code, size_t *err_at)
{
    unsigned kind = PDN_MAN;
    if (i < end && s[i] == 'K') {
        kind = PDN_KING;
        i++;
    }
    pdn_piece piece = (pdn_piece)(kind | color);
    size_t at = i;
    if (i < end && is_digit(s[i])) {
        unsigned lo, hi;
        i = number(s, i, end, &lo);
        hi = lo;
        st->kinds |= 1;
        if (lo == 0) {
            *code = fail(err_at, at, PDN_D_FEN_SQUARE);
            return SIZE_MAX;
        }
        if (i < end && s[i] == '-') {
            size_t hi_at = ++i;
            if (i == end || !is_digit(s[i])) {
                *code = fail(err_at, i, PDN_D_BAD_FEN);
                return SIZE_MAX;
            }
            i = number(s, i, end, &hi);
            if (hi == 0 || hi < lo) {
                *code =
                    fail(err_at, hi == 0 ? hi_at : at, hi == 0 ? PDN_D_FEN_SQUARE : PDN_D_BAD_FEN);
                return SIZE_MAX;
            }
        }
        if (g->chess || hi > (unsigned)g->square_count) {
            *code = fail(err_at, at, PDN_D_FEN_SQUARE);
            return SIZE_MAX;
        }
        for (unsigned v = lo; v <= hi; v++) {
            pdn_piece *cell = &board[g->cell_of[v]];
            if (*cell != 0) {
                /* A square given twice inside a range: point at the range. */
                *code = fail(err_at, at, PDN_D_FEN_TWICE);
                return SIZE_MAX;
            }
            *cell = piece;
        }
        return i;
    }
    char f = i < end ? s[i] : '\0';
    if ((f >= 'a' && f <= 'z') || (f >= 'A' && f <= 'Z')) {
        if (f <= 'Z') {
            note_form(st, i);
            f = (char)(f - 'A' + 'a');
        }
        i++;
        if (i == end || !is_digit(s[i]) || s[i] == '0') {
            *code = fail(err_at, i, PDN_D_BAD_FEN);
            return SIZE_MAX;
        }
        unsigned rank;
        i = number(s, i, end, &rank);
        st->kinds |= 2;
        pdn_diag_code c = rank > PDN_BOARD_MAX
                              ? PDN_D_FEN_SQUARE
                              : place(board, g, PDN_SQUARE_MAKE_ALPHA(f - 'a', rank), piece);
        if (c != PDN_D_NONE) {
            *code = fail(err_at, at, c);
            return SIZE_MAX;
        }
        return i;
    }
    *code = fail(err_at, i, PDN_D_BAD_FEN);
    return SIZE_MAX;
}

/*
 * A numeric entry of one or two digits without a range, on an empty square
 * of the board: placed, and the index after it returned.  0 for anything
 * else, which entry() then reads (and reports) in full.
 */
static inline size_t quick_entry(const char *s, size_t i, size_t end, pdn_piece *board,
                                 const pdn_geometry *g, unsigned color)
{
    unsigned kind = PDN_MAN, v;
    if (i < end && s[i] == 'K') {
        kind = PDN_KING;
        i++;
    }
    if (i >= end || (v = (unsigned)(unsigned char)s[i] - '0') > 9 || v == 0)
        return 0;
    i++;
    unsigned d;
    if (i < end && (d = (unsigned)(unsigned char)s[i] - '0') <= 9) {
        v = v * 10 + d;
        i++;
        if (i < end && (unsigned)(unsigned char)s[i] - '0' <= 9)
            return 0;
    }
    if ((i < end && s[i] == '-') || v > (unsigned)g->square_count || g->chess)
        return 0;
    pdn_piece *cell = &board[g->cell_of[v]];
    if (*cell != 0)
        return 0;
    *cell = (pdn_piece)(kind | color);
    return i;
}

/*
 * Fen     : TURN (":" Section)+ "."?
 * Section : COLOUR (Entry ("," Entry)*)?  |  ""    (an empty side: "B::")
 * COLOUR  : [WB?]; a colour may come twice (squares must still differ).
 */
static pdn_diag_code draughts_read(pdn_position *pos, const pdn_geometry *g, const char *s,
                                   size_t i, size_t end, fen_state *st, size_t *err_at)
{
    pdn_piece *board = pos->board;
    char t = i < end ? s[i] : '\0';
    if (t == 'w' || t == 'b') {
        note_form(st, i);
        t = (char)(t - 'a' + 'A');
    }
    if (t != 'W' && t != 'B' && t != '?')
        return fail(err_at, i, PDN_D_BAD_FEN);
    pos->turn = t;
    i = skip_spaces(s, i + 1, end, st);
    int sections = 0;
    while (i < end && s[i] == ':') {
        sections++;
        i = skip_spaces(s, i + 1, end, st);
        if (i == end || s[i] == ':' || s[i] == '.')
            continue;
        unsigned color;
        switch (s[i]) {
        case 'W':
            color = PDN_WHITE;
            break;
        case 'B':
            color = PDN_BLACK;
            break;
        case '?':
            color = PDN_ANY_COLOR;
            break;
        default:
            return fail(err_at, i, PDN_D_BAD_FEN);
        }
        i = skip_spaces(s, i + 1, end, st);
        if (i == end || s[i] == ':' || s[i] == '.')
            continue;
        for (;;) {
            /* The common entry, "12" or "K7", without the general path. */
            size_t j = quick_entry(s, i, end, board, g, color);
            if (j != 0) {
                st->kinds |= 1;
                i = j;
            } else {
                pdn_diag_code c = PDN_D_NONE;
                i = entry(s, i, end, board, g, color, st, &c, err_at);
                if (i == SIZE_MAX)
                    return c;
            }
            i = skip_spaces(s, i, end, st);
            if (i == end || s[i] != ',')
                break;
            i = skip_spaces(s, i + 1, end, st);
        }
    }
    if (sections == 0)
        return fail(err_at, i, PDN_D_BAD_FEN);
    if (i < end && s[i] == '.') {
        note_form(st, i);
        i++;
    }
    if (i != end)
        return fail(err_at, i, PDN_D_BAD_FEN);
    if (st->kinds == 3)
        note_form(st, 0); /* numeric and algebraic squares mixed */
    return PDN_D_NONE;
}

/*
 * The canonical FEN, as pdn_fen_write() and most files write it, read in
 * one pass over a NUL-padded copy of the text, with no bounds checks:
 *   Fen   : TURN (":" COLOUR (Entry ("," Entry)*)?)+
 *   Entry : "K"? (NUMBER ("-" NUMBER)? | LETTER RANK)
 * numbers of one to three digits without a leading zero, lowercase files,
 * squares the board has and nobody holds yet, numbers and names not mixed;
 * a trailing dot is taken too.  Returns 1, or 2 for the texts with a dot
 * (PDN_D_FEN_FORM at the dot), or 0 for anything else, and draughts_read()
 * then reads the text from the start and reports what it finds; on the
 * texts taken here both give the same position and report.
 */
#define CANON_MAX 1024 /* longer texts (big boards, padding) take the general way */
#define CANON_PAD 16   /* NULs after the copy; no read goes past the second one */

/* The men of a section's colour mark, or 0 when the byte is not one. */
static inline unsigned section_men(unsigned char c)
{
    return c == 'W'   ? PDN_MAN | PDN_WHITE
           : c == 'B' ? PDN_MAN | PDN_BLACK
           : c == '?' ? PDN_MAN | PDN_ANY_COLOR
                      : 0;
}

/* After the last section: 1 at the end, 2 at a final dot, 0 for anything else. */
static inline int canonical_end(const unsigned char *p, const unsigned char *end)
{
    return p == end ? 1 : *p == '.' && p + 1 == end ? 2 : 0;
}

/* Up to two more digits after the first of a number (`v`); 0 when a fourth follows. */
static inline const unsigned char *more_digits(const unsigned char *p, unsigned *v)
{
    unsigned d;
    if ((d = (unsigned)p[0] - '0') < 10) {
        *v = *v * 10 + d;
        p++;
        if ((d = (unsigned)p[0] - '0') < 10) {
            *v = *v * 10 + d;
            p++;
            if ((unsigned)p[0] - '0' < 10)
                return NULL;
        }
    }
    return p;
}

/*
 * How many of board[0..cells) hold a piece: 16 cells a compare where SSE2
 * is, the last 16 overlapping the ones before and masked; `cells` is at
 * least 16 (the smallest board is 4x4).
 */
static unsigned occupied(const pdn_piece *board, unsigned cells)
{
#if PDN_BITS_SSE2
    /* Bytes r..r+16: the last r of a 16-byte window kept. */
    static const unsigned char keep_last[32] = {0,    0,    0,    0,    0,    0,    0,    0,
                                                0,    0,    0,    0,    0,    0,    0,    0,
                                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    const __m128i zero = _mm_setzero_si128();
    __m128i empty = zero; /* per byte lane, the empty cells seen there */
    unsigned i = 0;
    for (; i + 16 <= cells; i += 16)
        empty = _mm_sub_epi8(
            empty,
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(board + i)), zero));
    if (i < cells) {
        __m128i last = _mm_loadu_si128((const __m128i *)(const void *)(board + cells - 16));
        __m128i keep = _mm_loadu_si128((const __m128i *)(const void *)(keep_last + (cells - i)));
        empty = _mm_sub_epi8(empty, _mm_and_si128(_mm_cmpeq_epi8(last, zero), keep));
    }
    __m128i sums = _mm_sad_epu8(empty, zero);
    return cells - (unsigned)_mm_cvtsi128_si32(sums) - (unsigned)_mm_extract_epi16(sums, 4);
#else
    const uint64_t low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
    unsigned n = 0, i = 0;
    for (; i + 8 <= cells; i += 8) {
        uint64_t w = pdn_bits__load(board + i), full = (((w & low7) + low7) | w) & ~low7;
        n += (unsigned)(((full >> 7) * UINT64_C(0x0101010101010101)) >> 56);
    }
    for (; i < cells; i++)
        n += board[i] != 0;
    return n;
#endif
}

/* A piece on an empty cell: 1, or 0 when the cell is taken. */
static inline int place_single(pdn_piece *board, int cell, unsigned piece)
{
    if (board[cell] != 0)
        return 0;
    board[cell] = (pdn_piece)piece;
    return 1;
}

/*
 * The sections of a canonical FEN whose squares are numbers, from the
 * first ':' of the NUL-padded copy.  The geometry's fields are read into
 * locals first: every piece placed is a store that may alias them.
 * `three`: whether numbers of three digits can name squares (boards of
 * 100 squares or more); on smaller boards a third digit ends the entry,
 * and what follows it is no ',', '-', ':' or end, so the text is not
 * taken.  A single square is checked for a piece before it is placed; a
 * range is filled without looking, and when the text had ranges the
 * pieces on the board are counted at the end: fewer than were placed
 * means a square was given twice.
 */
static PDN_FORCE_INLINE int read_numeric_in(pdn_piece *board, const pdn_geometry *g,
                                            const unsigned char *p, const unsigned char *end,
                                            int three)
{
    const int16_t *cell_of = g->cell_of;
    unsigned squares = (unsigned)g->square_count, singles = 0, filled = 0;
    do {
        unsigned man = section_men(p[1]);
        if (man == 0)
            return 0;
        p += 2;
        if (*p == ':' || *p == 0 || *p == '.')
            continue; /* a side without pieces */
        for (;;) {
            unsigned piece = man, c = *p;
            if (c == 'K') {
                piece = man + (PDN_KING - PDN_MAN);
                c = *++p;
            }
            /* One or two digits (three on big boards), the byte after them in c. */
            unsigned lo = c - '0';
            if (lo - 1 >= 9)
                return 0;
            c = *++p;
            if (c - '0' < 10) {
                lo = lo * 10 + (c - '0');
                c = *++p;
                if (three && c - '0' < 10) {
                    lo = lo * 10 + (c - '0');
                    c = *++p;
                    if (c - '0' < 10)
                        return 0;
                }
            }
            /* Most entries are a single square and a comma: that way first. */
            if (c == ',') {
                if (lo > squares || !place_single(board, cell_of[lo], piece))
                    return 0;
                singles++;
                p++;
                continue;
            }
            if (c != '-') {
                if (lo > squares || !place_single(board, cell_of[lo], piece))
                    return 0;
                singles++;
                break;
            }
            unsigned hi = (unsigned)p[1] - '0';
            if (hi - 1 >= 9 || (p = more_digits(p + 2, &hi)) == NULL || hi < lo || hi > squares)
                return 0;
            filled += hi - lo + 1;
            const int16_t *at = cell_of + lo, *last = cell_of + hi;
            for (; at + 3 <= last; at += 4) {
                board[at[0]] = (pdn_piece)piece;
                board[at[1]] = (pdn_piece)piece;
                board[at[2]] = (pdn_piece)piece;
                board[at[3]] = (pdn_piece)piece;
            }
            for (; at <= last; at++)
                board[*at] = (pdn_piece)piece;
            if (*p != ',')
                break;
            p++;
        }
    } while (*p == ':');
    int read = canonical_end(p, end);
    if (read != 0 && filled != 0 &&
        occupied(board, (unsigned)(g->width * g->height)) != singles + filled)
        return 0;
    return read;
}

static PDN_NOINLINE int read_numeric(pdn_piece *board, const pdn_geometry *g,
                                     const unsigned char *p, const unsigned char *end)
{
    return g->square_count < 100 ? read_numeric_in(board, g, p, end, 0)
                                 : read_numeric_in(board, g, p, end, 1);
}

/*
 * The same for algebraic names: lowercase files, ranks without a leading
 * zero.  `all_playing` is the geometry's, and `one_digit` says that the
 * board has at most nine ranks, constants in each copy of the loop, so
 * that none tests them per square.  With one digit a rank is one byte and
 * one compare; a second digit then stands where no ',', ':' or end may
 * follow the name, so the text is not taken.
 */
static PDN_FORCE_INLINE int read_algebraic_in(pdn_piece *board, const pdn_geometry *g,
                                              const unsigned char *p, const unsigned char *end,
                                              int all_playing, int one_digit)
{
    const int16_t *number_of = g->number_of;
    unsigned width = (unsigned)g->width, height = (unsigned)g->height;
    /* A name's cell: base + file * file_step + rank * rank_step. */
    int file_step = g->alpha_flip_file ? -1 : 1,
        rank_step = g->alpha_flip_rank ? -g->width : g->width;
    int base = (g->alpha_flip_rank ? g->height * g->width : -g->width) +
               (g->alpha_flip_file ? g->width - 1 : 0);
    do {
        unsigned man = section_men(p[1]);
        if (man == 0)
            return 0;
        p += 2;
        if (*p == ':' || *p == 0 || *p == '.')
            continue; /* a side without pieces */
        for (;;) {
            unsigned piece = man, d;
            if (*p == 'K') {
                piece = man + (PDN_KING - PDN_MAN);
                p++;
            }
            unsigned file = (unsigned)p[0] - 'a', rank = (unsigned)p[1] - '0';
            if (one_digit) {
                if (file >= width || rank - 1 >= height)
                    return 0;
                p += 2;
            } else {
                if (file >= width || rank - 1 >= 9)
                    return 0;
                p += 2;
                if ((d = (unsigned)p[0] - '0') < 10) {
                    rank = rank * 10 + d;
                    p++;
                }
                if (rank > height)
                    return 0;
            }
            int cell = base + (int)file * file_step + (int)rank * rank_step;
            if ((!all_playing && number_of[cell] == 0) || board[cell] != 0)
                return 0;
            board[cell] = (pdn_piece)piece;
            if (*p != ',')
                break;
            p++;
        }
    } while (*p == ':');
    return canonical_end(p, end);
}

static PDN_NOINLINE int read_algebraic(pdn_piece *board, const pdn_geometry *g,
                                       const unsigned char *p, const unsigned char *end)
{
    if (g->height <= 9)
        return g->all_playing ? read_algebraic_in(board, g, p, end, 1, 1)
                              : read_algebraic_in(board, g, p, end, 0, 1);
    return g->all_playing ? read_algebraic_in(board, g, p, end, 1, 0)
                          : read_algebraic_in(board, g, p, end, 0, 0);
}

/*
 * text[0..len) to `to`: a FEN of 8 to 15 bytes (an opening) in two
 * overlapping words, where a call to memcpy costs more than the copy;
 * others by memcpy, which moves long ones 32 bytes at a time (a loop of
 * 16-byte moves was slower, and GCC makes a plain copy loop a `rep movs`).
 */
static inline void copy_text(unsigned char *to, const unsigned char *from, size_t len)
{
    if (len >= 8 && len < 16) {
        uint64_t a, b;
        memcpy(&a, from, 8);
        memcpy(&b, from + len - 8, 8);
        memcpy(to, &a, 8);
        memcpy(to + len - 8, &b, 8);
    } else {
        memcpy(to, from, len);
    }
}

/*
 * Numbers or names, by the first square of the text (a lowercase letter
 * before any digit: names); a text that mixes them is left to the general
 * reader either way, as one without squares may go either way.
 */
static PDN_FORCE_INLINE int read_canonical(pdn_position *pos, const pdn_geometry *g,
                                           const char *text, size_t len)
{
    unsigned char copy[CANON_MAX + CANON_PAD];
    if (len < 2 || len > CANON_MAX)
        return 0;
    copy_text(copy, (const unsigned char *)text, len);
    memset(copy + len, 0, CANON_PAD);
    unsigned char turn = copy[0];
    if ((turn != 'W' && turn != 'B' && turn != '?') || copy[1] != ':')
        return 0;
    /* Most texts have a digit after the first colour mark: numbers. */
    const unsigned char *q = (unsigned)copy[3] - '0' < 10 ? copy + 3 : copy + 2;
    while (*q != 0 && (unsigned)*q - '0' >= 10 && (unsigned)*q - 'a' >= 26)
        q++;
    int read = (unsigned)*q - 'a' < 26 ? read_algebraic(pos->board, g, copy + 1, copy + len)
                                       : read_numeric(pos->board, g, copy + 1, copy + len);
    if (read != 0)
        pos->turn = (char)turn;
    return read;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Everything but the canonical draughts FEN: chess, the forms, the errors. */
static pdn_diag_code read_general(pdn_position *out, const pdn_geometry *g, const char *text,
                                  size_t len, size_t *err_at)
{
    fen_state st = {SIZE_MAX, 0};
    size_t begin = 0, end = len;
    if (begin < end && is_space(text[begin])) {
        note_form(&st, begin);
        while (begin < end && is_space(text[begin]))
            begin++;
    }
    if (end > begin && is_space(text[end - 1])) {
        while (end > begin && is_space(text[end - 1]))
            end--;
        note_form(&st, end);
    }
    size_t at = 0;
    pdn_diag_code c = g->chess ? pdn_board__chess_fen_read(out, text, begin, end, &at)
                               : draughts_read(out, g, text, begin, end, &st, &at);
    if (c != PDN_D_NONE && c != PDN_D_FEN_FORM) {
        pdn_position_clear(out, g);
        return fail(err_at, at, c);
    }
    if (st.form_at != SIZE_MAX && (c == PDN_D_NONE || st.form_at < at))
        return fail(err_at, st.form_at, PDN_D_FEN_FORM);
    return c == PDN_D_NONE ? c : fail(err_at, at, c);
}

pdn_diag_code pdn_fen_read(pdn_position *out, const pdn_geometry *g, const char *text, size_t len,
                           size_t *err_at)
{
    if (out == NULL || g == NULL || (text == NULL && len != 0))
        return fail(err_at, 0, PDN_D_BAD_FEN);
    pdn_position_clear(out, g);
    if (!g->chess) {
        int read = read_canonical(out, g, text, len);
        if (read != 0)
            return read == 1 ? PDN_D_NONE : fail(err_at, len - 1, PDN_D_FEN_FORM);
        pdn_position_clear(out, g);
    }
    return read_general(out, g, text, len, err_at);
}
