/* SPDX-License-Identifier: MIT */
/*
 * diagram.c - pdn_write_diagram(): checks the options, resolves the labels
 * and hands the position to the text or SVG writer; pdn_diagram_locate()
 * asks the text writer where a square goes; the helpers both writers share
 * (display frame, square shades, edge labels, formatted output).
 */
#include "render/render.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Larger squares make documents no browser shows whole; 1000 px is already
 * a poster. */
#define SQUARE_SIZE_MAX 1000u

int pdn_render__shade(const pdn_geometry *g, int cell)
{
    if (g->chess) /* a1, cell 0, is dark */
        return (cell / g->width + cell % g->width) % 2 == 0 ? PDN_SHADE_DARK : PDN_SHADE_LIGHT;
    if (g->all_playing)
        return PDN_SHADE_PLAIN;
    return g->number_of[cell] != 0 ? PDN_SHADE_DARK : PDN_SHADE_LIGHT;
}

int pdn_render__cell_at(const pdn_render *r, int row, int col)
{
    int w = r->g->width, h = r->g->height;
    if (r->opts->flip)
        return row * w + (w - 1 - col);
    return (h - 1 - row) * w + col;
}

void pdn_render__place(const pdn_render *r, int cell, int *row, int *col)
{
    int w = r->g->width, h = r->g->height, rank = cell / w, file = cell % w;
    *row = r->opts->flip ? rank : h - 1 - rank;
    *col = r->opts->flip ? w - 1 - file : file;
}

char pdn_render__file_label(const pdn_render *r, int col)
{
    const pdn_geometry *g = r->g;
    int file = pdn_render__cell_at(r, 0, col) % g->width;
    return (char)('a' + (g->alpha_flip_file ? g->width - 1 - file : file));
}

int pdn_render__rank_label(const pdn_render *r, int row)
{
    const pdn_geometry *g = r->g;
    int rank = pdn_render__cell_at(r, row, 0) / g->width;
    return g->alpha_flip_rank ? g->height - rank : rank + 1;
}

void pdn_render__puts(pdn_out *o, const char *s)
{
    pdn_out__write(o, s, strlen(s));
}

void pdn_render__printf(pdn_out *o, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        pdn_out__write(o, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* AUTO means the labels of the game's own notation; chess squares have no
 * numbers to show. */
static unsigned resolve_labels(const pdn_geometry *g, unsigned labels)
{
    if (labels & PDN_LABEL_AUTO) {
        labels &= ~PDN_LABEL_AUTO;
        labels |= g->gametype.notation == 'N' && !g->chess ? PDN_LABEL_NUMBERS : PDN_LABEL_COORDS;
    }
    if (g->chess)
        labels &= ~PDN_LABEL_NUMBERS;
    return labels;
}

/* The checks both entry points make: a board the writers can draw and
 * options they understand. */
static pdn_status check(const pdn_geometry *g, const pdn_diagram_options *opts)
{
    if (opts->version != PDN_DIAGRAM_OPTIONS_VERSION)
        return PDN_EINVAL;
    if (opts->labels & ~(PDN_LABEL_NUMBERS | PDN_LABEL_COORDS | PDN_LABEL_AUTO))
        return PDN_EINVAL;
    if (opts->mark_count > 0 && opts->marks == NULL)
        return PDN_EINVAL;
    if (g->width < 4 || g->width > PDN_BOARD_MAX || g->height < 4 || g->height > PDN_BOARD_MAX)
        return PDN_EINVAL;
    if (opts->format == PDN_DIAGRAM_SVG &&
        (opts->square_size == 0 || opts->square_size > SQUARE_SIZE_MAX))
        return PDN_EINVAL;
    return PDN_OK;
}

pdn_status pdn_write_diagram(const pdn_position *pos, const pdn_diagram_options *opts,
                             pdn_sink sink)
{
    if (pos == NULL || opts == NULL || sink.write == NULL || pos->geometry == NULL)
        return PDN_EINVAL;
    const pdn_geometry *g = pos->geometry;
    if (check(g, opts) != PDN_OK)
        return PDN_EINVAL;

    pdn_out out;
    pdn_out__init(&out, sink);
    pdn_render r = {pos, g, opts, resolve_labels(g, opts->labels), &out};
    switch (opts->format) {
    case PDN_DIAGRAM_ASCII:
        pdn_render__text(&r, 0);
        break;
    case PDN_DIAGRAM_UNICODE:
        pdn_render__text(&r, 1);
        break;
    case PDN_DIAGRAM_SVG:
        pdn_render__svg(&r);
        break;
    default:
        return PDN_EINVAL;
    }
    return pdn_out__finish(&out);
}

pdn_status pdn_diagram_locate(pdn_diagram_spot *out, const pdn_geometry *g,
                              const pdn_diagram_options *opts, int cell)
{
    if (out == NULL)
        return PDN_EINVAL;
    out->line = out->column = -1;
    out->width = 0;
    if (g == NULL || opts == NULL || check(g, opts) != PDN_OK)
        return PDN_EINVAL;
    if (opts->format != PDN_DIAGRAM_ASCII && opts->format != PDN_DIAGRAM_UNICODE)
        return PDN_EINVAL;
    if (cell < 0 || cell >= g->width * g->height)
        return PDN_EINVAL;
    pdn_render r = {NULL, g, opts, resolve_labels(g, opts->labels), NULL};
    pdn_render__text_place(&r, cell, &out->line, &out->column, &out->width);
    return PDN_OK;
}
