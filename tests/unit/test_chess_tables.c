/* SPDX-License-Identifier: MIT */
/*
 * test_chess_tables.c - the table of where each kind of piece checks a king
 * from (pdn_chess__check_table in src/chess/attacks.c), which the replay's
 * short path tests before tracing any check, against the attack primitives
 * of chess.h on an empty board, cell by cell.
 */
#include "chess/chess.h"
#include "harness.h"

/* What a piece of kind index `i` of side `us` on `cell` attacks, the board empty. */
static pdn_bb attacks_of(int us, int i, int cell)
{
    switch (i) {
    case PAWN_I:
        return pdn_chess__pawn_attacks(BB(cell), us);
    case KNIGHT_I:
        return pdn_chess__knight_table[cell];
    case BISHOP_I:
        return pdn_chess__bishop(cell, 0);
    case ROOK_I:
        return pdn_chess__rook(cell, 0);
    case QUEEN_I:
        return pdn_chess__bishop(cell, 0) | pdn_chess__rook(cell, 0);
    default:
        return 0; /* a king never checks */
    }
}

static void test_chess_tables__check_from(void)
{
    int wrong = 0;
    for (int us = 0; us < 2; us++)
        for (int i = 0; i < KIND_COUNT; i++)
            for (int k = 0; k < 64; k++) {
                pdn_bb want = 0;
                for (int c = 0; c < 64; c++)
                    if (attacks_of(us, i, c) & BB(k))
                        want |= BB(c);
                if (pdn_chess__check_table[us][i][k] != want && wrong++ < 5)
                    fprintf(stderr, "    side %d, kind %d, king on %d: %016llx, expected %016llx\n",
                            us, i, k, (unsigned long long)pdn_chess__check_table[us][i][k],
                            (unsigned long long)want);
            }
    CHECK_EQ_INT(wrong, 0);
    /* The table is no empty one: a knight in the middle has eight cells. */
    CHECK_EQ_INT(pdn_chess__count(pdn_chess__check_table[0][KNIGHT_I][27]), 8);
    CHECK_EQ_INT(pdn_chess__count(pdn_chess__check_table[1][PAWN_I][27]), 2);
}

int main(void)
{
    RUN(test_chess_tables__check_from);
    return harness_report();
}
