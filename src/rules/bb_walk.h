/* SPDX-License-Identifier: MIT */
/*
 * bb_walk.h - the hot part of the bitboard perft and of the replay's
 * resolver, included by bitboard.c once per board layout: WALK(name) names
 * this copy's functions, and WALK_SHIFTS gives the layout's shift of each
 * direction as constants (the diagonal steps then need no mask, thanks to
 * the ghost squares), or is left undefined for the copy that reads shifts
 * and masks from the engine.  The direction loops are unrolled so that
 * every shift is a constant.  WALK_INTL, defined for one copy of the 10x10
 * layout, makes International's rules constants too (engines for which
 * pdn_rules__bb_intl() holds): the rules are read through the macros below.
 */

#ifdef WALK_INTL
#define WALK_RULES(d) ((void)(d), &intl_rules)
#define WALK_MAN_CAP(d, ci) ((void)(d), (void)(ci), BB_DIAGONAL)
#define WALK_KING_CAP(d, ci) ((void)(d), (void)(ci), BB_DIAGONAL)
#define WALK_KING_MOVE(d, ci) ((void)(d), (void)(ci), BB_DIAGONAL)
#define WALK_M(m, field) ((void)(m), (int)INTL_M_##field)
#else
#define WALK_RULES(d) (&(d)->rules)
#define WALK_MAN_CAP(d, ci) ((d)->man_cap[ci])
#define WALK_KING_CAP(d, ci) ((d)->king_cap[ci])
#define WALK_KING_MOVE(d, ci) ((d)->king_move[ci])
#define WALK_M(m, field) ((m)->field)
#endif

/* One step in direction d (see bb_layout in rules.h). */
static inline uint64_t WALK(step)(const bb_layout *L, uint64_t b, int d)
{
#ifdef WALK_SHIFTS
    static const int shift[D_COUNT] = WALK_SHIFTS;
    if (d >= D_N)
        b &= L->pre[d];
    return shift[d] > 0 ? b << shift[d] : b >> -shift[d];
#else
    return pdn_rules__step(L, b, d);
#endif
}

/* The nearest square of `x`, squares on one line beyond some square, in
 * direction d (0 when x is). */
static inline uint64_t WALK(nearest)(const bb_layout *L, uint64_t x, int d)
{
#ifdef WALK_SHIFTS
    static const int shift[D_COUNT] = WALK_SHIFTS;
    (void)L;
    return shift[d] > 0 ? x & (0 - x) : high_bit(x);
#else
    return L->shift[d] > 0 ? x & (0 - x) : high_bit(x);
#endif
}

static size_t WALK(jumps)(bbwalk *w, uint64_t cur, int king, unsigned skip);

/* What capturing `a` in direction `dir` leads to: see jumps() in generate.c. */
static size_t WALK(capture)(bbwalk *w, uint64_t a, int dir, int king)
{
    const pdn_rules *r = WALK_RULES(w->d);
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
        for (uint64_t l = b; l & w->empty; l = WALK(step)(L, l, dir)) {
            w->land[w->n] = l;
            found += WALK(jumps)(w, l, 1, l == b ? back : later);
        }
        if (found == 0)
            for (uint64_t l = b; l & w->empty; l = WALK(step)(L, l, dir), found++)
                emit(w, l);
    } else {
        w->land[w->n] = b;
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
    unsigned dirs = (king ? WALK_KING_CAP(d, w->ci) : WALK_MAN_CAP(d, w->ci)) & ~skip;
    int flying = king && WALK_RULES(d)->king_capture_flying;
    uint64_t targets = king ? w->avail : w->avail_men;
    size_t found = 0;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (dir == D_N && !(dirs & BB_ORTHOGONAL))
            break; /* most rules capture on diagonals only */
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

/* The kings of the side to move that have a capture, one by one (there are
 * few): see capturers(). */
static uint64_t WALK(king_capturers)(const pdn_draughts *d, int ci, uint64_t kings, uint64_t empty,
                                     uint64_t avail)
{
    const bb_layout *L = &d->bb;
    unsigned king_cap = WALK_KING_CAP(d, ci);
    uint64_t out = 0, hit[D_COUNT];
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        int back = pdn_rules__reverse(dir);
        hit[dir] = 0;
        if (dir >= D_N && !(king_cap & BB_ORTHOGONAL))
            continue;
        if (!(king_cap & DIR_BIT(dir)))
            continue;
        hit[dir] = WALK(step)(L, empty, back) & avail; /* empty behind */
        if (!WALK_RULES(d)->king_capture_flying)
            out |= WALK(step)(L, hit[dir], back) & kings; /* as men capture */
    }
    if (!WALK_RULES(d)->king_capture_flying)
        return out;
    /* the first piece on each line of each king: a ray and a bit scan */
    for (uint64_t k = kings; k; k &= k - 1) {
        int at = (int)pdn_bits__ctz(k);
        BB_UNROLL
        for (int dir = 0; dir < D_COUNT; dir++) {
            if (hit[dir] && (WALK(nearest)(L, d->ray[dir][at] & ~empty, dir) & hit[dir])) {
                out |= k & (~k + 1);
                break;
            }
        }
    }
    return out;
}

