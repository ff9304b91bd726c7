/* SPDX-License-Identifier: MIT */
/*
 * notation.c - a legal move as PDN text: the short form from-to, or the
 * long form with the intermediate squares of PDN 3.0 restriction 9 where
 * the short form would be ambiguous (restriction 8) or when asked for.
 */
#include "rules/rules.h"

#include <string.h>

typedef struct text {
    char *buf;
    size_t cap, len;
} text;

static void put(text *t, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, t->len++)
        if (t->len + 1 < t->cap)
            t->buf[t->len] = s[i];
}

/* Another legal move with the same start and end but other captures. */
static int ambiguous(const pdn_movelist *legal, const pdn_draughts_move *m)
{
    for (size_t i = 0; i < pdn_movelist_count(legal); i++) {
        pdn_draughts_move o = pdn_movelist_get(legal, i);
        if (o.from == m->from && o.to == m->to &&
            (o.capture_count != m->capture_count ||
             !pdn_rules__same_set(o.captured, m->captured, m->capture_count)))
            return 1;
    }
    return 0;
}

size_t pdn_draughts_format(char *buf, size_t cap, const pdn_movelist *legal,
                           const pdn_draughts_move *move, char notation, unsigned flags)
{
    text t = {buf, buf ? cap : 0, 0};
    if (t.cap > 0)
        buf[0] = '\0';
    if (legal == NULL || legal->engine == NULL || move == NULL || move->path_count < 2)
        return 0;
    const pdn_draughts *d = legal->engine;
    char sep =
        move->capture_count > 0 ? pdn_gametype_capture_separator(d->geometry.gametype.type) : '-';
    int full = move->capture_count > 1 && ((flags & PDN_FORMAT_FULL) || ambiguous(legal, move));
    for (size_t i = 0; i < move->path_count; i++) {
        if (!full && i > 0 && i + 1 < move->path_count)
            continue;
        char name[8];
        pdn_square sq = pdn_geometry_square(&d->geometry, move->path[i], notation);
        if (i > 0)
            put(&t, &sep, 1);
        put(&t, name, pdn_square_format(sq, name));
    }
    if (t.cap > 0)
        buf[t.len < t.cap ? t.len : t.cap - 1] = '\0';
    return t.len;
}
