/* SPDX-License-Identifier: MIT */
/*
 * test_rules_intl.c - the copy of the bitboard code with International's
 * rules as constants (steps.intl) and the men's steps by shifts
 * (steps.shifts10) against the general 10x10 copy and the step table, on
 * random positions: the same capturers, perft counts, quick and full
 * resolutions and inline steps; which engines get the flags; and the run
 * loop on moves with square numbers off the board, against the general path.
 */
#include "harness.h"
#include "replay_compare.h"
#include "support/append.h"
#define TEST_RNG_SEED 0x2545F4914F6CDD1Dull
#include "replay/replay.h"
#include "support/draughts.h"
#include "support/rng.h"

#include <stdlib.h>
#include <string.h>

/* An engine of International's board with rules `r`; NULL if refused. */
static pdn_draughts *engine_with(const pdn_rules *r)
{
    pdn_gametype gt;
    pdn_geometry g;
    pdn_draughts *d = NULL;
    if (pdn_gametype_default(&gt, 20) != PDN_OK || pdn_geometry_init(&g, &gt) != PDN_OK ||
        pdn_draughts_new(&d, &g, r, NULL) != PDN_OK)
        return NULL;
    return d;
}

/* Whether the men's steps of `d` are the shifts of steps.shifts10, read
 * from its table. */
static int table_is_shifts(const pdn_draughts *d)
{
    if (!d->bb.ok || d->bb.shape != 1)
        return 0;
    for (int i = 0; i < 64; i++) {
        uint64_t b = (uint64_t)1 << i, board = d->bb.board;
        if (!(board & b))
            continue;
        if (d->man_steps[0][i] != (((b << 5) | (b << 6)) & board) ||
            d->man_steps[1][i] != (((b >> 5) | (b >> 6)) & board))
            return 0;
    }
    return 1;
}

static void test_flags(void)
{
    static const int intl[] = {20, 96, 98, 99};
    static const int other[] = {21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 40, 41};
    for (size_t i = 0; i < sizeof intl / sizeof intl[0]; i++) {
        /* the rules of each type with International moves, on its board */
        pdn_rules r;
        CHECK(pdn_rules_init(&r, intl[i]) == PDN_OK);
        pdn_draughts *d = engine_with(&r);
        for (int k = 0; k < PDN_PREFER_MAX; k++)
            r.prefer[k] = PDN_PREFER_END;
        pdn_draughts *loose = engine_with(&r);
        CHECK(d != NULL && loose != NULL);
        if (d != NULL && loose != NULL) {
            CHECK(d->steps.intl == 1 && d->steps.shifts10 == 1);
            /* a free choice is not International's rule */
            CHECK(loose->steps.intl == 0 && loose->steps.shifts10 == 1);
        }
        pdn_draughts_free(d);
        pdn_draughts_free(loose);
    }
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(other[i], 0, &g);
        CHECK(d != NULL);
        if (d != NULL) {
            CHECK(d->steps.intl == 0);
            CHECK_EQ_INT(d->steps.shifts10, table_is_shifts(d));
        }
        pdn_draughts_free(d);
    }
    /* International's rules with one field changed: each one the copy
     * reads as a constant */
    for (int change = 0; change < 12; change++) {
        pdn_rules r;
        pdn_rules_init(&r, 20);
        switch (change) {
        case 0:
            r.king_flying = 0;
            break;
        case 1:
            r.king_capture_flying = 0;
            break;
        case 2:
            r.king_lands_next = 1;
            break;
        case 3:
            r.men_capture_kings = 0;
            break;
        case 4:
            r.remove_immediately = 1;
            break;
        case 5:
            r.remove_immediately = 1;
            r.reverse_allowed = 1;
            break;
        case 6:
            r.promotion = PDN_PROMOTE_KING;
            break;
        case 7:
            r.promotion = PDN_PROMOTE_STOP;
            break;
        case 8:
            r.prefer[1] = PDN_PREFER_MOST_KINGS;
            break;
        case 9:
            r.man_captures = PDN_DIR_DIAG_FORWARD;
            break;
        case 10:
            r.king_captures = PDN_DIR_DIAGONAL | PDN_DIR_ORTHOGONAL;
            break;
        default:
            r.king_moves = PDN_DIR_ORTHOGONAL;
            break;
        }
        pdn_draughts *d = engine_with(&r);
        CHECK(d != NULL);
        if (d != NULL && !CHECK(d->steps.intl == 0))
            fprintf(stderr, "    change %d\n", change);
        pdn_draughts_free(d);
    }
    /* the same values set by hand are International's */
    pdn_rules r;
    pdn_rules_init(&r, 21);
    r.man_captures = PDN_DIR_DIAGONAL;
    r.king_flying = r.king_capture_flying = 1;
    r.king_lands_next = 0;
    r.promotion = PDN_PROMOTE_PASS;
    r.prefer[0] = PDN_PREFER_MOST_PIECES;
    pdn_draughts *d = engine_with(&r);
    CHECK(d != NULL && d->steps.intl == 1);
    pdn_draughts_free(d);
}