/*
 * The pieces that have a capture: men by shifts over the whole board, kings
 * one by one.  The search then starts only from these.  Inline: it runs
 * for every position, and the men's part is a few shifts.
 */
static PDN_FORCE_INLINE uint64_t WALK(capturers)(const pdn_draughts *d, int ci, const bbpos *p,
                                                 uint64_t empty, uint64_t avail, uint64_t avail_men)
{
    const bb_layout *L = &d->bb;
    uint64_t out = 0, men = p->men[ci];
    unsigned man_cap = WALK_MAN_CAP(d, ci);
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        int back = pdn_rules__reverse(dir);
        if (dir == D_N && !(man_cap & BB_ORTHOGONAL))
            break;
        if (man_cap & DIR_BIT(dir))
            out |= WALK(step)(L, WALK(step)(L, empty, back) & avail_men, back) & men;
    }
    if (p->kings[ci])
        out |= WALK(king_capturers)(d, ci, p->kings[ci], empty, avail);
    return out;
}

/* The captures of the side to move into buf[base..top), as settle() leaves
 * them; `known` gives the pieces that can capture when the caller knows
 * them (NULL: found here). */
static inline size_t WALK(captures)(bbwalk *w, const bbpos *p, size_t base, const uint64_t *known)
{
    const pdn_draughts *d = w->d;
    int ci = w->ci, oi = ci ^ 1;
    uint64_t opp = p->men[oi] | p->kings[oi];
    uint64_t empty = w->L->board & ~(opp | p->men[ci] | p->kings[ci] | p->other);
    uint64_t avail_men = WALK_RULES(d)->men_capture_kings ? opp : p->men[oi];
    uint64_t able = known != NULL ? *known : WALK(capturers)(d, ci, p, empty, opp, avail_men);
    if (!able)
        return 0;
    w->base = base;
    w->best = 0;
    w->oppk = p->kings[oi];
    for (; able; able &= able - 1) {
        uint64_t from = able & (~able + 1);
        int k = (from & p->kings[ci]) != 0;
        start(w, from, k, empty, opp, avail_men);
        WALK(jumps)(w, from, k, 0);
    }
    return settle(w, p, base);
}

/* The replay's resolver of a capture (the side to move has one, from the
 * pieces `able`); kept out of WALK(resolve), whose plain moves are the
 * common case. */
static PDN_NOINLINE pdn_status WALK(resolve_capture)(pdn_rules__found *out, size_t *count,
                                                     const pdn_draughts *d, const bbpos *p, int ci,
                                                     uint64_t able, const bbwritten *x)
{
    bbmove buf[64];
    int16_t pool[1024];
    bbwalk w;
    w.d = d;
    w.L = &d->bb;
    w.ci = ci;
    resolve_init(&w, buf, sizeof buf / sizeof buf[0], pool, sizeof pool / sizeof pool[0], x);
    return resolve_pick(out, count, &w, WALK(captures)(&w, p, 0, &able), x);
}

/*
 * The replay's resolver of a capture from `f` to `t` (no list of captured
 * pieces) by the search, from the pieces `able`: all that can capture where
 * the rules want the most pieces, or the one on `f` alone with a free
 * choice (the other pieces' captures then do not matter).  1 with the move
 * in `out` when exactly one fits, else 0.
 */
static int WALK(traced)(pdn_rules__found *out, const pdn_draughts *d, const bbpos *p, int ci,
                        uint64_t able, uint64_t f, uint64_t t)
{
    if (!(able & f))
        return 0;
    bbwritten x = {f, t, 0, 0};
    size_t count = 0;
    return WALK(resolve_capture)(out, &count, d, p, ci, able, &x) == PDN_OK && count == 1;
}

