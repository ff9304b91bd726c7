/* SPDX-License-Identifier: MIT */
/*
 * bitboard.c - perft on 64-bit bitboards, for every board whose playing
 * squares fit the layout of engine.c (8x8, 10x10, 10x8, Turkish 8x8) under
 * any rules.  It follows the capture paths exactly as the mailbox generator
 * (generate.c) does, so both count the same paths; at the last ply plain
 * moves are counted with popcounts instead of being listed.  The hot code
 * is bb_walk.h, compiled here once per common layout with constant shifts
 * and once for any layout.
 */
#include "rules/rules.h"

#include <string.h>

/* A position (see pdn_rules__bits in rules.h). */
typedef pdn_rules__bits bbpos;

/* A move: one bit each for `from` and `to`, the captured pieces, and for the
 * Italian rule a key with bit 63-i set when the i-th captured piece is a king. */
typedef struct bbmove {
    uint64_t from, to, cap, order;
    uint8_t king, promotes;
} bbmove;

/* The Frisian king-move history (pdn_draughts_state with bits for cells). */
typedef struct bbhist {
    uint64_t king[2];
    uint8_t count[2];
} bbhist;

/* One perft: the engine, and a growing stack of moves shared by all plies. */
typedef struct bbwalk {
    const pdn_draughts *d;
    const bb_layout *L;
    unsigned flags;
    bbmove *buf;
    size_t top, cap;
    int oom;
    /* the capture search in progress */
    int ci;
    uint64_t empty, avail, avail_men, oppk, taken, order, from;
    int n, start_king, promoted;
    size_t base; /* first move of the node being generated */
    int most;    /* the rules want the most pieces first: shorter captures are
                    dropped as soon as a longer one is found */
    int best;    /* the longest capture found so far at this node */
} bbwalk;

#if defined(__GNUC__)
#define BB_UNROLL _Pragma("GCC unroll 8")
#else
#define BB_UNROLL
#endif

static inline int popcount(uint64_t b)
{
#if defined(__GNUC__) && defined(__POPCNT__)
    return __builtin_popcountll(b);
#else
    /* without the instruction, libgcc's table lookup is slower than this */
    b = b - ((b >> 1) & 0x5555555555555555u);
    b = (b & 0x3333333333333333u) + ((b >> 2) & 0x3333333333333333u);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((b * 0x0101010101010101u) >> 56);
#endif
}

static int grow(bbwalk *w)
{
    size_t cap = w->cap ? w->cap * 2 : 1024;
    bbmove *p = pdn_alloc__resize(&w->d->alloc, w->buf, w->cap * sizeof *p, cap * sizeof *p);
    if (p == NULL) {
        w->oom = 1;
        return 0;
    }
    w->buf = p;
    w->cap = cap;
    return 1;
}

static inline void add(bbwalk *w, uint64_t from, uint64_t to, uint64_t cap, int king, int promotes)
{
    if (w->top == w->cap && !grow(w))
        return;
    bbmove *m = &w->buf[w->top++];
    m->from = from;
    m->to = to;
    m->cap = cap;
    m->order = w->order;
    m->king = (uint8_t)king;
    m->promotes = (uint8_t)promotes;
}

/* A complete capture ends on `to`. */
static inline void emit(bbwalk *w, uint64_t to)
{
    if (w->most) {
        if (w->n < w->best)
            return;
        if (w->n > w->best) {
            w->best = w->n;
            w->top = w->base;
        }
    }
    int crowned = !w->start_king && (w->promoted || (to & w->L->promo[w->ci]) != 0);
    add(w, w->from, to, w->taken, w->start_king, crowned);
}

/* Takes piece `a` off the capturable set (and off the board when removal is
 * at once); the Italian key notes whether it is a king. */
static inline void take(bbwalk *w, uint64_t a)
{
    w->avail &= ~a;
    w->avail_men &= ~a;
    w->taken |= a;
    if (w->d->rules.remove_immediately)
        w->empty |= a;
    if ((a & w->oppk) && w->n < 64)
        w->order |= (uint64_t)1 << (63 - w->n);
    w->n++;
}

