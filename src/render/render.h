/* SPDX-License-Identifier: MIT */
/*
 * render.h - what the diagram writers (text and SVG) share: the validated
 * request, how display rows and columns map to cells (flip), the shade of a
 * square and the edge labels.  pdn_write_diagram() in diagram.c fills it.
 */
#ifndef PDN_RENDER_H
#define PDN_RENDER_H

#include "pdn.h"
#include "write/out.h"

typedef struct pdn_render {
    const pdn_position *pos;
    const pdn_geometry *g;
    const pdn_diagram_options *opts;
    unsigned labels; /* resolved: PDN_LABEL_NUMBERS and/or PDN_LABEL_COORDS */
    pdn_out *out;
} pdn_render;

/* How a square is drawn: the non-playing squares of draughts and half of a
 * chess board are light; Turkish boards, where every square plays, are
 * plain (one colour). */
enum { PDN_SHADE_LIGHT = 0, PDN_SHADE_DARK = 1, PDN_SHADE_PLAIN = 2 };
int pdn_render__shade(const pdn_geometry *g, int cell);

/* The cell shown at display row `row` (0 = top) and column `col` (0 = left). */
int pdn_render__cell_at(const pdn_render *r, int row, int col);
/* The display row and column of a cell (the inverse of the above). */
void pdn_render__place(const pdn_render *r, int cell, int *row, int *col);

/* Edge labels of the game's algebraic frame: the letter of the file shown in
 * display column `col`, and the rank number of display row `row`. */
char pdn_render__file_label(const pdn_render *r, int col);
int pdn_render__rank_label(const pdn_render *r, int row);

void pdn_render__puts(pdn_out *o, const char *s);
/* snprintf into the output; one call writes at most 511 bytes (write longer
 * constant text with pdn_render__puts). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void pdn_render__printf(pdn_out *o, const char *fmt, ...);

/* The writers behind pdn_write_diagram(). */
void pdn_render__text(const pdn_render *r, int unicode);
/* Where pdn_render__text() writes the sign of `cell`: its line, column
 * (characters, 0-based) and width; behind pdn_diagram_locate(). */
void pdn_render__text_place(const pdn_render *r, int cell, int *line, int *column, int *width);
void pdn_render__svg(const pdn_render *r);

#endif