/* Whether a man on `cur` has a capture (WALK(man_dfs) goes on from it). */
static inline int WALK(man_more)(const mansearch *m, uint64_t cur, uint64_t avail, uint64_t empty)
{
    const bb_layout *L = m->L;
    unsigned cap = WALK_M(m, cap);
    uint64_t any = 0;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (dir == D_N && !(cap & BB_ORTHOGONAL))
            break;
        if (cap & DIR_BIT(dir))
            any |= WALK(step)(L, WALK(step)(L, cur, dir) & avail, dir) & empty;
    }
    return any != 0;
}

/* The men's capture search of the replay's resolver: see WALK(men). */
static PDN_NOINLINE void WALK(man_dfs)(mansearch *m, uint64_t cur, uint64_t avail, uint64_t empty,
                                       uint64_t taken, int n)
{
    const bb_layout *L = m->L;
    unsigned cap = WALK_M(m, cap);
    int found = 0;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (dir == D_N && !(cap & BB_ORTHOGONAL))
            break;
        if (!(cap & DIR_BIT(dir)))
            continue;
        uint64_t a = WALK(step)(L, cur, dir) & avail;
        uint64_t b = WALK(step)(L, a, dir) & empty;
        if (b == 0)
            continue;
        found = 1;
        if (n >= m->limit) {
            m->stop = 1; /* longer than the limit */
            return;
        }
        m->capt[n] = a;
        m->land[n] = b;
        if ((b & m->promo) && WALK_M(m, promotion) != PDN_PROMOTE_PASS) {
            if (WALK_M(m, promotion) == PDN_PROMOTE_KING) {
                m->stop = m->bail = 1; /* crowned, he goes on as a king */
                return;
            }
            man_leaf(m, b, taken | a, n + 1); /* crowned, the move ends */
        } else {
            uint64_t left = avail & ~a, after = WALK_M(m, remove) ? empty | a : empty;
            /* a landing with no capture on ends the move: its leaf without the call */
            if (WALK(man_more)(m, b, left, after))
                WALK(man_dfs)(m, b, left, after, taken | a, n + 1);
            else
                man_leaf(m, b, taken | a, n + 1);
        }
        if (m->stop)
            return;
    }
    if (!found && n > 0)
        man_leaf(m, cur, taken, n);
}

/* The first piece a king on `cur` meets in direction `dir` (a flying
 * king), or the next square (a short one); 0 for none. */
static inline uint64_t WALK(king_meets)(const mansearch *m, uint64_t cur, uint64_t empty, int dir)
{
    return WALK_M(m, flying) ? WALK(nearest)(m->L, m->ray[dir][pdn_bits__ctz(cur)] & ~empty, dir)
                             : WALK(step)(m->L, cur, dir);
}

/* The directions of `dirs` in which a king on `cur` has a capture. */
static inline unsigned WALK(king_can)(const mansearch *m, uint64_t cur, uint64_t avail,
                                      uint64_t empty, unsigned dirs)
{
    const bb_layout *L = m->L;
    unsigned out = 0;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (dir == D_N && !(dirs & BB_ORTHOGONAL))
            break;
        if (!(dirs & DIR_BIT(dir)))
            continue;
        uint64_t a = WALK(king_meets)(m, cur, empty, dir);
        if (WALK(step)(L, a & avail, dir) & empty)
            out |= DIR_BIT(dir);
    }
    return out;
}

/*
 * WALK(jumps) and WALK(capture) for a king alone, on the men's search: the
 * same captures in the same order, the king's own found as WALK(man_dfs)
 * finds a man's (recorded when they end on m->t, or stopped when one is
 * longer than m->limit).  `dirs` (not 0) are the directions in which the
 * king on `cur` has a capture (WALK(king_can)): a landing square is looked
 * at before a call, as most have no capture.
 */
