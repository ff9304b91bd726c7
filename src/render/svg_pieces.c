/* SPDX-License-Identifier: MIT */
/*
 * svg_pieces.c - the pieces of the SVG diagrams, drawn as vector shapes in a
 * 100 x 100 box: draughts men as discs with a rim, kings with a gold crown
 * on the disc, chess pieces as simple silhouettes.  Shapes rather than font
 * glyphs, so that a diagram looks the same wherever it is shown, fonts or
 * not.  Every shape covers the centre of its box with its body colour.
 */
#include "render/svg.h"

#include <stdio.h>

static const char *const kind_names[9] = {"man",    "man",  "king",  "pawn",      "knight",
                                          "bishop", "rook", "queen", "chess-king"};
static const char *const color_names[3] = {"white", "black", "unknown"};

/* Body and detail colours by colour index (white, black, unknown).  Details
 * (the rim of a disc, a knight's eye) contrast with the body. */
static const char *const body[3] = {"#fafafa", "#222222", "#9a9a9a"};
static const char *const rim[3] = {"#a8a8a8", "#6a6a6a", "#dcdcdc"};
static const char *const chess_detail[3] = {"#000000", "#fafafa", "#000000"};

unsigned pdn_render__piece_kind(pdn_piece p)
{
    unsigned kind = PDN_PIECE_KIND(p) >> 2;
    return kind == 0 || kind > 8 ? 1 : kind;
}

unsigned pdn_render__piece_color(pdn_piece p)
{
    unsigned color = PDN_PIECE_COLOR(p);
    return color == PDN_WHITE ? 0 : color == PDN_BLACK ? 1 : 2;
}

void pdn_render__piece_id(char *buf, size_t cap, unsigned kind, unsigned color)
{
    snprintf(buf, cap, "pdn-%s-%s", color_names[color], kind_names[kind]);
}

/* Chess silhouettes: the body drawn in the piece's colour with a black
 * outline, then the details in the contrasting colour. */
static const struct {
    const char *body, *detail;
} chess_shapes[9] = {
    {NULL, NULL},
    {NULL, NULL},
    {NULL, NULL},
    /* pawn: body, head over it, foot */
    {"<path d=\"M39 60Q50 50 61 60L66 76H34Z\"/><circle cx=\"50\" cy=\"42\" r=\"15\"/>"
     "<rect x=\"28\" y=\"76\" width=\"44\" height=\"10\" rx=\"3\"/>",
     ""},
    /* knight: a horse's head looking left, and its eye */
    {"<path d=\"M30 86H72L70 70Q75 40 60 24L54 13L50 22Q38 22 30 40L21 52Q21 62 31 61L43 54"
     "Q45 63 33 73Z\"/>",
     "<circle cx=\"43\" cy=\"34\" r=\"3\"/>"},
    /* bishop: ball, mitre, collar, foot; the mitre's slit */
    {"<circle cx=\"50\" cy=\"19\" r=\"6\"/><path d=\"M50 25Q29 44 38 64H62Q71 44 50 25Z\"/>"
     "<path d=\"M38 64H62L66 76H34Z\"/>"
     "<rect x=\"28\" y=\"76\" width=\"44\" height=\"10\" rx=\"3\"/>",
     "<path d=\"M44 37L55 48\"/>"},
    /* rook: battlements, tower, foot */
    {"<path d=\"M30 22H38V29H46V22H54V29H62V22H70V40H30Z\"/><path d=\"M35 40H65L68 76H32Z\"/>"
     "<rect x=\"26\" y=\"76\" width=\"48\" height=\"10\" rx=\"3\"/>",
     ""},
    /* queen: five-pointed crown with balls, foot */
    {"<path d=\"M30 74L19 33L35 52L36 23L46 50L50 19L54 50L64 23L65 52L81 33L70 74Z\"/>"
     "<circle cx=\"19\" cy=\"31\" r=\"4\"/><circle cx=\"36\" cy=\"22\" r=\"4\"/>"
     "<circle cx=\"50\" cy=\"17\" r=\"4\"/><circle cx=\"64\" cy=\"22\" r=\"4\"/>"
     "<circle cx=\"81\" cy=\"31\" r=\"4\"/>"
     "<rect x=\"28\" y=\"74\" width=\"44\" height=\"12\" rx=\"3\"/>",
     ""},
    /* king: cross, bell-shaped body, foot */
    {"<path d=\"M47 8H53V15H60V21H53V30H47V21H40V15H47Z\"/>"
     "<path d=\"M50 30Q76 28 70 56L66 74H34L30 56Q24 28 50 30Z\"/>"
     "<rect x=\"28\" y=\"74\" width=\"44\" height=\"12\" rx=\"3\"/>",
     ""},
};

void pdn_render__piece_def(pdn_out *o, unsigned kind, unsigned color)
{
    char id[48];
    pdn_render__piece_id(id, sizeof id, kind, color);
    pdn_render__printf(o, "<g id=\"%s\">", id);
    if (chess_shapes[kind].body == NULL) {
        pdn_render__printf(o,
                           "<circle cx=\"50\" cy=\"50\" r=\"37\" fill=\"%s\" stroke=\"#000\" "
                           "stroke-width=\"4\"/><circle cx=\"50\" cy=\"50\" r=\"27\" "
                           "fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>",
                           body[color], rim[color]);
        /* The crown's band runs through the centre of the disc, so the
         * centre of a king is gold and that of a man is not. */
        if (kind == 2)
            pdn_render__puts(o, "<path d=\"M31 62V37L40.5 48L50 32L59.5 48L69 37V62Z\" "
                                "fill=\"#e8b520\" stroke=\"#5c4200\" stroke-width=\"3\" "
                                "stroke-linejoin=\"round\"/>");
    } else {
        pdn_render__printf(o,
                           "<g fill=\"%s\" stroke=\"#000\" stroke-width=\"3\" "
                           "stroke-linejoin=\"round\">",
                           body[color]);
        pdn_render__puts(o, chess_shapes[kind].body);
        pdn_render__puts(o, "</g>");
        if (chess_shapes[kind].detail[0] != '\0') {
            pdn_render__printf(o, "<g fill=\"%s\" stroke=\"%s\" stroke-width=\"3\">",
                               chess_detail[color], chess_detail[color]);
            pdn_render__puts(o, chess_shapes[kind].detail);
            pdn_render__puts(o, "</g>");
        }
    }
    pdn_render__puts(o, "</g>\n");
}
