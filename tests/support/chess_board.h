/* SPDX-License-Identifier: MIT */
/*
 * chess_board.h - what the tests of the chess replay's internals share:
 * the positions of the published perft tables, comparing two internal
 * boards field by field, and an internal board loaded from a FEN.  Each test program is one
 * translation unit and includes this once.
 */
#ifndef PDN_TEST_CHESS_BOARD_H
#define PDN_TEST_CHESS_BOARD_H

#include <stdbool.h>
#include <string.h>

#include "chess/chess.h"
#include "pdn.h"

/* The start position and the four middle games of the published chess
 * perft tables (kiwipete among them): castling, en passant, promotions,
 * pins and checks from the first ply on. */
#define TEST_CHESS_PERFT_STARTS                                                                    \
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",                                    \
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",                    \
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                                               \
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",                        \
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"

/* Whether two boards are the same in every field the replay reads. */
static inline bool test_same_chess_board(const pdn_chess__board *a, const pdn_chess__board *b)
{
    return memcmp(a->side, b->side, sizeof a->side) == 0 &&
           memcmp(a->kind, b->kind, sizeof a->kind) == 0 && memcmp(a->at, b->at, 64) == 0 &&
           memcmp(a->castling, b->castling, 4) == 0 && a->ep == b->ep && a->check == b->check &&
           a->bound[0] == b->bound[0] && a->bound[1] == b->bound[1] && a->us == b->us &&
           a->halfmove == b->halfmove && a->fullmove == b->fullmove;
}

/* The board of `fen` on the chess geometry `g`, its position in *pos; false
 * when the FEN is not a clean one or the board refuses the position. */
static inline bool test_chess_load(pdn_chess__board *out, pdn_position *pos, const pdn_geometry *g,
                                   const char *fen)
{
    size_t at = 0;
    return pdn_fen_read(pos, g, fen, strlen(fen), &at) == PDN_D_NONE &&
           pdn_chess__load(out, pos) == 0;
}

/* The legal moves of b in list (at most PDN_CHESS_MOVES_MAX: the rest are
 * not looked at), and b's position in *pos, which writing them in SAN
 * needs; returns how many. */
static inline size_t test_chess_legal(const pdn_chess__board *b, pdn_position *pos,
                                      pdn_chess_move *list)
{
    size_t n = pdn_chess__generate(b, list);
    pdn_chess__store(b, pos);
    return n > PDN_CHESS_MOVES_MAX ? PDN_CHESS_MOVES_MAX : n;
}

/* What the replay does with a SAN text without the short path
 * (steps_chess.c): the move in *m, its notes in *notes and the board after
 * it in *b; 0 where it refuses the text. */
static inline int test_chess_general(pdn_chess__board *b, const char *text, size_t len,
                                     pdn_chess_move *m, unsigned *notes)
{
    pdn_san san;
    size_t at;
    int checks;
    if (pdn_san_parse(&san, text, len, &at) != PDN_SAN_OK ||
        pdn_chess__resolve(m, notes, &checks, b, &san) != PDN_SAN_OK)
        return 0;
    if (m->flags & PDN_CHESS_NULL)
        pdn_chess__make_null(b);
    else
        pdn_chess__make(b, *m);
    b->check = (int8_t)checks;
    return 1;
}

#endif
