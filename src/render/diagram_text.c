/* SPDX-License-Identifier: MIT */
/*
 * diagram_text.c - a position as a text diagram, in ASCII or with Unicode
 * pieces.  One character per square with a space before it: dark (playing)
 * squares show '.' or the piece, light squares a blank.  Coordinates go on
 * the left and bottom edges; square numbers go on a second board, the key,
 * to the right, so that numbers never hide pieces.
 */
#include "render/render.h"

/* ASCII pieces by kind (PDN_PIECE_KIND >> 2) and colour (white, black,
 * unknown).  An unknown-colour king needs a sign of its own: '!'. */
static const char ascii_pieces[9][3][2] = {
    {"?", "?", "?"}, {"w", "b", "?"}, {"W", "B", "!"}, {"P", "p", "?"}, {"N", "n", "?"},
    {"B", "b", "?"}, {"R", "r", "?"}, {"Q", "q", "?"}, {"K", "k", "?"},
};

/* UTF-8 of the draughts signs U+26C0..26C3 and the chess signs U+2654..265F. */
static const char *const unicode_pieces[9][3] = {
    {"?", "?", "?"},
    {"\xE2\x9B\x80", "\xE2\x9B\x82", "?"},
    {"\xE2\x9B\x81", "\xE2\x9B\x83", "!"},
    {"\xE2\x99\x99", "\xE2\x99\x9F", "?"},
    {"\xE2\x99\x98", "\xE2\x99\x9E", "?"},
    {"\xE2\x99\x97", "\xE2\x99\x9D", "?"},
    {"\xE2\x99\x96", "\xE2\x99\x9C", "?"},
    {"\xE2\x99\x95", "\xE2\x99\x9B", "?"},
    {"\xE2\x99\x94", "\xE2\x99\x9A", "?"},
};

/* Box drawing: top-left, top-right, bottom-left, bottom-right, across, down. */
static const char *const ascii_box[6] = {"+", "+", "+", "+", "-", "|"};
static const char *const unicode_box[6] = {"\xE2\x94\x8C", "\xE2\x94\x90", "\xE2\x94\x94",
                                           "\xE2\x94\x98", "\xE2\x94\x80", "\xE2\x94\x82"};

static int digits(int n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

static void spaces(pdn_out *o, int n)
{
    while (n-- > 0)
        pdn_out__write(o, " ", 1);
}

static const char *glyph(const pdn_render *r, int cell, int unicode)
{
    pdn_piece p = r->pos->board[cell];
    if (p == 0) {
        if (pdn_render__shade(r->g, cell) == PDN_SHADE_LIGHT)
            return " ";
        return unicode ? "\xC2\xB7" : "."; /* middle dot */
    }
    unsigned kind = PDN_PIECE_KIND(p) >> 2, color = PDN_PIECE_COLOR(p);
    unsigned c = color == PDN_WHITE ? 0 : color == PDN_BLACK ? 1 : 2;
    if (kind > 8 || color == 0)
        kind = 0;
    return unicode ? unicode_pieces[kind][c] : ascii_pieces[kind][c];
}

/* A horizontal edge of `cells` squares `width` characters each. */
static void edge(pdn_out *o, const char *const *box, int top, int cells, int width)
{
    pdn_render__puts(o, box[top ? 0 : 2]);
    for (int k = 0; k < cells * width + 1; k++)
        pdn_render__puts(o, box[4]);
    pdn_render__puts(o, box[top ? 1 : 3]);
}

/*
 * Where the parts of a text diagram go.  Both the drawing and
 * pdn_render__text_place() take the places of the signs from here, so that
 * a program highlighting a square (pdn_diagram_locate) finds the sign the
 * drawing wrote.  Every character written is one column wide.
 */
typedef struct layout {
    int coords, numbers;
    int margin; /* columns of rank numbers before the frame: "10 |" */
    int nd;     /* digits of the largest square number (the key) */
} layout;

static layout layout_of(const pdn_render *r)
{
    layout l;
    l.coords = (r->labels & PDN_LABEL_COORDS) != 0;
    l.numbers = (r->labels & PDN_LABEL_NUMBERS) != 0;
    l.margin = l.coords ? digits(r->g->height) + 1 : 0;
    l.nd = digits(r->g->square_count);
    return l;
}

/* The line of display row `row`: the frame's top edge comes first. */
static int row_line(int row)
{
    return 1 + row;
}

/* The column of the sign of display column `col`: after the margin, the
 * frame, and a space before each square. */
static int sign_column(const layout *l, int col)
{
    return l->margin + 2 + 2 * col;
}

void pdn_render__text_place(const pdn_render *r, int cell, int *line, int *column, int *width)
{
    layout l = layout_of(r);
    int row, col;
    pdn_render__place(r, cell, &row, &col);
    *line = row_line(row);
    *column = sign_column(&l, col);
    *width = 1; /* every sign of the tables above is one character */
}

/* A board row: margin, frame, the signs where sign_column() puts them. */
static void board_row(const pdn_render *r, const layout *l, const char *const *box, int row,
                      int unicode)
{
    pdn_out *o = r->out;
    if (l->coords)
        pdn_render__printf(o, "%*d ", l->margin - 1, pdn_render__rank_label(r, row));
    else
        spaces(o, l->margin);
    pdn_render__puts(o, box[5]);
    int at = l->margin + 1;
    for (int col = 0; col < r->g->width; col++) {
        int x = sign_column(l, col);
        spaces(o, x - at);
        pdn_render__puts(o, glyph(r, pdn_render__cell_at(r, row, col), unicode));
        at = x + 1;
    }
    pdn_out__write(o, " ", 1);
    pdn_render__puts(o, box[5]);
}

/* The numbers key of a board row. */
static void key_row(const pdn_render *r, const layout *l, const char *const *box, int row)
{
    pdn_out *o = r->out;
    pdn_render__puts(o, box[5]);
    for (int col = 0; col < r->g->width; col++) {
        int n = r->g->number_of[pdn_render__cell_at(r, row, col)];
        if (n)
            pdn_render__printf(o, " %*d", l->nd, n);
        else
            spaces(o, l->nd + 1);
    }
    pdn_out__write(o, " ", 1);
    pdn_render__puts(o, box[5]);
}

void pdn_render__text(const pdn_render *r, int unicode)
{
    pdn_out *o = r->out;
    const char *const *box = unicode ? unicode_box : ascii_box;
    int w = r->g->width, h = r->g->height;
    layout l = layout_of(r);

    /* The top edge, the rows at the lines row_line() gives, the bottom edge. */
    for (int line = 0; line <= row_line(h); line++) {
        int row = line - row_line(0);
        if (row >= 0 && row < h) {
            board_row(r, &l, box, row, unicode);
        } else {
            spaces(o, l.margin);
            edge(o, box, row < 0, w, 2);
        }
        if (l.numbers) {
            spaces(o, 3);
            if (row >= 0 && row < h)
                key_row(r, &l, box, row);
            else
                edge(o, box, row < 0, w, l.nd + 1);
        }
        pdn_out__write(o, "\n", 1);
    }
    if (l.coords) {
        /* Each letter under its column's signs. */
        int at = 0;
        for (int col = 0; col < w; col++) {
            int x = sign_column(&l, col);
            spaces(o, x - at);
            char c = pdn_render__file_label(r, col);
            pdn_out__write(o, &c, 1);
            at = x + 1;
        }
        pdn_out__write(o, "\n", 1);
    }
}
