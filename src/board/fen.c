/* SPDX-License-Identifier: MIT */
/*
 * fen.c - the draughts FEN of the standard's chapter 10 read onto a board
 * and written back canonically; chess FENs are handed to fen_chess.c.
 * Reading is liberal (the forms real files contain, each reported as
 * PDN_D_FEN_FORM); writing produces exactly one text per position.
 */
#include "board/board.h"

#include <string.h>

typedef struct fen_in {
    const char *s;
    size_t i, end;
    size_t form_at; /* first non-canonical form seen, or SIZE_MAX */
    int kinds;      /* 1 numeric squares seen, 2 algebraic */
} fen_in;

static pdn_diag_code fail(size_t *err_at, size_t at, pdn_diag_code code)
{
    if (err_at != NULL)
        *err_at = at;
    return code;
}

static void note_form(fen_in *in, size_t at)
{
    if (in->form_at == SIZE_MAX)
        in->form_at = at;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Spaces are not part of the grammar; real files put them after ',' and ':'. */
static void skip_spaces(fen_in *in)
{
    while (in->i < in->end && (in->s[in->i] == ' ' || in->s[in->i] == '\t')) {
        note_form(in, in->i);
        in->i++;
    }
}

/* NUMSQUARE: digits, leading zeros allowed; 0 when too long to be a square. */
static unsigned number(fen_in *in)
{
    unsigned v = 0;
    while (in->i < in->end && is_digit(in->s[in->i])) {
        if (v < 10000)
            v = v * 10 + (unsigned)(in->s[in->i] - '0');
        in->i++;
    }
    return v > 9999 ? 0 : v;
}

static pdn_diag_code place(pdn_position *pos, const pdn_geometry *g, pdn_square sq, pdn_piece p,
                           size_t at, size_t *err_at)
{
    int cell = pdn_geometry_cell(g, sq);
    if (cell < 0)
        return fail(err_at, at, PDN_D_FEN_SQUARE);
    if (pos->board[cell] != 0)
        return fail(err_at, at, PDN_D_FEN_TWICE);
    pos->board[cell] = p;
    return PDN_D_NONE;
}

/*
 * Entry : "K"? NUMSQUARE ("-" NUMSQUARE)?  |  "K"? LETTER RANK
 * An algebraic file letter may be uppercase ("A3"), which is a form issue.
 */
static pdn_diag_code entry(fen_in *in, pdn_position *pos, const pdn_geometry *g, unsigned color,
                           size_t *err_at)
{
    const char *s = in->s;
    unsigned kind = PDN_MAN;
    if (in->i < in->end && s[in->i] == 'K') {
        kind = PDN_KING;
        in->i++;
    }
    pdn_piece piece = (pdn_piece)(kind | color);
    size_t at = in->i;
    if (in->i < in->end && is_digit(s[in->i])) {
        unsigned lo = number(in), hi = lo;
        if (lo == 0)
            return fail(err_at, at, PDN_D_FEN_SQUARE);
        in->kinds |= 1;
        if (in->i < in->end && s[in->i] == '-') {
            size_t hi_at = ++in->i;
            if (in->i == in->end || !is_digit(s[in->i]))
                return fail(err_at, in->i, PDN_D_BAD_FEN);
            hi = number(in);
            if (hi == 0)
                return fail(err_at, hi_at, PDN_D_FEN_SQUARE);
            if (hi < lo)
                return fail(err_at, at, PDN_D_BAD_FEN);
        }
        for (unsigned v = lo; v <= hi; v++) {
            pdn_diag_code c = place(pos, g, (pdn_square)v, piece, v == lo ? at : in->i - 1, err_at);
            if (c != PDN_D_NONE) {
                /* A range with a bad square: point at the range. */
                if (err_at != NULL && hi != lo)
                    *err_at = at;
                return c;
            }
        }
        return PDN_D_NONE;
    }
    char f = in->i < in->end ? s[in->i] : '\0';
    if ((f >= 'a' && f <= 'z') || (f >= 'A' && f <= 'Z')) {
        if (f <= 'Z') {
            note_form(in, in->i);
            f = (char)(f - 'A' + 'a');
        }
        in->i++;
        if (in->i == in->end || !is_digit(s[in->i]) || s[in->i] == '0')
            return fail(err_at, in->i, PDN_D_BAD_FEN);
        unsigned rank = number(in);
        in->kinds |= 2;
        if (rank > PDN_BOARD_MAX)
            return fail(err_at, at, PDN_D_FEN_SQUARE);
        return place(pos, g, PDN_SQUARE_MAKE_ALPHA(f - 'a', rank), piece, at, err_at);
    }
    return fail(err_at, in->i, PDN_D_BAD_FEN);
}

/*
 * Fen     : TURN (":" Section)+ "."?
 * Section : COLOUR (Entry ("," Entry)*)?  |  ""    (an empty side: "B::")
 * COLOUR  : [WB?]; a colour may come twice (squares must still differ).
 */
static pdn_diag_code draughts_read(pdn_position *pos, const pdn_geometry *g, fen_in *in,
                                   size_t *err_at)
{
    const char *s = in->s;
    char t = in->i < in->end ? s[in->i] : '\0';
    if (t == 'w' || t == 'b') {
        note_form(in, in->i);
        t = (char)(t - 'a' + 'A');
    }
    if (t != 'W' && t != 'B' && t != '?')
        return fail(err_at, in->i, PDN_D_BAD_FEN);
    pos->turn = t;
    in->i++;
    skip_spaces(in);
    int sections = 0;
    while (in->i < in->end && s[in->i] == ':') {
        sections++;
        in->i++;
        skip_spaces(in);
        if (in->i == in->end || s[in->i] == ':' || s[in->i] == '.')
            continue;
        unsigned color;
        switch (s[in->i]) {
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
            return fail(err_at, in->i, PDN_D_BAD_FEN);
        }
        in->i++;
        skip_spaces(in);
        if (in->i == in->end || s[in->i] == ':' || s[in->i] == '.')
            continue;
        for (;;) {
            pdn_diag_code c = entry(in, pos, g, color, err_at);
            if (c != PDN_D_NONE)
                return c;
            skip_spaces(in);
            if (in->i == in->end || s[in->i] != ',')
                break;
            in->i++;
            skip_spaces(in);
        }
    }
    if (sections == 0)
        return fail(err_at, in->i, PDN_D_BAD_FEN);
    if (in->i < in->end && s[in->i] == '.') {
        note_form(in, in->i);
        in->i++;
    }
    if (in->i != in->end)
        return fail(err_at, in->i, PDN_D_BAD_FEN);
    if (in->kinds == 3)
        note_form(in, 0); /* numeric and algebraic squares mixed */
    return PDN_D_NONE;
}

pdn_diag_code pdn_fen_read(pdn_position *out, const pdn_geometry *g, const char *text, size_t len,
                           size_t *err_at)
{
    if (out == NULL || g == NULL || (text == NULL && len != 0))
        return fail(err_at, 0, PDN_D_BAD_FEN);
    pdn_position_clear(out, g);
    fen_in in = {text, 0, len, SIZE_MAX, 0};
    while (in.i < in.end &&
           (text[in.i] == ' ' || text[in.i] == '\t' || text[in.i] == '\n' || text[in.i] == '\r')) {
        note_form(&in, in.i);
        in.i++;
    }
    while (in.end > in.i && (text[in.end - 1] == ' ' || text[in.end - 1] == '\t' ||
                             text[in.end - 1] == '\n' || text[in.end - 1] == '\r')) {
        note_form(&in, in.end - 1);
        in.end--;
    }
    size_t at = 0;
    pdn_diag_code c = g->chess ? pdn_board__chess_fen_read(out, text, in.i, in.end, &at)
                               : draughts_read(out, g, &in, &at);
    if (c != PDN_D_NONE && c != PDN_D_FEN_FORM) {
        pdn_position_clear(out, g);
        return fail(err_at, at, c);
    }
    if (in.form_at != SIZE_MAX && (c == PDN_D_NONE || in.form_at < at))
        return fail(err_at, in.form_at, PDN_D_FEN_FORM);
    return c == PDN_D_NONE ? c : fail(err_at, at, c);
}

/* ---------------------------------------------------------------------- */
/* Writing                                                                */
/* ---------------------------------------------------------------------- */

typedef struct fen_out {
    char *buf;
    size_t cap, len;
} fen_out;

static void put(fen_out *o, char c)
{
    if (o->len + 1 < o->cap)
        o->buf[o->len] = c;
    o->len++;
}

static void put_square(fen_out *o, pdn_square sq)
{
    char tmp[8];
    size_t n = pdn_square_format(sq, tmp);
    for (size_t i = 0; i < n; i++)
        put(o, tmp[i]);
}

/* Numbers of one piece kind, ascending, with runs of three or more as ranges. */
static void numeric_list(fen_out *o, const pdn_position *pos, pdn_piece want, int *first)
{
    const pdn_geometry *g = pos->geometry;
    int n = 1;
    while (n <= g->square_count) {
        if (pos->board[g->cell_of[n]] != want) {
            n++;
            continue;
        }
        int run = n;
        while (run + 1 <= g->square_count && pos->board[g->cell_of[run + 1]] == want)
            run++;
        if (!*first)
            put(o, ',');
        *first = 0;
        if (want & PDN_KING)
            put(o, 'K');
        put_square(o, (pdn_square)n);
        if (run - n >= 2) {
            put(o, '-');
            put_square(o, (pdn_square)run);
        } else if (run > n) {
            put(o, ',');
            if (want & PDN_KING)
                put(o, 'K');
            put_square(o, (pdn_square)run);
        }
        n = run + 1;
    }
}

/* Algebraic names of one piece kind, by file then rank. */
static void alpha_list(fen_out *o, const pdn_position *pos, pdn_piece want, int *first)
{
    const pdn_geometry *g = pos->geometry;
    for (int f = 0; f < g->width; f++) {
        for (int r = 1; r <= g->height; r++) {
            int cell = pdn_board__alpha_cell(g, f, r);
            if (pos->board[cell] != want)
                continue;
            if (!*first)
                put(o, ',');
            *first = 0;
            if (want & PDN_KING)
                put(o, 'K');
            put_square(o, PDN_SQUARE_MAKE_ALPHA(f, r));
        }
    }
}

static int has_color(const pdn_position *pos, unsigned color)
{
    const pdn_geometry *g = pos->geometry;
    for (int cell = 0; cell < g->width * g->height; cell++)
        if (pos->board[cell] != 0 && PDN_PIECE_COLOR(pos->board[cell]) == color)
            return 1;
    return 0;
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
    fen_out o = {buf, cap, 0};
    put(&o, pos->turn == 'B' || pos->turn == '?' ? pos->turn : 'W');
    static const unsigned colors[3] = {PDN_WHITE, PDN_BLACK, PDN_ANY_COLOR};
    for (int k = 0; k < 3; k++) {
        if (colors[k] == PDN_ANY_COLOR && !has_color(pos, PDN_ANY_COLOR))
            break;
        put(&o, ':');
        put(&o, "WB?"[k]);
        int first = 1;
        for (unsigned kind = PDN_MAN; kind <= PDN_KING; kind += PDN_MAN) {
            pdn_piece want = (pdn_piece)(kind | colors[k]);
            if (notation == 'N')
                numeric_list(&o, pos, want, &first);
            else
                alpha_list(&o, pos, want, &first);
        }
    }
    if (cap > 0)
        buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}
