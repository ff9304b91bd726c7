/* SPDX-License-Identifier: MIT */
/*
 * diagram_svg.c - a position as a standalone SVG document in the style of
 * the standard's diagrams: wheat and brown squares, pieces, square numbers
 * in the corner of the playing squares, coordinates on the left and bottom
 * edges, [%csl] highlights under the pieces and [%cal] arrows on top.
 */
#include "render/svg.h"

/* Drawing units per square in the viewBox: 100 keeps every coordinate an
 * integer; width and height scale the drawing to square_size pixels. */
#define UNIT 100
/* The band for the coordinates: room for a two-digit rank number. */
#define MARGIN 50
#define LIGHT "#f5deb3"
#define DARK "#cd853f"
#define FONTS "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

/* Arrows: shaft width, and the length and half-width of the head. */
#define SHAFT 12
#define HEAD_LEN 38
#define HEAD_HALF 22

/* The colours of [%csl]/[%cal] by letter: the four that chess programs
 * write, and a few more; any other letter is drawn in grey. */
static const char *mark_color(char c)
{
    switch (c) {
    case 'R':
    case 'r':
        return "#e0201b";
    case 'G':
    case 'g':
        return "#15a035";
    case 'Y':
    case 'y':
        return "#f2c200";
    case 'B':
    case 'b':
        return "#1f5fe0";
    case 'O':
    case 'o':
        return "#f07e00";
    case 'C':
    case 'c':
        return "#10a8c0";
    case 'M':
    case 'm':
        return "#c0189b";
    default:
        return "#808080";
    }
}

/* `units * square_size / UNIT` pixels, with at most two decimals. */
static void put_pixels(pdn_out *o, unsigned long units, unsigned size)
{
    unsigned long v = units * size;
    pdn_render__printf(o, "%lu", v / UNIT);
    if (v % UNIT != 0) {
        unsigned frac = (unsigned)(v % UNIT);
        if (frac % 10 == 0)
            pdn_render__printf(o, ".%u", frac / 10);
        else
            pdn_render__printf(o, ".%02u", frac);
    }
}

/* Integer square root, so that arrows need no floating point library. */
static long isqrt(long n)
{
    long x = n, y = (x + 1) / 2;
    if (n < 2)
        return n;
    while (y < x) {
        x = y;
        y = (x + n / x) / 2;
    }
    return x;
}

typedef struct frame {
    int ox; /* left edge of the board (after the coordinate band) */
    int board_w, board_h;
} frame;

/* Top-left corner of the square of `cell`, in drawing units. */
static void corner(const pdn_render *r, const frame *f, int cell, int *x, int *y)
{
    int row, col;
    pdn_render__place(r, cell, &row, &col);
    *x = f->ox + col * UNIT;
    *y = row * UNIT;
}

static void squares(const pdn_render *r, const frame *f)
{
    pdn_out *o = r->out;
    int cells = r->g->width * r->g->height, plain = 0;
    pdn_render__printf(o,
                       "<rect class=\"board\" x=\"%d\" y=\"0\" width=\"%d\" height=\"%d\" "
                       "fill=\"" LIGHT "\"/>\n<g class=\"dark\" fill=\"" DARK "\">\n",
                       f->ox, f->board_w, f->board_h);
    for (int cell = 0; cell < cells; cell++) {
        int shade = pdn_render__shade(r->g, cell), x, y;
        plain |= shade == PDN_SHADE_PLAIN;
        if (shade != PDN_SHADE_DARK)
            continue;
        corner(r, f, cell, &x, &y);
        pdn_render__printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", x, y, UNIT,
                           UNIT);
    }
    pdn_render__puts(o, "</g>\n");
    if (plain) {
        /* Boards where every square plays (Turkish) are one colour with
         * lines between the squares. */
        pdn_render__puts(o, "<g class=\"grid\" stroke=\"#8b5a2b\" stroke-width=\"2\">\n");
        for (int k = 1; k < r->g->width; k++)
            pdn_render__printf(o, "<line x1=\"%d\" y1=\"0\" x2=\"%d\" y2=\"%d\"/>\n",
                               f->ox + k * UNIT, f->ox + k * UNIT, f->board_h);
        for (int k = 1; k < r->g->height; k++)
            pdn_render__printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", f->ox,
                               k * UNIT, f->ox + f->board_w, k * UNIT);
        pdn_render__puts(o, "</g>\n");
    }
}

