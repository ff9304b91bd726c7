/* SPDX-License-Identifier: MIT */
/*
 * test_live.c - the replay's live resolver (src/rules/live.h, bitboard.c)
 * against pdn_draughts_resolve() on the positions of random games of every
 * variant whose board fits the bitboards: every start and end square, with
 * and without the list of captured pieces, gives the same count and the
 * same first move (path and captured pieces in order), and playing it on
 * the bitboards gives the position pdn_draughts_play() gives; the capture
 * test before a man's step agrees with the generator, and so does every
 * move the quick answers (a man's step, a man taking one piece,
 * pdn_rules__live_quick()) claim.
 */
#include "harness.h"
#include "rules/live.h"
#include "support/draughts.h"
#include "support/rng.h"

#include <string.h>

/* How often each quick answer claimed a move: step, jump, quick. */
static long claims[3];

/* Plays `want` on a copy of pos and st and compares with the live position
 * `lv`; 1 when they agree. */
static int same_after(const pdn_draughts *d, const pdn_position *pos, const pdn_draughts_state *st,
                      const pdn_draughts_move *want, const pdn_rules__live *lv)
{
    pdn_position after = *pos, back = *pos;
    pdn_draughts_state sa = *st, sb = *st;
    pdn_draughts_play(&after, &sa, d, want);
    pdn_rules__live_store(lv, d, &back, &sb);
    return pdn_position_equal(&after, &back) && memcmp(&sa, &sb, sizeof sa) == 0;
}

/* pdn_rules__man_jump() on a live position, as the replay's run plays it. */
static int live_jump(pdn_rules__live *lv, const pdn_draughts *d, int from, int to, uint64_t *taken)
{
    int ci = pdn_rules__ci(lv->color);
    int crowned = pdn_rules__man_jump(&lv->bits, &d->steps, ci, (uint64_t)1 << d->bit_of[from],
                                      (uint64_t)1 << d->bit_of[to],
                                      pdn_rules__empty(&lv->bits, &d->steps), taken);
    if (crowned >= 0) {
        pdn_rules__man_moved(&lv->st, ci);
        lv->color ^= PDN_WHITE | PDN_BLACK;
    }
    return crowned;
}

/*
 * The quick answers for a move `m` of two squares without a captured list
 * (pdn_rules__live_step(), pdn_rules__man_jump(), pdn_rules__live_quick()):
 * whatever one of them claims is the one move pdn_draughts_resolve() finds,
 * and plays as pdn_draughts_play() does; 0 on a mismatch.
 */
static int quick_agree(pdn_movelist *list, const pdn_draughts *d, const pdn_position *pos,
                       const pdn_draughts_state *st, const pdn_rules__live *lv, const pdn_move *m)
{
    int from = pdn_geometry_cell(&d->geometry, m->squares[0]);
    int to = pdn_geometry_cell(&d->geometry, m->squares[1]);
    if (from < 0 || to < 0 || pdn_draughts_resolve(list, d, pos, st, m) != PDN_OK)
        return 1; /* squares off the board are the caller's to refuse */
    size_t n = pdn_movelist_count(list);
    pdn_draughts_move want = n == 1 ? pdn_movelist_get(list, 0) : (pdn_draughts_move){0};
    pdn_rules__live a = *lv, b = *lv, c = *lv;
    pdn_rules__found f;
    uint64_t taken = 0;
    int crowned = pdn_rules__live_step(&a, d, from, to);
    claims[0] += crowned >= 0;
    if (crowned >= 0 &&
        (n != 1 || want.capture_count != 0 || want.from != from || want.to != to ||
         want.promotes != crowned || want.king || !same_after(d, pos, st, &want, &a)))
        return 0;
    crowned = live_jump(&b, d, from, to, &taken);
    claims[1] += crowned >= 0;
    if (crowned >= 0 &&
        (n != 1 || want.capture_count != 1 || want.from != from || want.to != to ||
         want.promotes != crowned || want.king ||
         (uint64_t)1 << d->bit_of[want.captured[0]] != taken || !same_after(d, pos, st, &want, &b)))
        return 0;
    if (pdn_rules__live_quick(&f, d, &c, from, to)) {
        if (n != 1 || !test_same_move(&f.move, &want))
            return 0;
        pdn_rules__live_play(&c, &f);
        if (!same_after(d, pos, st, &want, &c))
            return 0;
        claims[2]++;
    }
    return 1;
}