/* Men and kings of both colours on random playing cells; no man on the
 * row where he would be crowned. */
static void random_bits(pdn_rules__bits *b, const pdn_draughts *d)
{
    memset(b, 0, sizeof *b);
    unsigned fill = 10 + rnd(50), kings = rnd(2) == 0 ? 0 : rnd(30);
    for (uint64_t s = d->bb.board; s; s &= s - 1) {
        uint64_t x = s & (~s + 1);
        if (rnd(100) >= fill)
            continue;
        int ci = (int)rnd(2);
        if (rnd(100) < kings || (x & d->bb.promo[ci]))
            b->kings[ci] |= x;
        else
            b->men[ci] |= x;
    }
}

/* Two quick or full resolutions the same: the answer, and the move. */
static int same_found(int a, const pdn_rules__found *fa, int b, const pdn_rules__found *fb)
{
    if (a != b)
        return 0;
    return !a || (fa->from == fb->from && fa->to == fb->to && fa->cap == fb->cap &&
                  test_same_move(&fa->move, &fb->move));
}

/* The inline steps on a copy of `b` with the steps of `e`: the answer and
 * the position after. */
static int step_on(pdn_rules__bits *out, const pdn_rules__bits *b, const pdn_draughts *d,
                   const pdn_rules__steps *e, int ci, uint64_t f, uint64_t t, uint64_t *taken)
{
    *out = *b;
    *taken = 0;
    uint64_t empty = pdn_rules__empty(out, e);
    int r = pdn_rules__man_step(out, e, d, ci, f, t, empty);
    if (r == -2)
        r = 100 + pdn_rules__man_jump(out, e, ci, f, t, empty, taken);
    return r;
}

/*
 * Engine `d` (steps.intl) against `gen`, the same engine with both flags
 * off, on `count` random positions; the number of disagreements.  `n`
 * counts the quick captures of several pieces compared.
 */