static void highlights(const pdn_render *r, const frame *f)
{
    const pdn_diagram_options *opts = r->opts;
    int open = 0;
    for (size_t k = 0; k < opts->mark_count; k++) {
        const pdn_mark *m = &opts->marks[k];
        int cell = pdn_geometry_cell(r->g, m->from), x, y;
        if (m->from != m->to || cell < 0)
            continue;
        if (!open++)
            pdn_render__puts(r->out, "<g class=\"highlights\" fill-opacity=\"0.6\">\n");
        corner(r, f, cell, &x, &y);
        pdn_render__printf(r->out,
                           "<rect class=\"highlight\" x=\"%d\" y=\"%d\" width=\"%d\" "
                           "height=\"%d\" fill=\"%s\"/>\n",
                           x, y, UNIT, UNIT, mark_color(m->color));
    }
    if (open)
        pdn_render__puts(r->out, "</g>\n");
}

static void pieces(const pdn_render *r, const frame *f)
{
    pdn_out *o = r->out;
    int cells = r->g->width * r->g->height;
    unsigned char used[PDN_RENDER_KINDS][PDN_RENDER_COLORS] = {{0}};
    int any = 0;
    for (int cell = 0; cell < cells; cell++) {
        pdn_piece p = r->pos->board[cell];
        if (p != 0) {
            used[pdn_render__piece_kind(p)][pdn_render__piece_color(p)] = 1;
            any = 1;
        }
    }
    if (!any)
        return;
    pdn_render__puts(o, "<defs>\n");
    for (unsigned kind = 0; kind < PDN_RENDER_KINDS; kind++)
        for (unsigned color = 0; color < PDN_RENDER_COLORS; color++)
            if (used[kind][color])
                pdn_render__piece_def(o, kind, color);
    pdn_render__puts(o, "</defs>\n<g class=\"pieces\">\n");
    for (int cell = 0; cell < cells; cell++) {
        pdn_piece p = r->pos->board[cell];
        if (p == 0)
            continue;
        char id[48];
        int x, y;
        pdn_render__piece_id(id, sizeof id, pdn_render__piece_kind(p), pdn_render__piece_color(p));
        corner(r, f, cell, &x, &y);
        pdn_render__printf(o, "<use href=\"#%s\" x=\"%d\" y=\"%d\"/>\n", id, x, y);
    }
    pdn_render__puts(o, "</g>\n");
}

