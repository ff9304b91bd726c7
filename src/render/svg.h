/* SPDX-License-Identifier: MIT */
/*
 * svg.h - the SVG writer's pieces (svg_pieces.c): the ids of the shapes in
 * the document's <defs>, and the shapes themselves.
 */
#ifndef PDN_RENDER_SVG_H
#define PDN_RENDER_SVG_H

#include "render/render.h"

/* A piece's shape index (PDN_PIECE_KIND >> 2, 1..8; unknown kinds draw as
 * men) and colour index (0 white, 1 black, 2 unknown). */
#define PDN_RENDER_KINDS 9
#define PDN_RENDER_COLORS 3
unsigned pdn_render__piece_kind(pdn_piece p);
unsigned pdn_render__piece_color(pdn_piece p);

/* "pdn-white-man", "pdn-black-chess-king": the id of a shape in <defs>. */
void pdn_render__piece_id(char *buf, size_t cap, unsigned kind, unsigned color);
/* Writes the shape as <g id="...">, drawn in the box (0,0)-(100,100). */
void pdn_render__piece_def(pdn_out *o, unsigned kind, unsigned color);

#endif
