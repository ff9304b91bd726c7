/* SPDX-License-Identifier: MIT */
/*
 * fen.c - the draughts FEN of the standard's chapter 10 read onto a board
 * and written back canonically; chess FENs are handed to fen_chess.c.
 * Reading is liberal (the forms real files contain, each reported as
 * PDN_D_FEN_FORM); writing produces exactly one text per position.
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

/* ---------------------------------------------------------------------- */
/* Writing                                                                */
/* ---------------------------------------------------------------------- */

/*
 * The longest FEN: every cell of a 26x26 board a king, each "K" plus three
 * characters and a comma, plus turn and colour marks.  Writing into a
 * buffer of that size needs no bounds checks per character.
 */
#define FEN_MAX (PDN_CELL_MAX * 5 + 16)

/* Square numbers stop at 676 (26x26): one or two digits, or a third. */
static char *put_number(char *p, unsigned v)
{
    if (v >= 100) {
        *p++ = (char)('0' + v / 100);
        v %= 100;
        *p++ = (char)('0' + v / 10);
    } else if (v >= 10) {
        *p++ = (char)('0' + v / 10);
    }
    *p++ = (char)('0' + v % 10);
    return p;
}

/* One list: squares ascending, with "K" for kings and ranges for runs of
 * three or more consecutive numbers. */
static char *numeric_list(char *p, const uint16_t *sq, int n, int king, int *first)
{
    for (int i = 0; i < n;) {
        int j = i;
        while (j + 1 < n && sq[j + 1] == sq[j] + 1)
            j++;
        if (j - i < 2)
            j = i;
        if (!*first)
            *p++ = ',';
        *first = 0;
        if (king)
            *p++ = 'K';
        p = put_number(p, sq[i]);
        if (j > i) {
            *p++ = '-';
            p = put_number(p, sq[j]);
        }
        i = j + 1;
    }
    return p;
}

/* Piece codes in the order they are written: colour by colour, men first. */
static const pdn_piece order[6] = {PDN_MAN | PDN_WHITE,     PDN_KING | PDN_WHITE,
                                   PDN_MAN | PDN_BLACK,     PDN_KING | PDN_BLACK,
                                   PDN_MAN | PDN_ANY_COLOR, PDN_KING | PDN_ANY_COLOR};

/* The list each piece code goes to (-1: none), by pdn_piece value. */
static const signed char slot_of[64] = {
    [PDN_MAN | PDN_WHITE] = 1,  [PDN_KING | PDN_WHITE] = 2,    [PDN_MAN | PDN_BLACK] = 3,
    [PDN_KING | PDN_BLACK] = 4, [PDN_MAN | PDN_ANY_COLOR] = 5, [PDN_KING | PDN_ANY_COLOR] = 6,
};

/*
 * One pass over the squares in writing order (numbers ascending, or files
 * then ranks) sorts them into six lists; the lists are then written side by
 * side.  Algebraic lists hold cells, numeric ones numbers.
 */
static size_t draughts_write(const pdn_position *pos, char notation, char *out)
{
    const pdn_geometry *g = pos->geometry;
    uint16_t lists[6][PDN_CELL_MAX];
    int counts[6] = {0, 0, 0, 0, 0, 0};
    if (notation == 'N') {
        for (int n = 1; n <= g->square_count; n++) {
            int k = slot_of[pos->board[g->cell_of[n]] & 63] - 1;
            if (k >= 0)
                lists[k][counts[k]++] = (uint16_t)n;
        }
    } else {
        int w = g->width, h = g->height;
        int file_step = g->alpha_flip_file ? -1 : 1, rank_step = g->alpha_flip_rank ? -w : w;
        int cell0 = (g->alpha_flip_rank ? (h - 1) * w : 0) + (g->alpha_flip_file ? w - 1 : 0);
        for (int f = 0; f < w; f++) {
            int cell = cell0 + f * file_step;
            for (int r = 0; r < h; r++, cell += rank_step) {
                int k = slot_of[pos->board[cell] & 63] - 1;
                if (k >= 0)
                    lists[k][counts[k]++] = (uint16_t)(f << 8 | (r + 1));
            }
        }
    }
    char *p = out;
    *p++ = pos->turn == 'B' || pos->turn == '?' ? pos->turn : 'W';
    for (int side = 0; side < 3; side++) {
        if (side == 2 && counts[4] + counts[5] == 0)
            break;
        *p++ = ':';
        *p++ = "WB?"[side];
        int first = 1;
        for (int k = side * 2; k < side * 2 + 2; k++) {
            int king = (order[k] & PDN_KING) != 0;
            if (notation == 'N') {
                p = numeric_list(p, lists[k], counts[k], king, &first);
                continue;
            }
            for (int i = 0; i < counts[k]; i++) {
                if (!first)
                    *p++ = ',';
                first = 0;
                if (king)
                    *p++ = 'K';
                *p++ = (char)('a' + (lists[k][i] >> 8));
                p = put_number(p, lists[k][i] & 0xff);
            }
        }
    }
    return (size_t)(p - out);
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
    char text[FEN_MAX];
    size_t len = draughts_write(pos, notation, text);
    if (cap > 0) {
        size_t n = len < cap ? len : cap - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}