static PDN_NOINLINE void WALK(king_dfs)(mansearch *m, uint64_t cur, uint64_t avail, uint64_t empty,
                                        uint64_t taken, int n, unsigned dirs)
{
    const bb_layout *L = m->L;
    if (n >= m->limit) {
        m->stop = 1; /* longer than the limit */
        return;
    }
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (dir == D_N && !(dirs & BB_ORTHOGONAL))
            break;
        if (!(dirs & DIR_BIT(dir)))
            continue;
        uint64_t a = WALK(king_meets)(m, cur, empty, dir);
        uint64_t b = WALK(step)(L, a, dir);
        unsigned back = WALK_M(m, turn_back) ? 0 : DIR_BIT(pdn_rules__reverse(dir));
        uint64_t after = WALK_M(m, remove) ? empty | a : empty, left = avail & ~a;
        int sub = 0;
        m->capt[n] = a;
        if (!WALK_M(m, lands_next)) {
            unsigned later = WALK_M(m, flying) ? LINE_BITS(dir) : back;
            for (uint64_t l = b; l & after; l = WALK(step)(L, l, dir)) {
                unsigned can =
                    WALK(king_can)(m, l, left, after, WALK_M(m, kcap) & ~(l == b ? back : later));
                if (can == 0)
                    continue;
                m->land[n] = l;
                sub = 1;
                WALK(king_dfs)(m, l, left, after, taken | a, n + 1, can);
                if (m->stop)
                    return;
            }
            for (uint64_t l = b; sub == 0 && (l & after); l = WALK(step)(L, l, dir)) {
                m->land[n] = l;
                man_leaf(m, l, taken | a, n + 1);
                if (m->stop)
                    return;
            }
        } else {
            unsigned can = WALK(king_can)(m, b, left, after, WALK_M(m, kcap) & ~back);
            m->land[n] = b;
            if (can != 0)
                WALK(king_dfs)(m, b, left, after, taken | a, n + 1, can);
            else
                man_leaf(m, b, taken | a, n + 1);
            if (m->stop)
                return;
        }
    }
}

/* Sets up the men's search for one side's king (m->limit, record, t the
 * caller's). */
static void WALK(king_init)(mansearch *m, const pdn_draughts *d, int ci)
{
    m->L = &d->bb;
    m->cap = WALK_MAN_CAP(d, ci);
    m->kcap = WALK_KING_CAP(d, ci);
    m->promo = d->bb.promo[ci];
    m->promotion = WALK_RULES(d)->promotion;
    m->remove = WALK_RULES(d)->remove_immediately;
    m->flying = WALK_RULES(d)->king_capture_flying;
    m->lands_next = WALK_RULES(d)->king_lands_next;
    m->turn_back = WALK_RULES(d)->remove_immediately && WALK_RULES(d)->reverse_allowed;
    m->ray = (const uint64_t(*)[64])d->ray;
    m->best = 0;
    m->stop = m->bail = 0;
    m->found = 0;
    m->path_used = 0;
}

/*
 * The replay's resolver of a capture by the king on `f` ending on `t` (no
 * list of captured pieces) where the rules leave the choice free or want
 * the most pieces (`most`): the king's captures are searched as the
 * general search goes, and where the rules want the most, those of the
 * side's other pieces only as far as it takes to see whether one is longer
 * than the king's longest.  1 with the move in `out` when exactly one fits,
 * 0 when none or several do (or the king has no capture), -1 when this
 * search cannot tell (too many captures fit; a man crowned on the way goes
 * on as a king).
 */
