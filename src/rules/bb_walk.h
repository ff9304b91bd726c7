/* SPDX-License-Identifier: MIT */
/*
 * bb_walk.h - the hot part of the bitboard perft, included by bitboard.c
 * once per board layout: WALK(name) names this copy's functions, and
 * WALK_SHIFTS gives the layout's shift of each direction as constants (the
 * diagonal steps then need no mask, thanks to the ghost squares), or is left
 * undefined for the copy that reads shifts and masks from the engine.  The
 * direction loops are unrolled so that every shift is a constant.
 */

/* One step in direction d (see bb_layout in rules.h). */
static inline uint64_t WALK(step)(const bb_layout *L, uint64_t b, int d)
{
#ifdef WALK_SHIFTS
    static const int shift[D_COUNT] = WALK_SHIFTS;
    if (d >= D_N)
        b &= L->pre[d];
    return shift[d] > 0 ? b << shift[d] : b >> -shift[d];
#else
    return ((b & L->pre[d]) << L->left[d]) >> L->right[d];
#endif
}

static size_t WALK(jumps)(bbwalk *w, uint64_t cur, int king, unsigned skip);

/* What capturing `a` in direction `dir` leads to: see jumps() in generate.c. */
static size_t WALK(capture)(bbwalk *w, uint64_t a, int dir, int king)
{
    const pdn_rules *r = &w->d->rules;
    const bb_layout *L = w->L;
    uint64_t b = WALK(step)(L, a, dir);
    uint64_t s_avail = w->avail, s_men = w->avail_men, s_taken = w->taken, s_empty = w->empty;
    uint64_t s_order = w->order;
    unsigned back =
        r->remove_immediately && r->reverse_allowed ? 0 : DIR_BIT(pdn_rules__reverse(dir));
    size_t found = 0;
    take(w, a);
    if (king && !r->king_lands_next) {
        unsigned later = r->king_capture_flying ? LINE_BITS(dir) : back;
        for (uint64_t l = b; l & w->empty; l = WALK(step)(L, l, dir))
            found += WALK(jumps)(w, l, 1, l == b ? back : later);
        if (found == 0)
            for (uint64_t l = b; l & w->empty; l = WALK(step)(L, l, dir), found++)
                emit(w, l);
    } else {
        if (!king && (b & L->promo[w->ci])) {
            if (r->promotion == PDN_PROMOTE_KING) {
                w->promoted = 1;
                found = WALK(jumps)(w, b, 1, back);
                w->promoted = 0;
            } else if (r->promotion == PDN_PROMOTE_PASS) {
                found = WALK(jumps)(w, b, 0, back);
            }
        } else {
            found = WALK(jumps)(w, b, king, back);
        }
        if (found == 0) {
            emit(w, b);
            found = 1;
        }
    }
    w->avail = s_avail;
    w->avail_men = s_men;
    w->taken = s_taken;
    w->empty = s_empty;
    w->order = s_order;
    w->n--;
    return found;
}

static size_t WALK(jumps)(bbwalk *w, uint64_t cur, int king, unsigned skip)
{
    const pdn_draughts *d = w->d;
    const bb_layout *L = w->L;
    unsigned dirs = (king ? d->king_cap[w->ci] : d->man_cap[w->ci]) & ~skip;
    int flying = king && d->rules.king_capture_flying;
    uint64_t targets = king ? w->avail : w->avail_men;
    size_t found = 0;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (!(dirs & DIR_BIT(dir)))
            continue;
        uint64_t a = WALK(step)(L, cur, dir);
        if (flying)
            while (a & w->empty)
                a = WALK(step)(L, a, dir);
        if ((a & targets) && (WALK(step)(L, a, dir) & w->empty))
            found += WALK(capture)(w, a, dir, king);
    }
    return found;
}

/*
 * The pieces that have a capture: men by shifts over the whole board, kings
 * one by one (there are few).  The search then starts only from these.
 */
