/* SPDX-License-Identifier: MIT */
/*
 * test_rules_numbers.c - the engine's tables of written square numbers
 * (number_bb and number_bit in src/rules/rules.h, read by the replay's
 * quick loop) against pdn_board__cell() and the bitboard layout, on the
 * standard's GameTypes and tuples of other numberings, corners and sizes.
 */
#include "board/board.h"
#include "harness.h"
#include "rules/rules.h"
#include "support/geometry.h"

static void check_tuple(const char *tuple)
{
    pdn_geometry g = test_geometry(tuple);
    pdn_rules rules;
    pdn_draughts *d = NULL;
    if (pdn_rules_init(&rules, g.gametype.type) != PDN_OK)
        pdn_rules_init(&rules, 20);
    if (!CHECK(pdn_draughts_new(&d, &g, &rules, NULL) == PDN_OK))
        return;
    int wrong = 0, valid = 0;
    for (unsigned n = 0; n < PDN_RULES__NUMBERS; n++) {
        int cell = pdn_board__cell(&g, (pdn_square)n), want = -1;
        if (d->bb.ok && cell >= 0 && d->bit_of[cell] >= 0)
            want = cell << 6 | d->bit_of[cell];
        valid += want >= 0;
        if (d->number_bb[n] != want && wrong++ == 0)
            fprintf(stderr, "    %s: number %u gives %d, not %d\n", tuple, n, d->number_bb[n],
                    want);
        /* the bit alone, and the cell back from it */
        uint64_t bit = want >= 0 ? (uint64_t)1 << (want & 63) : 0;
        if ((d->number_bit[n] != bit || (want >= 0 && d->bb.cell[want & 63] != cell)) &&
            wrong++ == 0)
            fprintf(stderr, "    %s: number %u has the wrong bit\n", tuple, n);
    }
    CHECK_EQ_INT(wrong, 0);
    /* every playing square of a board with bitboards has its number */
    if (d->bb.ok && g.gametype.notation == 'N')
        CHECK_EQ_INT(valid, g.square_count);
    if (!d->bb.ok)
        CHECK_EQ_INT(valid, 0);
    pdn_draughts_free(d);
}

static void test_number_table(void)
{
    static const char *const tuples[] = {TEST_TABLE_GAMETYPES, "20,W,10,10,N1,0", "20,W,10,10,N2,1",
                                         "20,B,10,10,N1,1",    "20,W,10,10,A0,0", "21,B,8,8,N1,0",
                                         "21,W,8,8,N2,1",      "25,W,8,8,N1,0",   "30,W,8,8,N1,0",
                                         "41,W,10,8,N1,0",     "20,W,12,10,N1,0", "20,W,14,8,N1,0",
                                         "20,W,4,4,N1,0"};
    for (size_t i = 0; i < sizeof tuples / sizeof tuples[0]; i++)
        check_tuple(tuples[i]);
}

int main(void)
{
    RUN(test_number_table);
    return harness_report();
}
