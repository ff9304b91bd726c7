/* SPDX-License-Identifier: MIT */
/*
 * test_live_kings.c - pdn_rules__live_quick() on random positions full of
 * kings: every move it claims (a king's capture by the search of that king
 * alone, a man's capture of several pieces, a king's plain move) is the one
 * move pdn_draughts_resolve() finds, with the same path and captured pieces,
 * and plays to the same position, under each variant's rules and with a
 * free choice; pdn_rules__live_quick_bare() claims the same move.
 */
#include "harness.h"
#include "rules/live.h"
#include "support/draughts.h"
#include "support/rng.h"

#include <string.h>

/* Claims of live_quick: a king's capture, a man's capture of more than one
 * piece, a king's plain move, anything else. */
static long claims[4];
/* Claims that pdn_rules__live_quick_bare() made the same. */
static long bares;

/* Men and kings of both colours on random playing cells, many of them
 * kings; no man on the row where he would be crowned. */
static void random_position(pdn_position *pos, const pdn_draughts *d, const pdn_geometry *g)
{
    pdn_position_clear(pos, g);
    unsigned fill = 8 + rnd(30), kings = rnd(70);
    for (int c = 0; c < d->cells; c++) {
        if (d->bit_of[c] < 0 || rnd(100) >= fill)
            continue;
        unsigned color = rnd(2) ? PDN_WHITE : PDN_BLACK;
        unsigned crown = color == PDN_WHITE ? 1u : 2u;
        int king = rnd(100) < kings || (d->promo[c] & crown) != 0;
        pos->board[c] = (pdn_piece)(color | (king ? PDN_KING : PDN_MAN));
    }
    pos->turn = rnd(2) ? 'W' : 'B';
}

/*
 * live_quick() for the squares from-to against pdn_draughts_resolve(): 0
 * when it claims a move that is not the one the resolver finds alone, or
 * plays it to another position.
 */
static int agree(pdn_movelist *list, const pdn_draughts *d, const pdn_position *pos,
                 const pdn_draughts_state *st, int from, int to)
{
    const pdn_geometry *g = &d->geometry;
    pdn_square sq[2] = {pdn_geometry_square(g, from, 0), pdn_geometry_square(g, to, 0)};
    pdn_move m;
    memset(&m, 0, sizeof m);
    m.kind = PDN_MOVE_SQUARES;
    m.squares = sq;
    m.square_count = 2;
    pdn_rules__live lv;
    pdn_rules__found f, bare;
    if (!pdn_rules__live_load(&lv, d, pos, st))
        return 1;
    /* without paths: the same answer, the same move but for its cells */
    int claimed = pdn_rules__live_quick(&f, d, &lv, from, to);
    if (pdn_rules__live_quick_bare(&bare, d, &lv, from, to) != claimed)
        return 0;
    if (!claimed)
        return 1;
    if (bare.from != f.from || bare.to != f.to || bare.cap != f.cap ||
        bare.move.from != f.move.from || bare.move.to != f.move.to ||
        bare.move.king != f.move.king || bare.move.promotes != f.move.promotes ||
        bare.move.path_count != f.move.path_count ||
        bare.move.capture_count != f.move.capture_count)
        return 0;
    bares++;
    if (pdn_draughts_resolve(list, d, pos, st, &m) != PDN_OK || pdn_movelist_count(list) != 1)
        return 0;
    pdn_draughts_move want = pdn_movelist_get(list, 0);
    if (!test_same_move(&f.move, &want))
        return 0;
    claims[want.king && want.capture_count > 0    ? 0
           : !want.king && want.capture_count > 1 ? 1
           : want.king                            ? 2
                                                  : 3]++;
    pdn_position after = *pos, back = *pos;
    pdn_draughts_state sa = *st, sb = *st;
    pdn_draughts_play(&after, &sa, d, &want);
    pdn_rules__live_play(&lv, &f);
    pdn_rules__live_store(&lv, d, &back, &sb);
    return pdn_position_equal(&after, &back) && memcmp(&sa, &sb, sizeof sa) == 0;
}

/* Every legal move's squares, the first jump of every capture (a capture
 * cut short or of fewer pieces than the most), and random square pairs. */
static long positions(const pdn_draughts *d, const pdn_draughts *loose, int count, long *tried)
{
    const pdn_geometry *g = &d->geometry;
    pdn_movelist *legal = NULL, *list = NULL, *any = NULL;
    long failed = 0;
    if (pdn_movelist_new(&legal, NULL) != PDN_OK || pdn_movelist_new(&list, NULL) != PDN_OK ||
        pdn_movelist_new(&any, NULL) != PDN_OK)
        failed++;
    for (int i = 0; i < count && failed == 0; i++) {
        pdn_position pos;
        pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
        random_position(&pos, d, g);
        if (pdn_draughts_moves(legal, d, &pos, &st, PDN_MOVES_PATHS) != PDN_OK ||
            pdn_draughts_moves(any, loose, &pos, &st, PDN_MOVES_PATHS) != PDN_OK) {
            failed++;
            break;
        }
        for (size_t k = 0; k < pdn_movelist_count(legal); k++) {
            pdn_draughts_move m = pdn_movelist_get(legal, k);
            failed += !agree(list, d, &pos, &st, m.from, m.to);
            (*tried)++;
        }
        for (size_t k = 0; k < pdn_movelist_count(any); k++) {
            pdn_draughts_move m = pdn_movelist_get(any, k);
            failed += !agree(list, d, &pos, &st, m.from, m.path[1]);
            failed += !agree(list, d, &pos, &st, m.from, m.to);
            (*tried) += 2;
        }
        for (int k = 0; k < 8; k++) {
            int a = pdn_geometry_cell(g, (pdn_square)(1 + rnd((unsigned)g->square_count)));
            int b = pdn_geometry_cell(g, (pdn_square)(1 + rnd((unsigned)g->square_count)));
            if (a >= 0 && b >= 0) {
                failed += !agree(list, d, &pos, &st, a, b);
                (*tried)++;
            }
        }
    }
    pdn_movelist_free(legal);
    pdn_movelist_free(list);
    pdn_movelist_free(any);
    return failed;
}

static void test_kings(void)
{
    /* flying kings (20, 25, 26, 29, 30, 31, 40, 41 and the free-choice
     * copies) and short ones (21, 22, 23, 24, 28) */
    static const int types[] = {20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31, 40, 41};
    long failed = 0, tried = 0;
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(types[t], 0, &g), *loose = test_engine(types[t], 1, &g);
        CHECK(d != NULL && loose != NULL);
        if (d != NULL && loose != NULL && pdn_rules__bb_fits(d)) {
            failed += positions(d, loose, 800, &tried);
            failed += positions(loose, loose, 400, &tried);
        }
        pdn_draughts_free(d);
        pdn_draughts_free(loose);
    }
    CHECK(tried > 50000);
    CHECK(claims[0] > 3000 && claims[1] > 500 && claims[2] > 3000);
    CHECK(bares == claims[0] + claims[1] + claims[2] + claims[3]);
    CHECK(failed == 0);
}

int main(void)
{
    RUN(test_kings);
    return harness_report();
}
