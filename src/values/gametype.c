/* SPDX-License-Identifier: MIT */
/*
 * gametype.c - the GameType tag (standard, chapter 11): the table of
 * predefined types, the parser of "n" and "n,C,W,H,Nd[,i]", and the capture
 * separator of each type.  The tag checker reports what the parser returns;
 * the rules layer builds the board geometry from the filled pdn_gametype.
 */
#include "values.h"

/* One row of the standard's table: the full tag a bare number stands for. */
typedef struct gametype_row {
    signed char type;
    char start;
    signed char width, height;
    char notation;
    signed char corner, invert;
} gametype_row;

/*
 * The predefined types of chapter 11.  Type 23 has four rows in the standard
 * (American pool, unified pool, Zimbabwean, Jamaican) but a bare "23" means
 * American pool checkers, so only that row is here; the other three are
 * written in full and need no table.  Chess (0) has no full tag in the table;
 * the standard's example "0,W,8,8,S0" gives it.
 */
/* clang-format off */
static const gametype_row table[] = {
    { 0, 'W',  8,  8, 'S', 0, 0},
    {20, 'W', 10, 10, 'N', 2, 0},
    {21, 'B',  8,  8, 'N', 1, 0},
    {22, 'W',  8,  8, 'N', 2, 1},
    {23, 'B',  8,  8, 'N', 1, 0},
    {24, 'W',  8,  8, 'N', 1, 1},
    {25, 'W',  8,  8, 'A', 0, 0},
    {26, 'W',  8,  8, 'A', 0, 0},
    {27, 'W', 12, 12, 'N', 2, 0},
    {28, 'W',  8,  8, 'N', 1, 1},
    {29, 'W',  8,  8, 'A', 0, 0},
    {30, 'W',  8,  8, 'A', 0, 0},
    {31, 'B',  8,  8, 'N', 2, 0},
    {40, 'W', 10, 10, 'N', 2, 0},
    {41, 'W', 10,  8, 'A', 0, 0},
};
/* clang-format on */

/*
 * Numbers lidraughts writes that are not in the standard: 96 Breakthrough,
 * 97 Frysk! (Frisian rules on fewer pieces), 98 Antidraughts, 99 "from
 * position".  All are played on the international 10x10 board, so they take
 * the geometry of the row named here; the caller gets PDN_D_ODD_GAMETYPE.
 */
static const struct {
    signed char type, like;
} lidraughts[] = {
    {96, 20},
    {97, 40},
    {98, 20},
    {99, 20},
};

/*
 * Board sides outside 4..26 are rejected: a draughts board needs at least two
 * rows of men and an empty row between them, and algebraic files run a..z.
 */
#define MIN_SIDE 4
#define MAX_SIDE 26

static const gametype_row *find_row(int type)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].type == type)
            return &table[i];
    return NULL;
}

static void fill(pdn_gametype *out, int type, const gametype_row *row)
{
    out->type = type;
    out->start = row->start;
    out->width = row->width;
    out->height = row->height;
    out->notation = row->notation;
    out->corner = row->corner;
    out->invert = row->invert;
    out->expanded = 1;
}

static void clear(pdn_gametype *out, int type)
{
    out->type = type;
    out->start = 0;
    out->width = 0;
    out->height = 0;
    out->notation = 0;
    out->corner = 0;
    out->invert = 0;
    out->expanded = 0;
}

pdn_status pdn_gametype_default(pdn_gametype *out, int type)
{
    const gametype_row *row = find_row(type);
    if (out == NULL)
        return PDN_EINVAL;
    if (row == NULL) {
        clear(out, type);
        return PDN_EINVAL;
    }
    fill(out, type, row);
    return PDN_OK;
}

char pdn_gametype_capture_separator(int type)
{
    switch (type) {
    case 25: /* Russian */
    case 41: /* Spantsiretti */
        return ':';
    case 31: /* Thai */
        return '-';
    default:
        return 'x';
    }
}

/* ---------------------------------------------------------------------- */
/* Parser                                                                 */
/* ---------------------------------------------------------------------- */

/* Parsing state: the text, the read index and the first non-standard spot. */
typedef struct gt_scan {
    const char *s;
    size_t i, len;
    int odd;
    size_t odd_at;
} gt_scan;

static void mark_odd(gt_scan *g, size_t at)
{
    if (!g->odd) {
        g->odd = 1;
        g->odd_at = at;
    }
}

/* Spaces are not in the standard's regex but are harmless: note and skip. */
static void skip_spaces(gt_scan *g)
{
    if (g->i < g->len && pdn_values__is_space(g->s[g->i]))
        mark_odd(g, g->i);
    while (g->i < g->len && pdn_values__is_space(g->s[g->i]))
        g->i++;
}