static int WALK(king_takes)(pdn_rules__found *out, const pdn_draughts *d, const bbpos *p, int ci,
                            int most, uint64_t f, uint64_t t, uint64_t empty)
{
    int oi = ci ^ 1;
    uint64_t opp = p->men[oi] | p->kings[oi];
    mansearch m;
    WALK(king_init)(&m, d, ci);
    m.t = t;
    m.limit = 64;
    m.record = 1;
    m.with_paths = out->paths;
    unsigned can = WALK(king_can)(&m, f, opp, empty | f, m.kcap);
    if (can == 0)
        return 0;
    WALK(king_dfs)(&m, f, opp, empty | f, 0, 0, can);
    if (m.bail)
        return -1;
    if (m.found == 0)
        return 0;
    if (most) {
        size_t i = 0;
        while (i < m.found && m.fit[i].n != m.best)
            i++;
        if (i == m.found)
            return 0; /* the king's captures that end on t are not his longest */
        m.record = 0;
        m.limit = m.best;
        const bb_layout *L = &d->bb;
        uint64_t avail_men = WALK_RULES(d)->men_capture_kings ? opp : p->men[oi], men = 0;
        unsigned cap = WALK_MAN_CAP(d, ci);
        BB_UNROLL
        for (int dir = 0; dir < D_COUNT; dir++) {
            int back = pdn_rules__reverse(dir);
            if (dir == D_N && !(cap & BB_ORTHOGONAL))
                break;
            if (cap & DIR_BIT(dir))
                men |= WALK(step)(L, WALK(step)(L, empty, back) & avail_men, back) & p->men[ci];
        }
        for (; men != 0; men &= men - 1) {
            uint64_t from = men & (~men + 1);
            WALK(man_dfs)(&m, from, avail_men, empty | from, 0, 0);
            if (m.bail)
                return -1;
            if (m.stop)
                return 0; /* a longer capture of a man */
        }
        for (uint64_t k = p->kings[ci] & ~f; k != 0; k &= k - 1) {
            uint64_t from = k & (~k + 1);
            can = WALK(king_can)(&m, from, opp, empty | from, m.kcap);
            if (can != 0)
                WALK(king_dfs)(&m, from, opp, empty | from, 0, 0, can);
            if (m.stop)
                return 0; /* a longer capture of another king */
        }
    }
    return man_pick(out, &m, d, f, most, 1);
}

/*
 * The replay's resolver of a man's capture from `f` to `t` (no list of
 * captured pieces), where the rules leave the choice free or want the most
 * pieces and no king of the side can capture: the captures of the man on
 * `f` are searched as the general search goes (so the first that fits is
 * the one it would keep), and where the rules want the most pieces, those
 * of the other men that can capture (`able`) only as far as it takes to see
 * whether one is longer.  1 with the move in `out` when exactly one fits,
 * 0 when none or several do, -1 when this search cannot tell (a man
 * crowned on the way goes on as a king; too many captures fit).
 */
static int WALK(men)(pdn_rules__found *out, const pdn_draughts *d, int ci, int most, uint64_t able,
                     uint64_t f, uint64_t t, uint64_t empty, uint64_t avail)
{
    mansearch m;
    m.L = &d->bb;
    m.cap = WALK_MAN_CAP(d, ci);
    m.promo = d->bb.promo[ci];
    m.promotion = WALK_RULES(d)->promotion;
    m.remove = WALK_RULES(d)->remove_immediately;
    m.t = t;
    m.best = 0;
    m.limit = 64;
    m.stop = m.bail = 0;
    m.record = 1;
    m.with_paths = out->paths;
    m.found = 0;
    m.path_used = 0;
    WALK(man_dfs)(&m, f, avail, empty | f, 0, 0);
    if (m.bail)
        return -1;
    m.record = 0;
    m.limit = m.best;
    for (uint64_t o = most ? able & ~f : 0; o != 0 && m.best > 0; o &= o - 1) {
        uint64_t from = o & (~o + 1);
        WALK(man_dfs)(&m, from, avail, empty | from, 0, 0);
        if (m.bail)
            return -1;
        if (m.stop)
            return 0; /* a longer capture of another man */
    }
    return man_pick(out, &m, d, f, most, 0);
}

/*
 * The replay's answer for the commonest capture, a man taking one piece:
 * see pdn_rules__live_quick().  from[dir] is the squares from which a man
 * could capture in direction dir on the board as it is.  After one jump
 * the board differs only by the square the man left, which no second jump
 * reaches, and the piece he took, which lies straight back: so he may go
 * on exactly when his landing square is in some from[] (not in the one
 * straight back, which would need the square he left empty), and one
 * piece is the most the side can take when no man's landing square is.
 */
