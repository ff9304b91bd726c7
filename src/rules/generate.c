/* SPDX-License-Identifier: MIT */
/*
 * generate.c - the mailbox move generator: every legal move of a position
 * with its full path, under any rules on any board up to 26x26.  Captures
 * are followed square by square through the engine's neighbour table; the
 * precedence rules and the merging of duplicate paths come after.  The
 * bitboard perft (bitboard.c) is checked against this one.
 */
#include "rules/rules.h"

#include <string.h>

/* The state of one search for captures. */
typedef struct gen {
    const pdn_draughts *d;
    uint8_t *board;
    unsigned color, opp;
    int ci;
    pdn_movelist *list;
    int from, start_king;
    int promoted; /* crowned in this capture (PDN_PROMOTE_KING) */
    int oom;
    size_t n; /* pieces captured so far */
    /* path[0] is the start, path[i] the landing after capture i */
    int16_t path[PDN_CELL_MAX + 1];
    int16_t cap[PDN_CELL_MAX];
    uint8_t capk[PDN_CELL_MAX];
} gen;

/* A mixing of a captured cell, summed over the set: equal sets, equal sums. */
static uint32_t cell_hash(int cell)
{
    uint32_t x = (uint32_t)cell * 0x9E3779B1u;
    return x ^ (x >> 15);
}

static void push(gen *g, int to, int ncap, int promotes)
{
    pdn_movelist *l = g->list;
    size_t npath = ncap ? (size_t)ncap + 1 : 2, cells = npath + 2 * (size_t)ncap;
    if (!pdn_vec__reserve(&l->moves, &l->alloc, sizeof(gen_move), 1) ||
        !pdn_vec__reserve(&l->pool, &l->alloc, sizeof(int16_t), cells)) {
        g->oom = 1;
        return;
    }
    gen_move *m = (gen_move *)l->moves.data + l->moves.len++;
    int16_t *p = (int16_t *)l->pool.data + l->pool.len;
    m->from = (int16_t)g->from;
    m->to = (int16_t)to;
    m->ncap = (uint16_t)ncap;
    m->npath = (uint16_t)npath;
    m->king = (uint8_t)g->start_king;
    m->promotes = (uint8_t)promotes;
    m->at = (uint32_t)l->pool.len;
    m->hash = 0;
    if (ncap == 0) {
        p[0] = (int16_t)g->from;
        p[1] = (int16_t)to;
    } else {
        memcpy(p, g->path, npath * sizeof *p);
        memcpy(p + npath, g->cap, (size_t)ncap * sizeof *p);
        for (int i = 0; i < ncap; i++) {
            p[npath + (size_t)ncap + (size_t)i] = g->capk[i];
            m->hash += cell_hash(g->cap[i]);
        }
    }
    l->pool.len += cells;
}

/* A complete capture ends on `to` (already in path[n]). */
static void emit(gen *g, int to)
{
    int crowned = !g->start_king && (g->promoted || (g->d->promo[to] >> g->ci & 1u));
    push(g, to, (int)g->n, crowned);
}

/*
 * Captures from `cell` by a king or a man, not trying the directions in
 * `skip`.  Returns how many complete sequences it emitted; 0 means the piece
 * cannot capture from here, so the caller's sequence ends.
 *
 * A flying king may land on any empty square behind the piece, but when it
 * can capture again from some of them it must land on one of those.  Going on
 * in the same line is tried from the first square only (it scans the rest),
 * and turning back from the later ones is the same as from the first, so a
 * landing square makes a path of its own only where the king turns.
 */
static size_t jumps(gen *g, int cell, int king, unsigned skip)
{
    const pdn_draughts *d = g->d;
    const pdn_rules *r = &d->rules;
    uint8_t *bd = g->board;
    unsigned dirs = (king ? d->king_cap[g->ci] : d->man_cap[g->ci]) & ~skip;
    size_t emitted = 0;
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (!(dirs & DIR_BIT(dir)))
            continue;
        const int16_t *nx = d->next[dir];
        int a = nx[cell];
        if (king && r->king_capture_flying)
            while (bd[a] == 0)
                a = nx[a];
        unsigned v = bd[a];
        if ((v & 3u) != g->opp || (v & CELL_TAKEN) != 0 ||
            (!king && !r->men_capture_kings && (v & PDN_KING) != 0))
            continue;
        int b = nx[a];
        if (bd[b] != 0)
            continue;
        bd[a] = r->remove_immediately ? 0 : (uint8_t)(v | CELL_TAKEN);
        g->cap[g->n] = (int16_t)a;
        g->capk[g->n] = (v & PDN_KING) != 0;
        g->n++;
        unsigned back =
            r->remove_immediately && r->reverse_allowed ? 0 : DIR_BIT(pdn_rules__reverse(dir));
        size_t found = 0;
        if (king && !r->king_lands_next) {
            unsigned later = r->king_capture_flying ? LINE_BITS(dir) : back;
            for (int l = b, first = 1; bd[l] == 0; l = nx[l], first = 0) {
                g->path[g->n] = (int16_t)l;
                found += jumps(g, l, 1, first ? back : later);
            }
            if (found == 0) {
                for (int l = b; bd[l] == 0; l = nx[l]) {
                    g->path[g->n] = (int16_t)l;
                    emit(g, l);
                    found++;
                }
            }
        } else {
            g->path[g->n] = (int16_t)b;
            if (!king && (d->promo[b] >> g->ci & 1u)) {
                if (r->promotion == PDN_PROMOTE_KING) {
                    g->promoted = 1;
                    found = jumps(g, b, 1, back);
                    g->promoted = 0;
                } else if (r->promotion == PDN_PROMOTE_PASS) {
                    found = jumps(g, b, 0, back);
                }
            } else {
                found = jumps(g, b, king, back);
            }
            if (found == 0) {
                emit(g, b);
                found = 1;
            }
        }
        g->n--;
        bd[a] = (uint8_t)v;
        emitted += found;
    }
    return emitted;
}