/* Resolves squares a-b (and the captured list) both ways; 0 on a mismatch. */
static int agree(pdn_movelist *list, const pdn_draughts *d, const pdn_position *pos,
                 const pdn_draughts_state *st, pdn_square a, pdn_square b, const pdn_square *caps,
                 size_t ncaps, long *checked)
{
    pdn_square sq[2] = {a, b};
    pdn_move m;
    memset(&m, 0, sizeof m);
    m.kind = PDN_MOVE_SQUARES;
    m.squares = sq;
    m.square_count = 2;
    m.captured = ncaps ? caps : NULL;
    m.captured_count = ncaps;
    pdn_rules__live lv;
    if (!pdn_rules__live_load(&lv, d, pos, st))
        return 0;
    pdn_rules__found f;
    size_t n = 0;
    if (ncaps == 0 && !quick_agree(list, d, pos, st, &lv, &m))
        return 0;
    pdn_status s = pdn_rules__live_resolve(&f, &n, d, &lv, sq, m.captured, ncaps);
    if (s == PDN_EINVAL)
        return 1; /* left to the general resolver */
    if (s != PDN_OK || pdn_draughts_resolve(list, d, pos, st, &m) != PDN_OK)
        return 0;
    (*checked)++;
    if (n != pdn_movelist_count(list))
        return 0;
    if (n == 0)
        return 1;
    pdn_draughts_move want = pdn_movelist_get(list, 0);
    if (!test_same_move(&f.move, &want))
        return 0;
    /* Played on the bitboards and on the position: the same position. */
    pdn_position after = *pos, back = *pos;
    pdn_draughts_state sa = *st, sb = *st;
    pdn_draughts_play(&after, &sa, d, &want);
    pdn_rules__live_play(&lv, &f);
    pdn_rules__live_store(&lv, d, &back, &sb);
    return pdn_position_equal(&after, &back) && memcmp(&sa, &sb, sizeof sa) == 0;
}

static void test_agrees(void)
{
    static const int types[] = {20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31, 40, 41};
    long checked = 0, failed = 0, musts[2] = {0, 0};
    pdn_movelist *list, *legal;
    CHECK(pdn_movelist_new(&list, NULL) == PDN_OK);
    CHECK(pdn_movelist_new(&legal, NULL) == PDN_OK);
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(types[t], 0, &g);
        CHECK(d != NULL && pdn_rules__bb_fits(d));
        /* The same rules with a free choice among captures. */
        pdn_draughts *loose = test_engine(types[t], 1, &g);
        CHECK(loose != NULL);
        for (int game = 0; game < 40 && d != NULL && loose != NULL; game++) {
            pdn_position pos;
            pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
            pdn_position_start(&pos, &g);
            for (int ply = 0; ply < 160; ply++) {
                if (pdn_draughts_moves(legal, d, &pos, &st, PDN_MOVES_PATHS) != PDN_OK)
                    break;
                size_t count = pdn_movelist_count(legal);
                if (count == 0)
                    break;
                /* The capture test asked before a man's step: as the
                 * moves. */
                pdn_rules__live lv;
                if (pdn_rules__live_load(&lv, d, &pos, &st)) {
                    bool must = pdn_rules__bb_able(d, &lv.bits, lv.color) != 0;
                    failed += must != (pdn_movelist_get(legal, 0).capture_count > 0);
                    musts[must]++;
                }
                /* Every legal move with and without its captured list, and
                 * a few squares that are no move. */
                for (size_t i = 0; i < count; i++) {
                    pdn_draughts_move m = pdn_movelist_get(legal, i);
                    pdn_square a = pdn_geometry_square(&g, m.from, 0);
                    pdn_square b = pdn_geometry_square(&g, m.to, 0);
                    pdn_square caps[64];
                    size_t nc = m.capture_count < 64 ? m.capture_count : 0;
                    for (size_t k = 0; k < nc; k++)
                        caps[k] = pdn_geometry_square(&g, m.captured[k], 0);
                    failed += !agree(list, d, &pos, &st, a, b, NULL, 0, &checked);
                    failed += !agree(list, d, &pos, &st, a, b, caps, nc, &checked);
                    if (nc > 1) {
                        caps[0] = caps[1]; /* a list with a repeat */
                        failed += !agree(list, d, &pos, &st, a, b, caps, nc, &checked);
                    }
                }
                for (int k = 0; k < 4; k++) {
                    pdn_square a = (pdn_square)(1 + rnd((unsigned)g.square_count));
                    pdn_square b = (pdn_square)(1 + rnd((unsigned)g.square_count));
                    failed += !agree(list, d, &pos, &st, a, b, NULL, 0, &checked);
                }
                /* The first jump of every capture without precedence: a
                 * capture of fewer pieces than the most, or cut short. */
                if (pdn_draughts_moves(list, loose, &pos, &st, PDN_MOVES_PATHS) == PDN_OK) {
                    pdn_square jumps[64][2];
                    size_t nj = 0;
                    for (size_t i = 0; i < pdn_movelist_count(list) && nj < 64; i++) {
                        pdn_draughts_move v = pdn_movelist_get(list, i);
                        if (v.capture_count == 0)
                            break;
                        jumps[nj][0] = pdn_geometry_square(&g, v.from, 0);
                        jumps[nj++][1] = pdn_geometry_square(&g, v.path[1], 0);
                    }
                    for (size_t i = 0; i < nj; i++)
                        failed +=
                            !agree(list, d, &pos, &st, jumps[i][0], jumps[i][1], NULL, 0, &checked);
                }
                pdn_draughts_move m = pdn_movelist_get(legal, rnd((unsigned)count));
                pdn_draughts_play(&pos, &st, d, &m);
            }
        }
        pdn_draughts_free(d);
        pdn_draughts_free(loose);
    }
    pdn_movelist_free(list);
    pdn_movelist_free(legal);
    CHECK(checked > 100000);
    CHECK(musts[0] > 1000 && musts[1] > 1000);
    CHECK(claims[0] > 10000 && claims[1] > 1000 && claims[2] > 1000);
    CHECK(failed == 0);
}

int main(void)
{
    RUN(test_agrees);
    return harness_report();
}