/* ',' followed by optional (odd) spaces; returns 0 when there is no comma. */
static int comma(gt_scan *g)
{
    skip_spaces(g);
    if (g->i >= g->len || g->s[g->i] != ',')
        return 0;
    g->i++;
    skip_spaces(g);
    return 1;
}

/* A board side: digits in MIN_SIDE..MAX_SIDE.  Returns 0 when bad. */
static int side(gt_scan *g, int *out)
{
    long v;
    size_t end = pdn_values__number(g->s, g->i, g->len, 999, &v);
    if (end == g->i || v < MIN_SIDE || v > MAX_SIDE)
        return 0;
    *out = (int)v;
    g->i = end;
    return 1;
}

/*
 * GameType : NUMBER ("," COLOUR "," WIDTH "," HEIGHT "," NOTATION DIGIT
 *                    ("," INVERT)?)?
 * Grammar of chapter 11, "[0-9]+(,[WB],[0-9]+,[0-9]+,[ANS][0123](,[01])?)?".
 */
pdn_diag_code pdn_parse_gametype(pdn_gametype *out, const char *text, size_t len, size_t *err_at)
{
    gt_scan g = {text, 0, text != NULL ? len : 0, 0, 0};
    pdn_gametype t;
    long number;
    size_t end, field;

    clear(&t, -1);
    if (out != NULL)
        *out = t;
    if (g.len == 0)
        return PDN_D_NONE; /* "" is allowed for every tag: no GameType */

    skip_spaces(&g);
    if (g.i == g.len)
        return pdn_values__fail(err_at, 0, PDN_D_ODD_GAMETYPE);
    field = g.i;
    end = pdn_values__number(g.s, g.i, g.len, 9999, &number);
    if (end == g.i || number < 0)
        return pdn_values__fail(err_at, field, PDN_D_BAD_GAMETYPE);
    g.i = end;
    t.type = (int)number;

    skip_spaces(&g);
    if (g.i == g.len) {
        /* A bare number: expand it from the table. */
        const gametype_row *row = find_row(t.type);
        if (row != NULL) {
            fill(&t, t.type, row);
        } else {
            for (size_t k = 0; k < sizeof lidraughts / sizeof lidraughts[0]; k++)
                if (lidraughts[k].type == t.type)
                    fill(&t, t.type, find_row(lidraughts[k].like));
            mark_odd(&g, field);
        }
    } else {
        if (!comma(&g))
            return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);

        /* Start colour. */
        if (g.i < g.len && (g.s[g.i] == 'w' || g.s[g.i] == 'b'))
            mark_odd(&g, g.i);
        if (g.i >= g.len ||
            (pdn_values__lower(g.s[g.i]) != 'w' && pdn_values__lower(g.s[g.i]) != 'b'))
            return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
        t.start = g.s[g.i] == 'w' || g.s[g.i] == 'W' ? 'W' : 'B';
        g.i++;

        if (!comma(&g) || !side(&g, &t.width))
            return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
        if (!comma(&g) || !side(&g, &t.height))
            return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
        if (!comma(&g))
            return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);

        /* Notation letter and the corner digit that must follow it. */
        if (g.i >= g.len)
            return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
        {
            char n = g.s[g.i];
            char up = n >= 'a' && n <= 'z' ? (char)(n - 'a' + 'A') : n;
            if (up != 'A' && up != 'N' && up != 'S')
                return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
            if (up != n)
                mark_odd(&g, g.i);
            t.notation = up;
            g.i++;
        }
        if (g.i >= g.len || g.s[g.i] < '0' || g.s[g.i] > '3')
            return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
        t.corner = g.s[g.i] - '0';
        g.i++;

        /* Optional invert flag (0 when absent). */
        skip_spaces(&g);
        if (g.i < g.len) {
            if (!comma(&g))
                return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
            if (g.i >= g.len || (g.s[g.i] != '0' && g.s[g.i] != '1'))
                return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
            t.invert = g.s[g.i] - '0';
            g.i++;
            skip_spaces(&g);
            if (g.i < g.len)
                return pdn_values__fail(err_at, g.i, PDN_D_BAD_GAMETYPE);
        }
        /* A full tag for a number the standard does not define. */
        if (find_row(t.type) == NULL)
            mark_odd(&g, field);
    }

    if (out != NULL)
        *out = t;
    if (g.odd)
        return pdn_values__fail(err_at, g.odd_at, PDN_D_ODD_GAMETYPE);
    return PDN_D_NONE;
}
