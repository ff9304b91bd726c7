/* SPDX-License-Identifier: MIT */
/*
 * fen.c - the draughts FEN of the standard's chapter 10 read onto a board;
 * chess FENs are handed to fen_chess.c.  Reading is liberal (the forms real
 * files contain, each reported as PDN_D_FEN_FORM); the canonical form goes
 * a short way first.  Writing is in fen_write.c.  Speed: bench/FEN.md.
 */
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
 * The sections of a canonical FEN whose squares are numbers, from the
 * first ':' of the NUL-padded copy.  The geometry's fields are read into
 * locals first: every piece placed is a store that may alias them.
 */
static int read_numeric(pdn_piece *board, const pdn_geometry *g, const unsigned char *p,
                        const unsigned char *end)
{
    const int16_t *cell_of = g->cell_of;
    unsigned squares = (unsigned)g->square_count;
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
            /* One or two digits, the byte after them kept in c: most often the comma. */
            unsigned lo = c - '0';
            if (lo - 1 >= 9)
                return 0;
            c = *++p;
            if (c - '0' < 10) {
                lo = lo * 10 + (c - '0');
                c = *++p;
                if (c - '0' < 10) {
                    lo = lo * 10 + (c - '0');
                    c = *++p;
                    if (c - '0' < 10)
                        return 0;
                }
            }
            if (c != '-') {
                if (lo > squares)
                    return 0;
                pdn_piece *cell = &board[cell_of[lo]];
                if (*cell != 0)
                    return 0;
                *cell = (pdn_piece)piece;
            } else {
                unsigned hi = (unsigned)p[1] - '0';
                if (hi - 1 >= 9 || (p = more_digits(p + 2, &hi)) == NULL || hi < lo || hi > squares)
                    return 0;
                /* Taken squares are looked for once, after the whole range. */
                unsigned seen = 0, v = lo;
                for (; v + 1 <= hi; v += 2) {
                    pdn_piece *a = &board[cell_of[v]], *b = &board[cell_of[v + 1]];
                    seen |= (unsigned)*a | *b;
                    *a = (pdn_piece)piece;
                    *b = (pdn_piece)piece;
                }
                if (v == hi) {
                    seen |= board[cell_of[v]];
                    board[cell_of[v]] = (pdn_piece)piece;
                }
                if (seen != 0)
                    return 0;
                c = *p;
            }
            if (c != ',')
                break;
            p++;
        }
    } while (*p == ':');
    return canonical_end(p, end);
}

/* The same for algebraic names: lowercase files, ranks without a leading zero. */
static int read_algebraic(pdn_piece *board, const pdn_geometry *g, const unsigned char *p,
                          const unsigned char *end)
{
    const int16_t *number_of = g->number_of;
    unsigned width = (unsigned)g->width, height = (unsigned)g->height;
    int all_playing = g->all_playing;
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
            if (file >= width || rank - 1 >= 9)
                return 0;
            p += 2;
            if ((d = (unsigned)p[0] - '0') < 10) {
                rank = rank * 10 + d;
                p++;
            }
            if (rank > height)
                return 0;
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

/*
 * Numbers or names, by the first square of the text (a lowercase letter
 * before any digit: names); a text that mixes them is left to the general
 * reader either way, as one without squares may go either way.
 */
static int read_canonical(pdn_position *pos, const pdn_geometry *g, const char *text, size_t len)
{
    unsigned char copy[CANON_MAX + CANON_PAD];
    if (len < 2 || len > CANON_MAX)
        return 0;
    memcpy(copy, text, len);
    memset(copy + len, 0, CANON_PAD);
    unsigned char turn = copy[0];
    if ((turn != 'W' && turn != 'B' && turn != '?') || copy[1] != ':')
        return 0;
    const unsigned char *q = copy + 2;
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
