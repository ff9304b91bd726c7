/* SPDX-License-Identifier: MIT */
/*
 * fen_verdict.h - the draughts FEN syntax check of a value against the full
 * reader's verdict on it: with a space in front, a value is trimmed and read
 * by the full reader alone, so the short paths' tests compare the two.
 */
#ifndef PDN_TEST_FEN_VERDICT_H
#define PDN_TEST_FEN_VERDICT_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pdn.h"

/* True when fen[0..n) (n < 256) gets the same verdict, at the same place, as
 * and without a space in front; the full reader's verdict goes to *full.
 * A case that differs is printed. */
static inline bool test_fen_same_as_full(const char *fen, size_t n, pdn_diag_code *full)
{
    char spaced[257];
    *full = PDN_D_NONE;
    if (n >= sizeof spaced - 1)
        return false;
    spaced[0] = ' ';
    memcpy(spaced + 1, fen, n);
    size_t at = 0, at2 = 0;
    pdn_diag_code a = pdn_check_fen_syntax(fen, n, 0, &at);
    pdn_diag_code b = pdn_check_fen_syntax(spaced, n + 1, 0, &at2);
    *full = b;
    if (a == b && (a == PDN_D_NONE || at + 1 == at2))
        return true;
    fprintf(stderr, "    \"%.*s\" (%zu): %d at %zu, full reader %d at %zu\n", (int)n, fen, n,
            (int)a, at, (int)b, at2);
    return false;
}

#endif
