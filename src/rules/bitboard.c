/* SPDX-License-Identifier: MIT */
/*
 * bitboard.c - perft on 64-bit bitboards, for every board whose playing
 * squares fit the layout of engine.c (8x8, 10x10, 10x8, Turkish 8x8) under
 * any rules.  It follows the capture paths exactly as the mailbox generator
 * (generate.c) does, so both count the same paths; at the last ply plain
 * moves are counted with popcounts instead of being listed.  The hot code
 * is bb_walk.h, compiled here once per common layout with constant shifts,
 * once more for the 10x10 layout under International's rules as constants,
 * and once for any layout.  The replay resolves its written moves on the
 * same bitboards (pdn_rules__live_resolve()): plain moves by masks, and
 * captures with the same search, which then keeps the paths of the captures
 * the move can mean; pdn_rules__live_quick() answers the common moves with
 * less (a man taking one piece by masks, a man's or a king's captures by a
 * search of that piece), and pdn_rules__live_count() counts legal moves as
 * perft does.
 */
#include "base/bits.h"
#include "board/board.h"
#include "rules/live.h"

#include <string.h>

/* A position (see pdn_rules__bits in rules.h). */
typedef pdn_rules__bits bbpos;

/* A move: one bit each for `from` and `to`, the captured pieces, and for the
 * Italian rule a key with bit 63-i set when the i-th captured piece is a king. */
typedef struct bbmove {
    uint64_t from, to, cap, order;
    uint8_t king, promotes;
    uint16_t trace; /* the replay's resolver: see keep_path() */
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
    int borrowed; /* buf is the caller's (on its stack): grow() copies it out */
    int oom;
    /* the capture search in progress */
    int ci;
    uint64_t empty, avail, avail_men, oppk, taken, order, from;
    int n, start_king, promoted;
    size_t base; /* first move of the node being generated */
    int most;    /* the rules want the most pieces first: shorter captures are
                    dropped as soon as a longer one is found */
    int best;    /* the longest capture found so far at this node */
    /* The sequence in progress: capt[i] is the i-th piece captured, land[i]
     * the square landed on after it (64 bits hold at most 63 opponents). */
    uint64_t capt[64], land[65];
    /* The replay's resolver keeps the paths of the captures from trace_from
     * to trace_to (both 0 in perft) in tpool (tlen of tcap cells used). */
    uint64_t trace_from, trace_to;
    int16_t *tpool;
    size_t tlen, tcap;
} bbwalk;

/* The orthogonal directions (rules.h puts them after the diagonal ones). */
#define BB_ORTHOGONAL (DIR_BIT(D_N) | DIR_BIT(D_S) | DIR_BIT(D_E) | DIR_BIT(D_W))

#if defined(__GNUC__)
#define BB_UNROLL _Pragma("GCC unroll 8")
#else
#define BB_UNROLL
#endif

static inline int popcount(uint64_t b)
{
    return (int)pdn_bits__popcount(b);
}

/* The highest set bit of x, or 0. */
static inline uint64_t high_bit(uint64_t x)
{
#if defined(__GNUC__)
    return x ? (uint64_t)1 << (63 - __builtin_clzll(x)) : 0;
#else
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    return x ^ (x >> 1);
#endif
}

