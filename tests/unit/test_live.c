/* SPDX-License-Identifier: MIT */
/*
 * test_live.c - the replay's live resolver (src/rules/live.h, bitboard.c)
 * against pdn_draughts_resolve() on the positions of random games of every
 * variant whose board fits the bitboards: every start and end square, with
 * and without the list of captured pieces, gives the same count and the
 * same first move (path and captured pieces in order), and playing it on
 * the bitboards gives the position pdn_draughts_play() gives; the capture
 * test before a man's step agrees with the generator.
 */
#include "harness.h"
#include "rules/live.h"

#include <string.h>

static unsigned long long rng = 0x9E3779B97F4A7C15ull;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static int same_move(const pdn_draughts_move *a, const pdn_draughts_move *b)
{
    if (a->from != b->from || a->to != b->to || a->king != b->king || a->promotes != b->promotes ||
        a->path_count != b->path_count || a->capture_count != b->capture_count)
        return 0;
    for (size_t i = 0; i < a->path_count; i++)
        if (a->path[i] != b->path[i])
            return 0;
    for (size_t i = 0; i < a->capture_count; i++)
        if (a->captured[i] != b->captured[i])
            return 0;
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
    if (!same_move(&f.move, &want))
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
        pdn_gametype gt;
        pdn_geometry g;
        pdn_rules rules;
        pdn_draughts *d = NULL;
        CHECK(pdn_gametype_default(&gt, types[t]) == PDN_OK);
        CHECK(pdn_geometry_init(&g, &gt) == PDN_OK);
        CHECK(pdn_rules_init(&rules, types[t]) == PDN_OK);
        CHECK(pdn_draughts_new(&d, &g, &rules, NULL) == PDN_OK);
        CHECK(pdn_rules__bb_fits(d));
        for (int game = 0; game < 40 && d != NULL; game++) {
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
                 * generator's pieces that can capture, and as the moves. */
                pdn_rules__live lv;
                if (pdn_rules__live_load(&lv, d, &pos, &st)) {
                    bool must = pdn_rules__live_must_capture(d, &lv);
                    failed += must != (pdn_rules__bb_able(d, &lv.bits, lv.color) != 0);
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
                pdn_draughts_move m = pdn_movelist_get(legal, rnd((unsigned)count));
                pdn_draughts_play(&pos, &st, d, &m);
            }
        }
        pdn_draughts_free(d);
    }
    pdn_movelist_free(list);
    pdn_movelist_free(legal);
    CHECK(checked > 100000);
    CHECK(musts[0] > 1000 && musts[1] > 1000);
    CHECK(failed == 0);
}

int main(void)
{
    RUN(test_agrees);
    return harness_report();
}