/* -1, 0 or 1 as captured kinds a..., b... compare, a man after the end. */
static int earliest_kings(const int16_t *ka, size_t na, const int16_t *kb, size_t nb)
{
    size_t n = na > nb ? na : nb;
    for (size_t i = 0; i < n; i++) {
        int x = i < na ? ka[i] : 0, y = i < nb ? kb[i] : 0;
        if (x != y)
            return x > y ? 1 : -1;
    }
    return 0;
}

static long captured_value(const pdn_rules *r, const int16_t *kinds, size_t n, int *kings)
{
    long v = 0;
    *kings = 0;
    for (size_t i = 0; i < n; i++) {
        *kings += kinds[i] != 0;
        v += kinds[i] ? r->king_value : r->man_value;
    }
    return v;
}

/* > 0 when capture a must be preferred to b, < 0 the other way, 0 a tie. */
static int compare(const pdn_draughts *d, const gen_move *a, const gen_move *b, const int16_t *pool)
{
    const pdn_rules *r = &d->rules;
    const int16_t *ka = pool + a->at + a->npath + a->ncap;
    const int16_t *kb = pool + b->at + b->npath + b->ncap;
    int kings_a, kings_b;
    long va = captured_value(r, ka, a->ncap, &kings_a);
    long vb = captured_value(r, kb, b->ncap, &kings_b);
    for (int i = 0; i < PDN_PREFER_MAX && r->prefer[i] != PDN_PREFER_END; i++) {
        long x = 0, y = 0;
        switch (r->prefer[i]) {
        case PDN_PREFER_MOST_PIECES:
            x = a->ncap;
            y = b->ncap;
            break;
        case PDN_PREFER_MOST_VALUE:
            x = va;
            y = vb;
            break;
        case PDN_PREFER_KING_CAPTURES:
            x = a->king;
            y = b->king;
            break;
        case PDN_PREFER_MOST_KINGS:
            x = kings_a;
            y = kings_b;
            break;
        case PDN_PREFER_EARLIEST_KINGS:
            x = earliest_kings(ka, a->ncap, kb, b->ncap);
            break;
        default:
            break;
        }
        if (x != y)
            return x > y ? 1 : -1;
    }
    return 0;
}

/* Keeps the captures the precedence rules allow. */
static void apply_precedence(const pdn_draughts *d, pdn_movelist *l)
{
    gen_move *m = l->moves.data;
    const int16_t *pool = l->pool.data;
    size_t n = l->moves.len, best = 0, kept = 0;
    if (d->rules.prefer[0] == PDN_PREFER_END || n < 2)
        return;
    for (size_t i = 1; i < n; i++)
        if (compare(d, &m[i], &m[best], pool) > 0)
            best = i;
    gen_move top = m[best];
    for (size_t i = 0; i < n; i++)
        if (compare(d, &m[i], &top, pool) == 0)
            m[kept++] = m[i];
    l->moves.len = kept;
}

int pdn_rules__same_set(const int16_t *a, const int16_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < n && b[j] != a[i])
            j++;
        if (j == n)
            return 0;
    }
    return 1;
}

/* Merges captures with the same start, end and captured set (the first stays). */
void pdn_rules__merge(pdn_movelist *l)
{
    gen_move *m = l->moves.data;
    const int16_t *pool = l->pool.data;
    size_t n = l->moves.len, kept = 0;
    for (size_t i = 0; i < n; i++) {
        int dup = 0;
        for (size_t j = 0; j < kept && !dup; j++) {
            const gen_move *a = &m[i], *b = &m[j];
            dup = a->from == b->from && a->to == b->to && a->ncap == b->ncap &&
                  a->hash == b->hash &&
                  pdn_rules__same_set(pool + a->at + a->npath, pool + b->at + b->npath, a->ncap);
        }
        if (!dup)
            m[kept++] = m[i];
    }
    l->moves.len = kept;
}