static int grow(bbwalk *w)
{
    size_t cap = w->cap ? w->cap * 2 : 1024;
    bbmove *p = w->borrowed
                    ? pdn_alloc__get(&w->d->alloc, cap * sizeof *p)
                    : pdn_alloc__resize(&w->d->alloc, w->buf, w->cap * sizeof *p, cap * sizeof *p);
    if (p == NULL) {
        w->oom = 1;
        return 0;
    }
    if (w->borrowed && w->top > 0)
        memcpy(p, w->buf, w->top * sizeof *p);
    w->borrowed = 0;
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

/* A path that does not fit the pool: the resolver gives up on it. */
#define NO_TRACE UINT16_MAX

/*
 * Keeps the path of capture `m`, which ends on `to`, for the resolver: the
 * start, the landings and the captured pieces as cells, in order, in the
 * pool from m->trace on.  The paths are kept in the order of the mailbox
 * generator's, as both searches go the same way.  Not inlined: emit()
 * must stay small enough to be inlined in perft's hot loop.
 */
static PDN_NOINLINE void keep_path(bbwalk *w, bbmove *m, uint64_t to)
{
    size_t n = (size_t)w->n, need = 2 * n + 1;
    const int16_t *cell = w->L->cell;
    if (w->tlen + need > w->tcap) {
        m->trace = NO_TRACE;
        return;
    }
    int16_t *p = w->tpool + w->tlen;
    p[0] = cell[pdn_bits__ctz(w->from)];
    for (size_t i = 0; i < n; i++) {
        p[i + 1] = cell[pdn_bits__ctz(i + 1 < n ? w->land[i + 1] : to)];
        p[n + 1 + i] = cell[pdn_bits__ctz(w->capt[i])];
    }
    m->trace = (uint16_t)w->tlen;
    w->tlen += need;
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
    if ((w->from & w->trace_from) && (to & w->trace_to) && !w->oom)
        keep_path(w, &w->buf[w->top - 1], to);
}

/* Starts the search of the captures of the piece on `from`. */
static inline void start(bbwalk *w, uint64_t from, int king, uint64_t empty, uint64_t avail,
                         uint64_t avail_men)
{
    w->from = from;
    w->start_king = king;
    w->promoted = 0;
    w->empty = empty | from;
    w->avail = avail;
    w->avail_men = avail_men;
    w->taken = 0;
    w->order = 0;
    w->n = 0;
}

/* Takes piece `a` off the capturable set (and off the board when removal is
 * at once); the Italian key notes whether it is a king. */
static inline void take(bbwalk *w, uint64_t a)
{
    w->capt[w->n] = a;
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

/* A move written for the replay's resolver, as bits: see
 * pdn_rules__live_resolve(). */
typedef struct bbwritten {
    uint64_t from, to, listed;
    size_t listed_count;
} bbwritten;

/* The written squares as bits; false when one is not on the board (then no
 * move fits).  Every playing cell has a bit on a board that fits. */
static inline bool written_bits(bbwritten *x, const pdn_draughts *d, const pdn_square *squares,
                                const pdn_square *captured, size_t captured_count)
{
    const pdn_geometry *g = &d->geometry;
    int from = pdn_board__cell(g, squares[0]), to = pdn_board__cell(g, squares[1]);
    if (from < 0 || to < 0)
        return false;
    x->from = (uint64_t)1 << d->bit_of[from];
    x->to = (uint64_t)1 << d->bit_of[to];
    x->listed = 0;
    x->listed_count = captured_count;
    for (size_t i = 0; i < captured_count; i++) {
        int c = pdn_board__cell(g, captured[i]);
        if (c < 0)
            return false;
        x->listed |= (uint64_t)1 << d->bit_of[c];
    }
    return true;
}

/* What fits a written list of `n` captured pieces, `listed` as a set (the
 * list may repeat one): as many captured, every one listed among them. */
static int listed_fits(uint64_t cap, uint64_t listed, size_t n)
{
    return n == 0 || ((size_t)popcount(cap) == n && (listed & ~cap) == 0);
}

/* Sets up the resolver's capture search, its list and pool on the caller's
 * stack: most positions have a few captures, and the paths of a few fit. */
static void resolve_init(bbwalk *w, bbmove *buf, size_t cap, int16_t *pool, size_t pool_cap,
                         const bbwritten *x)
{
    w->flags = PDN_MOVES_UNIQUE;
    w->buf = buf;
    w->top = 0;
    w->cap = cap;
    w->borrowed = 1;
    w->oom = 0;
    w->most = w->d->rules.prefer[0] == PDN_PREFER_MOST_PIECES;
    w->trace_from = x->from;
    w->trace_to = x->to;
    w->tpool = pool;
    w->tlen = 0;
    w->tcap = pool_cap;
}

/* Of the captures w->buf[0..n), the ones the written move fits: their
 * number, and the first with its path into `out`. */
static pdn_status resolve_pick(pdn_rules__found *out, size_t *count, bbwalk *w, size_t n,
                               const bbwritten *x)
{
    const bbmove *first = NULL;
    size_t fit = 0;
    for (size_t i = 0; i < n; i++) {
        const bbmove *m = &w->buf[i];
        if (m->from == x->from && m->to == x->to &&
            listed_fits(m->cap, x->listed, x->listed_count) && fit++ == 0)
            first = m;
    }
    *count = fit;
    pdn_status st = PDN_OK;
    if (w->oom) {
        st = PDN_ENOMEM;
    } else if (first != NULL && first->trace == NO_TRACE) {
        st = PDN_EINVAL; /* a path too long for the pool */
    } else if (first != NULL) {
        size_t caps = (size_t)popcount(first->cap);
        for (size_t i = 0; i < 2 * caps + 1; i++)
            out->cells[i] = w->tpool[first->trace + i];
        out->from = first->from;
        out->to = first->to;
        out->cap = first->cap;
        out->move.from = out->cells[0];
        out->move.to = out->cells[caps];
        out->move.king = first->king;
        out->move.promotes = first->promotes;
        out->move.path_count = caps + 1;
        out->move.capture_count = caps;
        out->move.path = out->cells;
        out->move.captured = out->cells + caps + 1;
    }
    if (!w->borrowed)
        pdn_alloc__put(&w->d->alloc, w->buf, w->cap * sizeof *w->buf);
    return st;
}

/* A plain move found by the resolver. */
static void resolve_plain(pdn_rules__found *out, const bb_layout *L, uint64_t from, uint64_t to,
                          int king, int promotes)
{
    out->from = from;
    out->to = to;
    out->cap = 0;
    out->cells[0] = L->cell[pdn_bits__ctz(from)];
    out->cells[1] = L->cell[pdn_bits__ctz(to)];
    out->move.from = out->cells[0];
    out->move.to = out->cells[1];
    out->move.king = king;
    out->move.promotes = promotes;
    out->move.path_count = 2;
    out->move.capture_count = 0;
    out->move.path = out->cells;
    out->move.captured = NULL;
}

/*
 * The replay's search of a man's captures (WALK(men) in bb_walk.h): the
 * sequence in progress, and the captures from the written start that end
 * on the written square, with their paths.
 */
#define MAN_FOUND 8
typedef struct mansearch {
    const bb_layout *L;
    unsigned cap;
    uint64_t promo, t;
    int promotion, remove;
    int best;       /* the longest capture seen */
    int limit;      /* stop (stop = 1) when a capture is longer than this */
    int stop, bail; /* bail: this search cannot tell (see WALK(men)) */
    int record;     /* keep the captures that end on t */
    int with_paths; /* with their cells (pdn_rules__found.paths) */
    /* a king's search (WALK(king_dfs)): its directions, and the rules of
     * WALK(capture) for a king */
    unsigned kcap;
    int flying, lands_next, turn_back;
    const uint64_t (*ray)[64];
    uint64_t capt[64], land[64];
    size_t found;
    struct {
        int n;
        uint64_t taken;
        uint16_t at; /* cells: the landing squares, then the captured pieces */
    } fit[MAN_FOUND];
    uint16_t path_used;
    int16_t paths[MAN_FOUND * 2 * 24];
} mansearch;

/* A capture of n pieces ends on `to`. */
static inline void man_leaf(mansearch *m, uint64_t to, uint64_t taken, int n)
{
    if (n > m->best)
        m->best = n;
    if (to != m->t || !m->record)
        return;
    size_t need = 2 * (size_t)n;
    if (m->found == MAN_FOUND || m->path_used + need > sizeof m->paths / sizeof m->paths[0]) {
        m->stop = m->bail = 1;
        return;
    }
    /* (the room is counted without paths too: the same searches bail) */
    int16_t *p = m->paths + m->path_used;
    for (int i = 0; i < n && m->with_paths; i++) {
        p[i] = m->L->cell[pdn_bits__ctz(m->land[i])];
        p[n + i] = m->L->cell[pdn_bits__ctz(m->capt[i])];
    }
    m->fit[m->found].n = n;
    m->fit[m->found].taken = taken;
    m->fit[m->found].at = m->path_used;
    m->found++;
    m->path_used = (uint16_t)(m->path_used + need);
}

/* Of the captures kept, those the rules allow (all, or the longest where
 * the rules want the most pieces), one per captured set: 1 with the first in
 * `out` when there is one, else 0. */
static int man_pick(pdn_rules__found *out, const mansearch *m, const pdn_draughts *d, uint64_t f,
                    int most, int king)
{
    /* mostly one capture fits: then it is the one, with no sets to compare */
    size_t first = 0, sets = 1;
    if (m->found != 1 || (most && m->fit[0].n != m->best)) {
        first = MAN_FOUND;
        sets = 0;
        for (size_t i = 0; i < m->found; i++) {
            if (most && m->fit[i].n != m->best)
                continue;
            size_t j = 0;
            while (j < i &&
                   (m->fit[j].taken != m->fit[i].taken || (most && m->fit[j].n != m->best)))
                j++;
            if (j < i)
                continue; /* the same captured set as an earlier one */
            if (sets++ == 0)
                first = i;
        }
    }
    if (sets != 1)
        return 0;
    int n = m->fit[first].n;
    const int16_t *p = m->paths + m->fit[first].at;
    out->from = f;
    out->to = m->t;
    out->cap = m->fit[first].taken;
    out->move.king = king;
    out->move.promotes = !king && (m->t & m->promo) != 0;
    out->move.path_count = (size_t)n + 1;
    out->move.capture_count = (size_t)n;
    if (!m->with_paths) {
        out->move.from = d->bb.cell[pdn_bits__ctz(f)];
        out->move.to = d->bb.cell[pdn_bits__ctz(m->t)];
        out->move.path = out->move.captured = NULL;
        return 1;
    }
    out->cells[0] = d->bb.cell[pdn_bits__ctz(f)];
    for (int i = 0; i < n; i++) {
        out->cells[1 + i] = p[i];
        out->cells[n + 1 + i] = p[n + i];
    }
    out->move.from = out->cells[0];
    out->move.to = out->cells[n];
    out->move.path = out->cells;
    out->move.captured = out->cells + n + 1;
    return 1;
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

/* The 10x10 layout under International's rules (pdn_rules__bb_intl()), as
 * constants: the fields of intl_rules that bb_walk.h reads, and those of a
 * mansearch (set up from them) as INTL_M_*. */
#define BB_DIAGONAL (DIR_BIT(D_NE) | DIR_BIT(D_NW) | DIR_BIT(D_SE) | DIR_BIT(D_SW))
static const pdn_rules intl_rules = {
    .king_flying = 1,
    .king_capture_flying = 1,
    .king_lands_next = 0,
    .men_capture_kings = 1,
    .remove_immediately = 0,
    .reverse_allowed = 0,
    .promotion = PDN_PROMOTE_PASS,
    .prefer = {PDN_PREFER_MOST_PIECES, PDN_PREFER_END},
};
enum {
    INTL_M_cap = BB_DIAGONAL,
    INTL_M_kcap = BB_DIAGONAL,
    INTL_M_promotion = PDN_PROMOTE_PASS,
    INTL_M_remove = 0,
    INTL_M_flying = 1,
    INTL_M_lands_next = 0,
    INTL_M_turn_back = 0
};

#define WALK(name) name##_intl
#define WALK_SHIFTS BB_SHAPE_10
#define WALK_INTL
#include "rules/bb_walk.h"
#undef WALK
#undef WALK_SHIFTS
#undef WALK_INTL

int pdn_rules__bb_intl(const pdn_draughts *d)
{
    const pdn_rules *r = &d->rules, *i = &intl_rules;
    int same = d->bb.ok && d->bb.shape == 1 && r->king_flying == i->king_flying &&
               r->king_capture_flying == i->king_capture_flying &&
               r->king_lands_next == i->king_lands_next &&
               r->men_capture_kings == i->men_capture_kings &&
               r->remove_immediately == i->remove_immediately &&
               r->reverse_allowed == i->reverse_allowed && r->promotion == i->promotion &&
               r->prefer[0] == i->prefer[0] && r->prefer[1] == i->prefer[1];
    for (int ci = 0; ci < 2; ci++)
        same = same && d->man_cap[ci] == BB_DIAGONAL && d->king_cap[ci] == BB_DIAGONAL &&
               d->king_move[ci] == BB_DIAGONAL;
    return same;
}

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
    /* the squares of the layout alone: the others have no cell */
    for (uint64_t left = d->bb.board; left != 0; left &= left - 1) {
        unsigned i = pdn_bits__ctz(left);
        int c = d->bb.cell[i];
        if (board[c] == 0)
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
    int ci = pdn_rules__ci(color), oi = ci ^ 1;
    uint64_t opp = b->men[oi] | b->kings[oi];
    uint64_t empty = d->bb.board & ~(opp | b->men[ci] | b->kings[ci] | b->other);
    uint64_t avail_men = d->rules.men_capture_kings ? opp : b->men[oi];
    if (d->bb.shape == 1)
        return d->steps.intl ? capturers_intl(d, ci, b, empty, opp, avail_men)
                             : capturers_10(d, ci, b, empty, opp, avail_men);
    if (d->bb.shape == 2)
        return capturers_8(d, ci, b, empty, opp, avail_men);
    if (d->bb.shape == 3)
        return capturers_8m(d, ci, b, empty, opp, avail_men);
    return capturers_any(d, ci, b, empty, opp, avail_men);
}

uint64_t pdn_rules__bb_kings_able(const pdn_draughts *d, int ci, uint64_t kings, uint64_t empty,
                                  uint64_t avail)
{
    switch (d->bb.shape) {
    case 1:
        return d->steps.intl ? king_capturers_intl(d, ci, kings, empty, avail)
                             : king_capturers_10(d, ci, kings, empty, avail);
    case 2:
        return king_capturers_8(d, ci, kings, empty, avail);
    case 3:
        return king_capturers_8m(d, ci, kings, empty, avail);
    default:
        return king_capturers_any(d, ci, kings, empty, avail);
    }
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

pdn_status pdn_rules__live_resolve(pdn_rules__found *out, size_t *count, const pdn_draughts *d,
                                   const pdn_rules__live *lv, const pdn_square *squares,
                                   const pdn_square *captured, size_t captured_count)
{
    switch (d->bb.shape) {
    case 1:
        return d->steps.intl ? resolve_intl(out, count, d, lv, squares, captured, captured_count)
                             : resolve_10(out, count, d, lv, squares, captured, captured_count);
    case 2:
        return resolve_8(out, count, d, lv, squares, captured, captured_count);
    case 3:
        return resolve_8m(out, count, d, lv, squares, captured, captured_count);
    default:
        return resolve_any(out, count, d, lv, squares, captured, captured_count);
    }
}

/* pdn_rules__live_quick() and pdn_rules__live_quick_bare(), by out->paths:
 * one body for the two. */
static PDN_NOINLINE bool live_quick(pdn_rules__found *out, const pdn_draughts *d,
                                    const pdn_rules__live *lv, int from, int to)
{
    int ci = pdn_rules__ci(lv->color);
    uint64_t f = (uint64_t)1 << d->bit_of[from], t = (uint64_t)1 << d->bit_of[to];
    const pdn_rules__bits *b = &lv->bits;
    if (f & b->men[ci]) {
        switch (d->bb.shape) {
        case 1:
            return d->steps.intl ? single_intl(out, d, b, ci, f, t)
                                 : single_10(out, d, b, ci, f, t);
        case 2:
            return single_8(out, d, b, ci, f, t);
        case 3:
            return single_8m(out, d, b, ci, f, t);
        default:
            return single_any(out, d, b, ci, f, t);
        }
    }
    if (!(f & b->kings[ci]))
        return false;
    switch (d->bb.shape) {
    case 1:
        return d->steps.intl ? king_step_intl(out, d, lv, ci, f, t)
                             : king_step_10(out, d, lv, ci, f, t);
    case 2:
        return king_step_8(out, d, lv, ci, f, t);
    case 3:
        return king_step_8m(out, d, lv, ci, f, t);
    default:
        return king_step_any(out, d, lv, ci, f, t);
    }
}

bool pdn_rules__live_quick_bare(pdn_rules__found *out, const pdn_draughts *d,
                                const pdn_rules__live *lv, int from, int to)
{
    out->paths = 0;
    return live_quick(out, d, lv, from, to);
}

bool pdn_rules__live_quick(pdn_rules__found *out, const pdn_draughts *d, const pdn_rules__live *lv,
                           int from, int to)
{
    out->paths = 1;
    return live_quick(out, d, lv, from, to);
}

/* Perft below the position `p` with history `st` (NULL: none). */
static pdn_status perft_bits(uint64_t *out, const pdn_draughts *d, const bbpos *p, unsigned color,
                             const pdn_draughts_state *st, int depth, unsigned flags)
{
    bbwalk w;
    bbhist h;
    memset(&w, 0, sizeof w);
    memset(&h, 0, sizeof h);
    w.d = d;
    w.L = &d->bb;
    w.flags = flags;
    w.most = d->rules.prefer[0] == PDN_PREFER_MOST_PIECES;
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
    else if (d->bb.shape == 1 && d->steps.intl)
        *out = visit_intl(&w, p, &h, ci, depth);
    else if (d->bb.shape == 1)
        *out = visit_10(&w, p, &h, ci, depth);
    else if (d->bb.shape == 2)
        *out = visit_8(&w, p, &h, ci, depth);
    else if (d->bb.shape == 3)
        *out = visit_8m(&w, p, &h, ci, depth);
    else
        *out = visit_any(&w, p, &h, ci, depth);
    pdn_alloc__put(&d->alloc, w.buf, w.cap * sizeof *w.buf);
    if (w.oom) {
        *out = 0;
        return PDN_ENOMEM;
    }
    return PDN_OK;
}

pdn_status pdn_rules__perft_bb(uint64_t *out, const pdn_draughts *d, const uint8_t *board,
                               unsigned color, const pdn_draughts_state *st, int depth,
                               unsigned flags)
{
    bbpos p;
    memset(&p, 0, sizeof p);
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
    return perft_bits(out, d, &p, color, st, depth, flags);
}

pdn_status pdn_rules__live_count(size_t *out, const pdn_draughts *d, const pdn_rules__live *lv)
{
    uint64_t n = 0;
    pdn_status s = perft_bits(&n, d, &lv->bits, lv->color, &lv->st, 1, PDN_MOVES_UNIQUE);
    *out = (size_t)n;
    return s;
}
