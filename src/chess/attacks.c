/* SPDX-License-Identifier: MIT */
/*
 * attacks.c - the per-cell attack tables of the chess move generator:
 * knight and king steps, the two diagonals through each cell and all four
 * lines through it.  Every entry is a constant expression, so the compiler
 * builds the tables and nothing is filled in at run time.
 */
#include "chess/chess.h"

#define NOT_A 0xFEFEFEFEFEFEFEFEULL
#define NOT_AB 0xFCFCFCFCFCFCFCFCULL
#define NOT_H 0x7F7F7F7F7F7F7F7FULL
#define NOT_GH 0x3F3F3F3F3F3F3F3FULL

/* A step east must not wrap onto file a of the next rank, one west onto h. */
#define KNIGHT_STEPS(b)                                                                            \
    ((((b) << 17) & NOT_A) | (((b) << 15) & NOT_H) | (((b) << 10) & NOT_AB) |                      \
     (((b) << 6) & NOT_GH) | (((b) >> 17) & NOT_H) | (((b) >> 15) & NOT_A) |                       \
     (((b) >> 10) & NOT_GH) | (((b) >> 6) & NOT_AB))
#define KING_STEPS(b)                                                                              \
    (((b) << 8) | ((b) >> 8) | (((b) << 1) & NOT_A) | (((b) >> 1) & NOT_H) |                       \
     (((b) << 9) & NOT_A) | (((b) << 7) & NOT_H) | (((b) >> 7) & NOT_A) | (((b) >> 9) & NOT_H))

/* a1-h8 and h1-a8; shifting by whole ranks moves a diagonal to its neighbours. */
#define MAIN_DIAG 0x8040201008040201ULL
#define MAIN_ANTI 0x0102040810204080ULL
#define FILE_OF(s) ((s)&7)
#define RANK_OF(s) ((s) >> 3)
/* Shift counts are distances, never negative, even in the arm not taken. */
#define DIAG_SHIFT(s)                                                                              \
    (8 * (FILE_OF(s) >= RANK_OF(s) ? FILE_OF(s) - RANK_OF(s) : RANK_OF(s) - FILE_OF(s)))
#define ANTI_SHIFT(s)                                                                              \
    (8 * (FILE_OF(s) + RANK_OF(s) >= 7 ? FILE_OF(s) + RANK_OF(s) - 7 : 7 - FILE_OF(s) - RANK_OF(s)))
#define DIAG(s) (FILE_OF(s) >= RANK_OF(s) ? MAIN_DIAG >> DIAG_SHIFT(s) : MAIN_DIAG << DIAG_SHIFT(s))
#define ANTI(s)                                                                                    \
    (FILE_OF(s) + RANK_OF(s) >= 7 ? MAIN_ANTI << ANTI_SHIFT(s) : MAIN_ANTI >> ANTI_SHIFT(s))

#define RAYS(s) ((FILE_A_BB << FILE_OF(s)) | (RANK_1_BB << (8 * RANK_OF(s))) | DIAG(s) | ANTI(s))
#define KNIGHT(s) KNIGHT_STEPS(BB(s))
#define KING(s) KING_STEPS(BB(s))

#define RANK_ROW(M, r)                                                                             \
    M((r)*8 + 0), M((r)*8 + 1), M((r)*8 + 2), M((r)*8 + 3), M((r)*8 + 4), M((r)*8 + 5),            \
        M((r)*8 + 6), M((r)*8 + 7)
#define ALL_CELLS(M)                                                                               \
    RANK_ROW(M, 0), RANK_ROW(M, 1), RANK_ROW(M, 2), RANK_ROW(M, 3), RANK_ROW(M, 4),                \
        RANK_ROW(M, 5), RANK_ROW(M, 6), RANK_ROW(M, 7)

const pdn_bb pdn_chess__knight_table[64] = {ALL_CELLS(KNIGHT)};
const pdn_bb pdn_chess__king_table[64] = {ALL_CELLS(KING)};
const pdn_bb pdn_chess__diag_table[64] = {ALL_CELLS(DIAG)};
const pdn_bb pdn_chess__anti_table[64] = {ALL_CELLS(ANTI)};
const pdn_bb pdn_chess__rays_table[64] = {ALL_CELLS(RAYS)};