static int has_man(const pdn_draughts *d, const uint8_t *board, unsigned color)
{
    for (int c = 0; c < d->cells; c++)
        if (board[c] == (PDN_MAN | color))
            return 1;
    return 0;
}

/* The king that may not make another plain move (Frisian), or -1. */
static int limited_king(const pdn_draughts *d, const uint8_t *board, unsigned color,
                        const pdn_draughts_state *st)
{
    int ci = pdn_rules__ci(color), limit = d->rules.king_move_limit;
    if (limit <= 0 || st == NULL || st->king_moves[ci] < limit)
        return -1;
    int c = st->king_cell[ci];
    if (c < 0 || c >= d->cells || board[c] != (PDN_KING | color) || !has_man(d, board, color))
        return -1;
    return c;
}

/* The plain moves of the piece on `c` (if it is one of the mover's). */
static void plain_from(gen *g, int c, int stuck)
{
    const pdn_draughts *d = g->d;
    uint8_t *bd = g->board;
    unsigned v = bd[c];
    if ((v & 3u) != g->color)
        return;
    g->from = c;
    g->start_king = (v & PDN_KING) != 0;
    unsigned dirs = g->start_king ? d->king_move[g->ci] : d->man_move[g->ci];
    if (c == stuck)
        dirs = 0;
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (!(dirs & DIR_BIT(dir)))
            continue;
        const int16_t *nx = d->next[dir];
        for (int t = nx[c]; bd[t] == 0; t = nx[t]) {
            push(g, t, 0, !g->start_king && (d->promo[t] >> g->ci & 1u));
            if (!g->start_king || !d->rules.king_flying)
                break;
        }
    }
}

/* The captures that start on `c` (if it holds one of the mover's pieces). */
static void captures_from(gen *g, int c)
{
    uint8_t *board = g->board;
    unsigned v = board[c];
    if ((v & 3u) != g->color)
        return;
    g->from = c;
    g->start_king = (v & PDN_KING) != 0;
    g->path[0] = (int16_t)c;
    board[c] = 0;
    jumps(g, c, g->start_king, 0);
    board[c] = (uint8_t)v;
}

static void gen_init(gen *g, pdn_movelist *list, const pdn_draughts *d, uint8_t *board,
                     unsigned color)
{
    g->d = d;
    g->board = board;
    g->color = color;
    g->opp = color ^ 3u;
    g->ci = pdn_rules__ci(color);
    g->list = list;
    g->promoted = 0;
    g->oom = 0;
    g->n = 0;
    pdn_rules__list_reset(list, d);
}

/* After the captures: the precedence rules, or with none the plain moves
 * of every piece (from < 0) or of the piece on `from`. */
static pdn_status finish(gen *g, const pdn_draughts_state *st, unsigned flags, int from)
{
    pdn_movelist *list = g->list;
    const pdn_draughts *d = g->d;
    if (list->moves.len > 0) {
        apply_precedence(d, list);
        if (flags & PDN_MOVES_UNIQUE)
            pdn_rules__merge(list);
    } else if (!g->oom) {
        int stuck = limited_king(d, g->board, g->color, st);
        if (from >= 0)
            plain_from(g, from, stuck);
        for (int c = 0; from < 0 && c < d->cells; c++)
            plain_from(g, c, stuck);
    }
    if (g->oom) {
        pdn_rules__list_reset(list, d);
        return PDN_ENOMEM;
    }
    return PDN_OK;
}

pdn_status pdn_rules__generate(pdn_movelist *list, const pdn_draughts *d, uint8_t *board,
                               unsigned color, const pdn_draughts_state *st, unsigned flags)
{
    gen g;
    gen_init(&g, list, d, board, color);
    for (int c = 0; c < d->cells; c++)
        captures_from(&g, c);
    return finish(&g, st, flags, -1);
}

pdn_status pdn_rules__generate_from(pdn_movelist *list, const pdn_draughts *d, uint8_t *board,
                                    unsigned color, const pdn_draughts_state *st,
                                    const int16_t *able, size_t n, int from)
{
    gen g;
    gen_init(&g, list, d, board, color);
    for (size_t i = 0; i < n; i++)
        captures_from(&g, able[i]);
    return finish(&g, st, PDN_MOVES_PATHS, from);
}

void pdn_rules__apply(uint8_t *board, const gen_move *m, const int16_t *pool, unsigned color,
                      pdn_draughts_state *st)
{
    uint8_t v = board[m->from];
    const int16_t *cap = pool + m->at + m->npath;
    board[m->from] = 0;
    for (size_t i = 0; i < m->ncap; i++)
        board[cap[i]] = 0;
    if (m->promotes)
        v = (uint8_t)(PDN_KING | (v & 3u));
    board[m->to] = v;
    pdn_rules__remember(st, color, m->from, m->to, m->king, m->ncap);
}