static long compare(const pdn_draughts *d, const pdn_draughts *gen, int count, long *n)
{
    long failed = 0;
    for (int i = 0; i < count; i++) {
        pdn_rules__live lv;
        random_bits(&lv.bits, d);
        lv.color = rnd(2) ? PDN_BLACK : PDN_WHITE;
        lv.st = (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
        int ci = lv.color == PDN_WHITE ? 0 : 1, oi = ci ^ 1;
        const pdn_rules__bits *b = &lv.bits;
        uint64_t empty = pdn_rules__empty(b, &d->steps), opp = b->men[oi] | b->kings[oi];
        failed += pdn_rules__bb_able(d, b, lv.color) != pdn_rules__bb_able(gen, b, lv.color);
        failed += pdn_rules__bb_kings_able(d, ci, b->kings[ci], empty, opp) !=
                  pdn_rules__bb_kings_able(gen, ci, b->kings[ci], empty, opp);
        if (i % 8 == 0) {
            uint8_t board[PDN_CELL_MAX + 1];
            pdn_position pos;
            pdn_position_clear(&pos, &d->geometry);
            pdn_rules__live_store(&lv, d, &pos, NULL);
            unsigned color;
            uint64_t pa = 0, pb = 0;
            if (pdn_rules__board(d, &pos, board, &color) == PDN_OK) {
                int depth = i % 64 == 0 ? 3 : 2;
                failed += pdn_rules__perft_bb(&pa, d, board, color, NULL, depth, 0) != PDN_OK ||
                          pdn_rules__perft_bb(&pb, gen, board, color, NULL, depth, 0) != PDN_OK ||
                          pa != pb;
            } else {
                failed++;
            }
        }
        /* every square of the side's pieces to a few others, and some
         * squares that are not the side's */
        for (uint64_t s = b->men[ci] | b->kings[ci] | (rnd(4) ? 0 : b->men[oi]); s; s &= s - 1) {
            uint64_t f = s & (~s + 1);
            int from = d->bb.cell[pdn_bits__ctz(f)];
            for (int k = 1; k <= 50; k++) {
                int to = pdn_geometry_cell(&d->geometry, (pdn_square)k);
                pdn_rules__found fa, fb;
                int qa = pdn_rules__live_quick(&fa, d, &lv, from, to);
                int qb = pdn_rules__live_quick(&fb, gen, &lv, from, to);
                failed += !same_found(qa, &fa, qb, &fb);
                *n += qa && fa.move.capture_count > 1;
                if (rnd(8) != 0)
                    continue;
                pdn_square sq[2] = {pdn_geometry_square(&d->geometry, from, 0),
                                    pdn_geometry_square(&d->geometry, to, 0)};
                size_t ca = 0, cb = 0;
                failed += pdn_rules__live_resolve(&fa, &ca, d, &lv, sq, NULL, 0) != PDN_OK ||
                          pdn_rules__live_resolve(&fb, &cb, gen, &lv, sq, NULL, 0) != PDN_OK ||
                          ca != cb || !same_found(ca == 1, &fa, cb == 1, &fb);
                /* the inline steps, with squares or none (0) */
                uint64_t t = rnd(8) == 0 ? 0 : (uint64_t)1 << d->bit_of[to];
                uint64_t ff = rnd(16) == 0 ? 0 : f, xa, xb;
                pdn_rules__bits ba, bb;
                int ra = step_on(&ba, b, d, &d->steps, ci, ff, t, &xa);
                int rb = step_on(&bb, b, gen, &gen->steps, ci, ff, t, &xb);
                failed += ra != rb || xa != xb || memcmp(&ba, &bb, sizeof ba) != 0;
            }
        }
    }
    return failed;
}

static void test_same_as_general(void)
{
    pdn_geometry g;
    long failed = 0, several = 0;
    for (int free_choice = 0; free_choice < 2; free_choice++) {
        pdn_draughts *d = test_engine(20, free_choice, &g);
        pdn_draughts *gen = malloc(sizeof *gen);
        CHECK(d != NULL && gen != NULL);
        if (d == NULL || gen == NULL) {
            pdn_draughts_free(d);
            free(gen);
            continue;
        }
        CHECK(d->steps.intl == !free_choice && d->steps.shifts10);
        /* the same engine with the general copy and the step table (its
         * man_steps still point into `d`, which stays) */
        memcpy(gen, d, sizeof *gen);
        gen->steps.intl = 0;
        gen->steps.shifts10 = 0;
        failed += compare(d, gen, free_choice ? 1000 : 3000, &several);
        free(gen);
        pdn_draughts_free(d);
    }
    printf("%ld quick captures of several pieces compared\n", several);
    CHECK(several > 2000);
    CHECK_EQ_INT(failed, 0);
}

/* pdn_rules__live_can_move() (plain moves looked at first, then captures)
 * against the count of legal moves, on random positions of every GameType
 * with bitboards, men and kings sparse and crowded. */
static void test_can_move(void)
{
    static const int types[] = {20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31, 40, 41};
    long failed = 0, none = 0, some = 0;
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(types[k], 0, &g);
        CHECK(d != NULL);
        for (int i = 0; d != NULL && pdn_rules__bb_fits(d) && i < 600; i++) {
            pdn_rules__live lv;
            random_bits(&lv.bits, d);
            /* now and then a side with few pieces, often blocked */
            if (i % 3 == 0)
                for (int ci = 0; ci < 2; ci++)
                    for (uint64_t s = lv.bits.men[ci] | lv.bits.kings[ci]; s; s &= s - 1)
                        if (rnd(4) != 0) {
                            lv.bits.men[ci] &= ~(s & (~s + 1));
                            lv.bits.kings[ci] &= ~(s & (~s + 1));
                        }
            lv.color = rnd(2) ? PDN_BLACK : PDN_WHITE;
            lv.st = (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
            size_t n = 0;
            failed += pdn_rules__live_count(&n, d, &lv) != PDN_OK;
            failed += pdn_rules__live_can_move(d, &lv) != (n > 0);
            none += n == 0;
            some += n > 0;
        }
        pdn_draughts_free(d);
    }
    printf("can_move: %ld positions without a move, %ld with\n", none, some);
    CHECK(none > 200 && some > 3000);
    CHECK_EQ_INT(failed, 0);
}

/* A random game of International ending now and then with a move from or
 * to a square number off the board (0, 51 to 99) or an algebraic square
 * (which the general path reads, and whose pdn_square has the top bit),
 * the other square that of a legal move. */
static void write_game(test_text *t, const pdn_draughts *d, pdn_movelist *legal)
{
    static const char *const off[] = {"0",  "51", "55",  "64", "99", "a1",
                                      "e5", "f6", "j10", "b2", "c3", "k11"};
    const pdn_geometry *g = &d->geometry;
    pdn_position pos;
    pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
    char buf[64];
    t->len = 0;
    test_puts(t, "[GameType \"20\"]\n[Result \"*\"]\n\n");
    pdn_position_start(&pos, g);
    int plies = 10 + (int)rnd(120);
    for (int ply = 0; ply < plies; ply++) {
        if (pdn_draughts_moves(legal, d, &pos, &st, PDN_MOVES_PATHS) != PDN_OK ||
            pdn_movelist_count(legal) == 0)
            break;
        if (pos.turn == 'W') {
            snprintf(buf, sizeof buf, "%d. ", ply / 2 + 1);
            test_puts(t, buf);
        }
        pdn_draughts_move m = pdn_movelist_get(legal, rnd((unsigned)pdn_movelist_count(legal)));
        char a[16], b[16];
        pdn_square_format(pdn_geometry_square(g, m.from, 0), a);
        pdn_square_format(pdn_geometry_square(g, m.to, 0), b);
        if (rnd(30) == 0) {
            const char *x = off[rnd(sizeof off / sizeof off[0])];
            if (rnd(2))
                snprintf(buf, sizeof buf, "%s-%s ", a, x);
            else
                snprintf(buf, sizeof buf, "%s-%s ", x, b);
            test_puts(t, buf);
            break;
        }
        snprintf(buf, sizeof buf, "%s%s%s ", a, m.capture_count ? "x" : "-", b);
        test_puts(t, buf);
        pdn_draughts_play(&pos, &st, d, &m);
    }
    test_puts(t, "*\n");
}

static void test_off_board_numbers(void)
{
    pdn_replay *quick = NULL, *general = NULL;
    pdn_movelist *legal = NULL;
    test_text t = {NULL, 0, 0};
    replay_tally n = {0};
    pdn_geometry g;
    pdn_draughts *d = test_engine(20, 0, &g);
    long diffs = 0, games = 0;
    CHECK(d != NULL);
    CHECK(pdn_replay_new(&quick, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&general, NULL) == PDN_OK);
    CHECK(pdn_movelist_new(&legal, NULL) == PDN_OK);
    general->general_only = true;
    for (int i = 0; i < 400 && d != NULL; i++) {
        write_game(&t, d, legal);
        pdn_game *game = NULL;
        if (!CHECK(pdn_game_parse(&game, t.buf, t.len, NULL) == PDN_OK))
            continue;
        for (int moves = 0; moves < 2; moves++) {
            pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
            o.moves = moves;
            CHECK(pdn_replay_run(quick, game, &o) == PDN_OK);
            CHECK(pdn_replay_run(general, game, &o) == PDN_OK);
            if (!replay_same_diags(quick, general)) {
                diffs++;
                fprintf(stderr, "    moves %d:\n%s\n", moves, t.buf);
            }
            if (moves)
                replay_compare_nodes(quick, general, pdn_game_root(game), 0, &n);
        }
        games++;
        pdn_game_free(game);
    }
    printf("%ld games, %ld moves: %ld played, %ld illegal\n", games, n.moves, n.ok, n.illegal);
    CHECK(games == 400 && n.ok > 8000);
    CHECK_EQ_INT(diffs, 0);
    CHECK_EQ_INT(n.failed, 0);
    pdn_movelist_free(legal);
    pdn_replay_free(quick);
    pdn_replay_free(general);
    pdn_draughts_free(d);
    free(t.buf);
}

int main(void)
{
    RUN(test_flags);
    RUN(test_same_as_general);
    RUN(test_can_move);
    RUN(test_off_board_numbers);
    return harness_report();
}