static void numbers(const pdn_render *r, const frame *f)
{
    pdn_out *o = r->out;
    int cells = r->g->width * r->g->height;
    pdn_render__puts(o, "<g class=\"numbers\" font-family=\"" FONTS "\" font-size=\"18\" "
                        "fill=\"#000\">\n");
    for (int cell = 0; cell < cells; cell++) {
        int n = r->g->number_of[cell], x, y;
        if (n == 0)
            continue;
        corner(r, f, cell, &x, &y);
        pdn_render__printf(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", x + 4, y + 18, n);
    }
    pdn_render__puts(o, "</g>\n");
}

static void coordinates(const pdn_render *r, const frame *f)
{
    pdn_out *o = r->out;
    pdn_render__puts(o, "<g class=\"coords\" font-family=\"" FONTS "\" font-size=\"32\" "
                        "fill=\"#333\" text-anchor=\"middle\">\n");
    for (int col = 0; col < r->g->width; col++)
        pdn_render__printf(o, "<text x=\"%d\" y=\"%d\">%c</text>\n", f->ox + col * UNIT + UNIT / 2,
                           f->board_h + 36, pdn_render__file_label(r, col));
    for (int row = 0; row < r->g->height; row++)
        pdn_render__printf(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", MARGIN / 2,
                           row * UNIT + UNIT / 2 + 11, pdn_render__rank_label(r, row));
    pdn_render__puts(o, "</g>\n");
}

/* One arrow from the centre of a square to the centre of another: a shaft
 * that stops inside the head, and a triangular head whose tip is the
 * centre of the target square. */
static void arrow(const pdn_render *r, const frame *f, int from, int to, const char *color)
{
    int x1, y1, x2, y2;
    corner(r, f, from, &x1, &y1);
    corner(r, f, to, &x2, &y2);
    x1 += UNIT / 2;
    y1 += UNIT / 2;
    x2 += UNIT / 2;
    y2 += UNIT / 2;
    long dx = x2 - x1, dy = y2 - y1, len = isqrt(dx * dx + dy * dy);
    long bx = x2 - dx * HEAD_LEN / len, by = y2 - dy * HEAD_LEN / len;
    long sx = x2 - dx * (HEAD_LEN - 6) / len, sy = y2 - dy * (HEAD_LEN - 6) / len;
    long nx = -dy * HEAD_HALF / len, ny = dx * HEAD_HALF / len;
    pdn_render__printf(r->out,
                       "<g class=\"arrow\" fill=\"%s\" stroke=\"%s\"><line x1=\"%d\" y1=\"%d\" "
                       "x2=\"%ld\" y2=\"%ld\" stroke-width=\"%d\"/>",
                       color, color, x1, y1, sx, sy, SHAFT);
    pdn_render__printf(r->out,
                       "<polygon points=\"%d,%d %ld,%ld %ld,%ld\" stroke-width=\"2\" "
                       "stroke-linejoin=\"round\"/></g>\n",
                       x2, y2, bx + nx, by + ny, bx - nx, by - ny);
}

static void arrows(const pdn_render *r, const frame *f)
{
    const pdn_diagram_options *opts = r->opts;
    int open = 0;
    for (size_t k = 0; k < opts->mark_count; k++) {
        const pdn_mark *m = &opts->marks[k];
        int from = pdn_geometry_cell(r->g, m->from), to = pdn_geometry_cell(r->g, m->to);
        if (m->from == m->to || from < 0 || to < 0 || from == to)
            continue;
        if (!open++)
            pdn_render__puts(r->out, "<g class=\"arrows\" opacity=\"0.8\">\n");
        arrow(r, f, from, to, mark_color(m->color));
    }
    if (open)
        pdn_render__puts(r->out, "</g>\n");
}

void pdn_render__svg(const pdn_render *r)
{
    pdn_out *o = r->out;
    int coords = (r->labels & PDN_LABEL_COORDS) != 0;
    frame f = {coords ? MARGIN : 0, r->g->width * UNIT, r->g->height * UNIT};
    unsigned long vw = (unsigned long)(f.ox + f.board_w),
                  vh = (unsigned long)(f.board_h + (coords ? MARGIN : 0));

    pdn_render__puts(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
    put_pixels(o, vw, r->opts->square_size);
    pdn_render__puts(o, "\" height=\"");
    put_pixels(o, vh, r->opts->square_size);
    pdn_render__printf(o, "\" viewBox=\"0 0 %lu %lu\">\n", vw, vh);

    squares(r, &f);
    highlights(r, &f);
    pdn_render__printf(o,
                       "<rect class=\"frame\" x=\"%d.5\" y=\"1.5\" width=\"%d\" height=\"%d\" "
                       "fill=\"none\" stroke=\"#000\" stroke-width=\"3\"/>\n",
                       f.ox + 1, f.board_w - 3, f.board_h - 3);
    pieces(r, &f);
    if (r->labels & PDN_LABEL_NUMBERS)
        numbers(r, &f);
    if (coords)
        coordinates(r, &f);
    arrows(r, &f);
    pdn_render__puts(o, "</svg>\n");
}
