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

void pdn_render__text(const pdn_render *r, int unicode)
{
    pdn_out *o = r->out;
    const char *const *box = unicode ? unicode_box : ascii_box;
    int w = r->g->width, h = r->g->height;
    int coords = (r->labels & PDN_LABEL_COORDS) != 0,
        numbers = (r->labels & PDN_LABEL_NUMBERS) != 0;
    int margin = coords ? digits(h) + 1 : 0; /* "10 |" */
    int nd = digits(r->g->square_count);

    for (int line = -1; line <= h; line++) {
        int border = line < 0 || line == h;
        if (coords && !border)
            pdn_render__printf(o, "%*d ", margin - 1, pdn_render__rank_label(r, line));
        else
            spaces(o, margin);
        if (border) {
            edge(o, box, line < 0, w, 2);
        } else {
            pdn_render__puts(o, box[5]);
            for (int col = 0; col < w; col++) {
                pdn_out__write(o, " ", 1);
                pdn_render__puts(o, glyph(r, pdn_render__cell_at(r, line, col), unicode));
            }
            pdn_out__write(o, " ", 1);
            pdn_render__puts(o, box[5]);
        }
        if (numbers) {
            spaces(o, 3);
            if (border) {
                edge(o, box, line < 0, w, nd + 1);
            } else {
                pdn_render__puts(o, box[5]);
                for (int col = 0; col < w; col++) {
                    int n = r->g->number_of[pdn_render__cell_at(r, line, col)];
                    if (n)
                        pdn_render__printf(o, " %*d", nd, n);
                    else
                        spaces(o, nd + 1);
                }
                pdn_out__write(o, " ", 1);
                pdn_render__puts(o, box[5]);
            }
        }
        pdn_out__write(o, "\n", 1);
    }
    if (coords) {
        spaces(o, margin + 1);
        for (int col = 0; col < w; col++) {
            char s[2] = {' ', pdn_render__file_label(r, col)};
            pdn_out__write(o, s, 2);
        }
        pdn_out__write(o, "\n", 1);
    }
}