static int WALK(single)(pdn_rules__found *out, const pdn_draughts *d, const bbpos *p, int ci,
                        uint64_t f, uint64_t t)
{
    const bb_layout *L = &d->bb;
    const pdn_rules *r = WALK_RULES(d);
    /* Only where one capture is as good as another of as many pieces. */
    int most = r->prefer[0] == PDN_PREFER_MOST_PIECES;
    if (!(f & p->men[ci]) || r->prefer[most] != PDN_PREFER_END)
        return 0;
    int oi = ci ^ 1;
    uint64_t opp = p->men[oi] | p->kings[oi];
    uint64_t empty = L->board & ~(opp | p->men[ci] | p->kings[ci] | p->other);
    uint64_t avail = r->men_capture_kings ? opp : p->men[oi];
    /* With the most pieces to take, every man and king of the side counts;
     * with a free choice, only the man that moves. */
    uint64_t movers = most ? p->men[ci] : f, any = 0, land = 0, a = 0;
    unsigned cap = WALK_MAN_CAP(d, ci);
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        int back = pdn_rules__reverse(dir);
        if (dir == D_N && !(cap & BB_ORTHOGONAL))
            break; /* most rules capture on diagonals only */
        if (!(cap & DIR_BIT(dir)))
            continue;
        uint64_t from = WALK(step)(L, WALK(step)(L, empty, back) & avail, back);
        any |= from;
        land |= WALK(step)(L, WALK(step)(L, movers & from, dir), dir);
        if ((f & from) && WALK(step)(L, WALK(step)(L, f, dir), dir) == t)
            a = WALK(step)(L, f, dir);
    }
    uint64_t promo = L->promo[ci];
    uint64_t kings =
        most && p->kings[ci] ? WALK(king_capturers)(d, ci, p->kings[ci], empty, opp) : 0;
    /* crowned on the way, he goes on as a king */
    int crowned = (land & promo) && r->promotion == PDN_PROMOTE_KING;
    if (r->promotion == PDN_PROMOTE_STOP)
        land &= ~promo;
    if (a == 0 || crowned || (land & any) || kings) {
        int found = kings || crowned
                        ? -1
                        : WALK(men)(out, d, ci, most, p->men[ci] & any, f, t, empty, avail);
        if (found >= 0)
            return found;
        return WALK(traced)(out, d, p, ci, most ? (p->men[ci] & any) | kings : f & any, f, t);
    }
    out->from = f;
    out->to = t;
    out->cap = a;
    out->cells[0] = L->cell[pdn_bits__ctz(f)];
    out->cells[1] = L->cell[pdn_bits__ctz(t)];
    out->cells[2] = L->cell[pdn_bits__ctz(a)];
    out->move.from = out->cells[0];
    out->move.to = out->cells[1];
    out->move.king = 0;
    out->move.promotes = (t & promo) != 0;
    out->move.path_count = 2;
    out->move.capture_count = 1;
    out->move.path = out->cells;
    out->move.captured = out->cells + 2;
    return 1;
}

/* Whether a king of colour index ci on `f` reaches `t` by a plain move. */
static int WALK(king_reach)(const pdn_draughts *d, int ci, uint64_t f, uint64_t t, uint64_t empty)
{
    const bb_layout *L = &d->bb;
    int flying = WALK_RULES(d)->king_flying;
    if (!(t & empty))
        return 0;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (!(WALK_KING_MOVE(d, ci) & DIR_BIT(dir)))
            continue;
        if (flying) {
            uint64_t ray = d->ray[dir][pdn_bits__ctz(f)];
            if (!(ray & t))
                continue;
            uint64_t stop = WALK(nearest)(L, ray & ~empty, dir);
            /* t lies before the first piece on the line */
            return stop == 0 || (d->ray[dir][pdn_bits__ctz(t)] & stop) != 0;
        }
        if (WALK(step)(L, f, dir) == t)
            return 1;
    }
    return 0;
}

/* The replay's answer for a king's plain move when the side has no capture:
 * see pdn_rules__live_quick(). */