static int prefer_cmp(const pdn_draughts *d, const bbmove *a, const bbmove *b, uint64_t oppk)
{
    const pdn_rules *r = &d->rules;
    int ka = popcount(a->cap & oppk), kb = popcount(b->cap & oppk);
    for (int i = 0; i < PDN_PREFER_MAX && r->prefer[i] != PDN_PREFER_END; i++) {
        long x = 0, y = 0;
        switch (r->prefer[i]) {
        case PDN_PREFER_MOST_PIECES:
            x = popcount(a->cap);
            y = popcount(b->cap);
            break;
        case PDN_PREFER_MOST_VALUE:
            x = (long)ka * r->king_value + (long)(popcount(a->cap) - ka) * r->man_value;
            y = (long)kb * r->king_value + (long)(popcount(b->cap) - kb) * r->man_value;
            break;
        case PDN_PREFER_KING_CAPTURES:
            x = a->king;
            y = b->king;
            break;
        case PDN_PREFER_MOST_KINGS:
            x = ka;
            y = kb;
            break;
        case PDN_PREFER_EARLIEST_KINGS:
            x = a->order > b->order;
            y = a->order < b->order;
            break;
        default:
            break;
        }
        if (x != y)
            return x > y ? 1 : -1;
    }
    return 0;
}

/* Keeps the captures in buf[base..top) that the precedence rules allow and,
 * for UNIQUE, one of each start, end and captured set; returns how many. */
static size_t settle(bbwalk *w, const bbpos *p, size_t base)
{
    const pdn_draughts *d = w->d;
    uint64_t oppk = p->kings[w->ci ^ 1];
    size_t n = w->top - base;
    bbmove *m = w->buf + base;
    /* with `most` the first criterion is met already */
    if (n > 1 && d->rules.prefer[w->most] != PDN_PREFER_END) {
        size_t best = 0, kept = 0;
        for (size_t i = 1; i < n; i++)
            if (prefer_cmp(d, &m[i], &m[best], oppk) > 0)
                best = i;
        bbmove top = m[best];
        for (size_t i = 0; i < n; i++)
            if (prefer_cmp(d, &m[i], &top, oppk) == 0)
                m[kept++] = m[i];
        n = kept;
    }
    if (n > 1 && (w->flags & PDN_MOVES_UNIQUE)) {
        size_t kept = 0;
        for (size_t i = 0; i < n; i++) {
            size_t j = 0;
            while (j < kept &&
                   (m[j].from != m[i].from || m[j].to != m[i].to || m[j].cap != m[i].cap))
                j++;
            if (j == kept)
                m[kept++] = m[i];
        }
        n = kept;
    }
    w->top = base + n;
    return n;
}

/* The king that may not make another plain move (Frisian), or 0. */
static inline uint64_t limited(const bbwalk *w, const bbpos *p, const bbhist *h)
{
    int ci = w->ci, limit = w->d->rules.king_move_limit;
    if (limit <= 0 || h->count[ci] < limit || !p->men[ci])
        return 0;
    return h->king[ci] & p->kings[ci];
}

static void play(bbpos *p, const bbmove *m, int ci, bbhist *h)
{
    int oi = ci ^ 1;
    if (m->king) {
        p->kings[ci] &= ~m->from;
        p->kings[ci] |= m->to;
    } else {
        p->men[ci] &= ~m->from;
        if (m->promotes)
            p->kings[ci] |= m->to;
        else
            p->men[ci] |= m->to;
    }
    p->men[oi] &= ~m->cap;
    p->kings[oi] &= ~m->cap;
    if (m->king && !m->cap) {
        int same = h->king[ci] == m->from && h->count[ci] > 0;
        h->count[ci] = (uint8_t)(same ? (h->count[ci] < 255 ? h->count[ci] + 1 : 255) : 1);
        h->king[ci] = m->to;
    } else {
        h->king[ci] = 0;
        h->count[ci] = 0;
    }
}

/* Any layout: shifts and masks read from the engine. */
#define WALK(name) name##_any
#include "rules/bb_walk.h"
#undef WALK

/* The common layouts with constant shifts (BB_SHAPE_* in rules.h). */
#define WALK(name) name##_10
#define WALK_SHIFTS BB_SHAPE_10
#include "rules/bb_walk.h"
#undef WALK
#undef WALK_SHIFTS

#define WALK(name) name##_8
#define WALK_SHIFTS BB_SHAPE_8
#include "rules/bb_walk.h"
#undef WALK
#undef WALK_SHIFTS

#define WALK(name) name##_8m
#define WALK_SHIFTS BB_SHAPE_8M
#include "rules/bb_walk.h"
#undef WALK
#undef WALK_SHIFTS

int pdn_rules__bb_fits(const pdn_draughts *d)
{
    return d->bb.ok;
}

void pdn_rules__bb_load(pdn_rules__bits *out, const pdn_draughts *d, const uint8_t *board)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < 64; i++) {
        int c = d->bb.cell[i];
        if (c < 0 || board[c] == 0)
            continue;
        uint64_t b = (uint64_t)1 << i;
        unsigned col = board[c] & 3u;
        if (col != PDN_WHITE && col != PDN_BLACK)
            out->other |= b;
        else if (board[c] & PDN_KING)
            out->kings[pdn_rules__ci(col)] |= b;
        else
            out->men[pdn_rules__ci(col)] |= b;
    }
}