static uint64_t WALK(capturers)(const bbwalk *w, const bbpos *p, uint64_t empty, uint64_t avail,
                                uint64_t avail_men)
{
    const pdn_draughts *d = w->d;
    const bb_layout *L = w->L;
    int ci = w->ci;
    uint64_t out = 0, men = p->men[ci], kings = p->kings[ci];
    unsigned man_cap = d->man_cap[ci], king_cap = d->king_cap[ci];
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        int back = pdn_rules__reverse(dir);
        if (man_cap & DIR_BIT(dir))
            out |= WALK(step)(L, WALK(step)(L, empty, back) & avail_men, back) & men;
        if (!kings || !(king_cap & DIR_BIT(dir)))
            continue;
        uint64_t hit = WALK(step)(L, empty, back) & avail; /* empty behind */
        for (uint64_t k = kings; k; k &= k - 1) {
            uint64_t a = WALK(step)(L, k & (~k + 1), dir);
            if (d->rules.king_capture_flying)
                while (a & empty)
                    a = WALK(step)(L, a, dir);
            if (a & hit)
                out |= k & (~k + 1);
        }
    }
    return out;
}

/* The captures of the side to move into buf[base..top), as settle() leaves them. */
static size_t WALK(captures)(bbwalk *w, const bbpos *p, size_t base)
{
    const pdn_draughts *d = w->d;
    int ci = w->ci, oi = ci ^ 1;
    uint64_t opp = p->men[oi] | p->kings[oi];
    uint64_t empty = w->L->board & ~(opp | p->men[ci] | p->kings[ci] | p->other);
    uint64_t avail_men = d->rules.men_capture_kings ? opp : p->men[oi];
    uint64_t able = WALK(capturers)(w, p, empty, opp, avail_men);
    if (!able)
        return 0;
    w->base = base;
    w->best = 0;
    w->oppk = p->kings[oi];
    for (; able; able &= able - 1) {
        uint64_t from = able & (~able + 1);
        int k = (from & p->kings[ci]) != 0;
        w->from = from;
        w->start_king = k;
        w->promoted = 0;
        w->empty = empty | from;
        w->avail = opp;
        w->avail_men = avail_men;
        w->taken = 0;
        w->order = 0;
        w->n = 0;
        WALK(jumps)(w, from, k, 0);
    }
    return settle(w, p, base);
}

/* Plain moves: listed into the stack, or only counted when `list` is 0. */
static uint64_t WALK(plain)(bbwalk *w, const bbpos *p, const bbhist *h, int list)
{
    const pdn_draughts *d = w->d;
    const bb_layout *L = w->L;
    int ci = w->ci, flying = d->rules.king_flying;
    uint64_t empty = L->board & ~(p->men[0] | p->men[1] | p->kings[0] | p->kings[1] | p->other);
    uint64_t men = p->men[ci], kings = p->kings[ci] & ~limited(w, p, h), count = 0;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (d->man_move[ci] & DIR_BIT(dir)) {
            uint64_t t = WALK(step)(L, men, dir) & empty;
            if (!list)
                count += (uint64_t)popcount(t);
            for (; list && t; t &= t - 1) {
                uint64_t to = t & (~t + 1);
                add(w, WALK(step)(L, to, pdn_rules__reverse(dir)), to, 0, 0,
                    (to & L->promo[ci]) != 0);
            }
        }
        if (!kings || !(d->king_move[ci] & DIR_BIT(dir)))
            continue;
        if (!list) {
            /* the rays of distinct kings in one direction never overlap */
            for (uint64_t f = WALK(step)(L, kings, dir) & empty; f;
                 f = flying ? WALK(step)(L, f, dir) & empty : 0)
                count += (uint64_t)popcount(f);
            continue;
        }
        for (uint64_t k = kings; k; k &= k - 1) {
            uint64_t from = k & (~k + 1);
            for (uint64_t t = WALK(step)(L, from, dir) & empty; t;
                 t = flying ? WALK(step)(L, t, dir) & empty : 0)
                add(w, from, t, 0, 1, 0);
        }
    }
    return count;
}

/* perft(depth) below position p with colour ci to move; plain moves are
 * counted, not listed, at the last ply. */
static uint64_t WALK(visit)(bbwalk *w, const bbpos *p, const bbhist *h, int ci, int depth)
{
    size_t base = w->top;
    w->ci = ci;
    size_t n = WALK(captures)(w, p, base);
    if (depth == 1) {
        w->top = base;
        return n ? n : WALK(plain)(w, p, h, 0);
    }
    if (n == 0) {
        WALK(plain)(w, p, h, 1);
        n = w->top - base;
    }
    uint64_t total = 0;
    for (size_t i = 0; i < n && !w->oom; i++) {
        bbpos child = *p;
        bbhist hist = *h;
        play(&child, &w->buf[base + i], ci, &hist);
        total += WALK(visit)(w, &child, &hist, ci ^ 1, depth - 1);
    }
    w->top = base;
    return total;
}