static int WALK(king_step)(pdn_rules__found *out, const pdn_draughts *d, const pdn_rules__live *lv,
                           int ci, uint64_t f, uint64_t t)
{
    const bb_layout *L = &d->bb;
    const bbpos *p = &lv->bits;
    int oi = ci ^ 1;
    uint64_t opp = p->men[oi] | p->kings[oi];
    uint64_t empty = L->board & ~(opp | p->men[ci] | p->kings[ci] | p->other);
    uint64_t avail_men = WALK_RULES(d)->men_capture_kings ? opp : p->men[oi];
    int choice = d->steps.choice;
    if (choice != 0) {
        /* With a free choice or the most pieces to take, a move to a square
         * no plain move reaches can only be a capture of this king, and if
         * he has one the side cannot make a plain move. */
        int plain = WALK(king_reach)(d, ci, f, t, empty), found = 0;
        if (!plain || WALK(capturers)(d, ci, p, empty, opp, avail_men) != 0) {
            found = WALK(king_takes)(out, d, p, ci, choice == 2, f, t, empty);
            if (found >= 0)
                return found;
            return WALK(traced)(out, d, p, ci,
                                choice == 2 ? WALK(capturers)(d, ci, p, empty, opp, avail_men) : f,
                                f, t);
        }
        if (f == pdn_rules__stuck(d, p, lv->color, &lv->st))
            return 0;
        resolve_plain(out, L, f, t, 1, 0);
        return 1;
    }
    uint64_t able = WALK(capturers)(d, ci, p, empty, opp, avail_men);
    if (able) {
        /* a capture, where the rules leave the choice free or want the most */
        int most = WALK_RULES(d)->prefer[0] == PDN_PREFER_MOST_PIECES;
        if (WALK_RULES(d)->prefer[most] != PDN_PREFER_END)
            return 0;
        return WALK(traced)(out, d, p, ci, most ? able : able & f, f, t);
    }
    if (!(t & empty) || f == pdn_rules__stuck(d, p, lv->color, &lv->st))
        return 0;
    int flying = WALK_RULES(d)->king_flying;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (!(WALK_KING_MOVE(d, ci) & DIR_BIT(dir)))
            continue;
        for (uint64_t s = WALK(step)(L, f, dir) & empty; s;
             s = flying ? WALK(step)(L, s, dir) & empty : 0) {
            if (s == t) {
                resolve_plain(out, L, f, t, 1, 0);
                return 1;
            }
        }
    }
    return 0;
}

/* The replay's resolver on this layout: see pdn_rules__live_resolve(). */
static pdn_status WALK(resolve)(pdn_rules__found *out, size_t *count, const pdn_draughts *d,
                                const pdn_rules__live *lv, const pdn_square *squares,
                                const pdn_square *captured, size_t captured_count)
{
    const bb_layout *L = &d->bb;
    const bbpos *p = &lv->bits;
    int ci = pdn_rules__ci(lv->color);
    bbwritten written, *x = &written;
    *count = 0;
    if (!written_bits(x, d, squares, captured, captured_count))
        return PDN_OK;
    int oi = ci ^ 1;
    uint64_t opp = p->men[oi] | p->kings[oi];
    uint64_t empty = L->board & ~(opp | p->men[ci] | p->kings[ci] | p->other);
    uint64_t avail_men = WALK_RULES(d)->men_capture_kings ? opp : p->men[oi];
    uint64_t able = WALK(capturers)(d, ci, p, empty, opp, avail_men);
    if (able)
        return WALK(resolve_capture)(out, count, d, p, ci, able, x);
    /* No capture: a plain move, which captures nothing that a list names. */
    if (x->listed_count > 0 || !(x->to & empty))
        return PDN_OK;
    if (x->from & p->men[ci]) {
        if (d->man_steps[ci][pdn_bits__ctz(x->from)] & x->to) {
            resolve_plain(out, L, x->from, x->to, 0, (x->to & L->promo[ci]) != 0);
            *count = 1;
        }
        return PDN_OK;
    }
    if (!(x->from & p->kings[ci]) || x->from == pdn_rules__stuck(d, p, lv->color, &lv->st))
        return PDN_OK;
    int flying = WALK_RULES(d)->king_flying;
    BB_UNROLL
    for (int dir = 0; dir < D_COUNT; dir++) {
        if (!(WALK_KING_MOVE(d, ci) & DIR_BIT(dir)))
            continue;
        for (uint64_t t = WALK(step)(L, x->from, dir) & empty; t;
             t = flying ? WALK(step)(L, t, dir) & empty : 0) {
            if (t == x->to) {
                resolve_plain(out, L, x->from, x->to, 1, 0);
                *count = 1;
                return PDN_OK;
            }
        }
    }
    return PDN_OK;
}

/* Plain moves: listed into the stack, or only counted when `list` is 0. */
static uint64_t WALK(plain)(bbwalk *w, const bbpos *p, const bbhist *h, int list)
{
    const pdn_draughts *d = w->d;
    const bb_layout *L = w->L;
    int ci = w->ci, flying = WALK_RULES(d)->king_flying;
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
        if (!kings || !(WALK_KING_MOVE(d, ci) & DIR_BIT(dir)))
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
    size_t n = WALK(captures)(w, p, base, NULL);
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

#undef WALK_RULES
#undef WALK_MAN_CAP
#undef WALK_KING_CAP
#undef WALK_KING_MOVE
#undef WALK_M