uint64_t pdn_rules__bb_able(const pdn_draughts *d, const pdn_rules__bits *b, unsigned color)
{
    bbwalk w; /* capturers() reads only d, L and ci */
    w.d = d;
    w.L = &d->bb;
    w.ci = pdn_rules__ci(color);
    int oi = w.ci ^ 1;
    uint64_t opp = b->men[oi] | b->kings[oi];
    uint64_t empty = w.L->board & ~(opp | b->men[w.ci] | b->kings[w.ci] | b->other);
    uint64_t avail_men = d->rules.men_capture_kings ? opp : b->men[oi];
    if (d->bb.shape == 1)
        return capturers_10(&w, b, empty, opp, avail_men);
    if (d->bb.shape == 2)
        return capturers_8(&w, b, empty, opp, avail_men);
    if (d->bb.shape == 3)
        return capturers_8m(&w, b, empty, opp, avail_men);
    return capturers_any(&w, b, empty, opp, avail_men);
}

bool pdn_rules__bb_plain_exists(const pdn_draughts *d, const pdn_rules__bits *b, unsigned color)
{
    const bb_layout *L = &d->bb;
    int ci = pdn_rules__ci(color);
    uint64_t empty = L->board & ~(b->men[0] | b->men[1] | b->kings[0] | b->kings[1] | b->other);
    for (int dir = 0; dir < D_COUNT; dir++) {
        if ((d->man_move[ci] & DIR_BIT(dir)) && (step_any(L, b->men[ci], dir) & empty))
            return true;
        if ((d->king_move[ci] & DIR_BIT(dir)) && (step_any(L, b->kings[ci], dir) & empty))
            return true;
    }
    return false;
}

size_t pdn_rules__bb_cells(int16_t *out, const pdn_draughts *d, uint64_t set)
{
    /* Bits run in cell order but on mirrored boards: sort the (few) cells. */
    size_t n = 0;
    for (; set; set &= set - 1) {
        int16_t c = d->bb.cell[popcount((set & (~set + 1)) - 1)];
        size_t k = n++;
        for (; k > 0 && out[k - 1] > c; k--)
            out[k] = out[k - 1];
        out[k] = c;
    }
    return n;
}

pdn_status pdn_rules__perft_bb(uint64_t *out, const pdn_draughts *d, const uint8_t *board,
                               unsigned color, const pdn_draughts_state *st, int depth,
                               unsigned flags)
{
    bbwalk w;
    bbpos p;
    bbhist h;
    memset(&w, 0, sizeof w);
    memset(&p, 0, sizeof p);
    memset(&h, 0, sizeof h);
    w.d = d;
    w.L = &d->bb;
    w.flags = flags;
    w.most = d->rules.prefer[0] == PDN_PREFER_MOST_PIECES;
    for (int c = 0; c < d->cells; c++) {
        if (d->bit_of[c] < 0 || board[c] == 0 || board[c] == CELL_OFF)
            continue;
        uint64_t b = (uint64_t)1 << d->bit_of[c];
        unsigned col = board[c] & 3u;
        if (col != PDN_WHITE && col != PDN_BLACK)
            p.other |= b;
        else if (board[c] & PDN_KING)
            p.kings[pdn_rules__ci(col)] |= b;
        else
            p.men[pdn_rules__ci(col)] |= b;
    }
    for (int ci = 0; st != NULL && ci < 2; ci++) {
        int c = st->king_cell[ci];
        if (c >= 0 && c < d->cells && d->bit_of[c] >= 0) {
            h.king[ci] = (uint64_t)1 << d->bit_of[c];
            h.count[ci] = st->king_moves[ci];
        }
    }
    int ci = pdn_rules__ci(color);
    if (depth == 0)
        *out = 1;
    else if (d->bb.shape == 1)
        *out = visit_10(&w, &p, &h, ci, depth);
    else if (d->bb.shape == 2)
        *out = visit_8(&w, &p, &h, ci, depth);
    else if (d->bb.shape == 3)
        *out = visit_8m(&w, &p, &h, ci, depth);
    else
        *out = visit_any(&w, &p, &h, ci, depth);
    pdn_alloc__put(&d->alloc, w.buf, w.cap * sizeof *w.buf);
    if (w.oom) {
        *out = 0;
        return PDN_ENOMEM;
    }
    return PDN_OK;
}
