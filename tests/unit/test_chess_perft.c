/* SPDX-License-Identifier: MIT */
/*
 * test_chess_perft.c - perft of the chess move generator against published
 * counts: the start position, Kiwipete and positions 3-6 of the
 * chessprogramming.org "Perft Results" page, Chess960 positions from the
 * Chess960 perft list (fischer.epd), and small positions that each isolate
 * one rule (en-passant pins and checks, castling through and into check,
 * promotions), from the same page's sources and the standard perft suite.
 * Sanitizer and unoptimised builds run one ply less of the deep ones.
 */
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
#define SLOW_BUILD 1
#else
#define SLOW_BUILD 0
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#undef SLOW_BUILD
#define SLOW_BUILD 1
#endif
#endif

static pdn_geometry chess;

static int load(pdn_position *pos, const char *fen)
{
    size_t at = 0;
    pdn_diag_code c = pdn_fen_read(pos, &chess, fen, strlen(fen), &at);
    if (c != PDN_D_NONE)
        fprintf(stderr, "    FEN refused (%s at %zu): %s\n", pdn_diag_name(c), at, fen);
    return c == PDN_D_NONE;
}

/*
 * Published counts: depths 1..7 (0: not published or not run).  Depths
 * above `fast_depth` are skipped, and in slow builds those above
 * `slow_depth`.
 */
typedef struct perft_case {
    const char *fen;
    uint64_t counts[7];
    int fast_depth, slow_depth;
} perft_case;

static void run_cases(const perft_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        pdn_position pos;
        if (!CHECK(load(&pos, cases[i].fen)))
            continue;
        int depth = SLOW_BUILD ? cases[i].slow_depth : cases[i].fast_depth;
        for (int d = 1; d <= depth; d++) {
            uint64_t nodes = 0, want = cases[i].counts[d - 1];
            if (want == 0)
                continue;
            CHECK_EQ_INT(pdn_chess_perft(&nodes, &pos, (unsigned)d), PDN_OK);
            if (nodes != want)
                fprintf(stderr, "    %s depth %d\n", cases[i].fen, d);
            CHECK_EQ_INT(nodes, want);
        }
    }
}

static void test_chess_perft__standard(void)
{
    static const perft_case cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         {20, 400, 8902, 197281, 4865609, 119060324, 0},
         6,
         5},
        /* Kiwipete: castling, pins, en passant, promotions at once. */
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         {48, 2039, 97862, 4085603, 193690690, 0},
         5,
         4},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
         {14, 191, 2812, 43238, 674624, 11030083, 178633661},
         6,
         5},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
         {6, 264, 9467, 422333, 15833292, 706045033, 0},
         5,
         4},
        /* Position 4 mirrored, Black to move: the same counts. */
        {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
         {6, 264, 9467, 422333, 15833292, 706045033, 0},
         5,
         4},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
         {44, 1486, 62379, 2103487, 89941194, 0},
         5,
         4},
        {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
         {46, 2079, 89890, 3894594, 164075551, 0},
         4,
         3},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

static void test_chess_perft__chess960(void)
{
    static const perft_case cases[] = {
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
         {21, 528, 12189, 326672, 8146062, 227689589, 0},
         5,
         4},
        {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
         {21, 807, 18002, 667366, 16253601, 0},
         5,
         4},
        {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
         {20, 479, 10471, 273318, 6417013, 0},
         5,
         4},
        {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
         {22, 593, 13440, 382958, 9183776, 0},
         5,
         4},
        /* An en-passant cell in a Chess960 game. */
        {"bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9",
         {31, 984, 28677, 962591, 0},
         4,
         3},
        /* Black may castle only short, with the rook on g. */
        {"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9",
         {21, 461, 10608, 248069, 6194124, 0},
         5,
         4},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Positions that each isolate a rule; the comment says which. */
static void test_chess_perft__rules(void)
{
    static const perft_case cases[] = {
        /* en passant would uncover a rook on the rank */
        {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", {0, 0, 0, 0, 0, 1134888, 0}, 6, 6},
        {"3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2", {6, 0}, 1, 1},
        {"8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3", {8, 0}, 1, 1},
        /* en passant would uncover a bishop on the diagonal */
        {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", {0, 0, 0, 0, 0, 1015133, 0}, 6, 6},
        /* an en-passant capture gives check */
        {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", {0, 0, 0, 0, 0, 1440467, 0}, 6, 6},
        /* castling gives check */
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", {0, 0, 0, 0, 0, 661072, 0}, 6, 6},
        {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", {0, 0, 0, 0, 0, 803711, 0}, 6, 6},
        /* castling rights lost by moves and captures */
        {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", {0, 0, 0, 1274206, 0}, 4, 4},
        {"r6r/1b2k1bq/8/8/7B/8/8/R3K2R b KQ - 3 2", {8, 0}, 1, 1},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {26, 568, 13744, 314346, 7594526, 0}, 5, 4},
        {"r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 0 1", {26, 583, 14252, 334705, 8198901, 0}, 5, 4},
        {"4k3/8/8/8/8/8/8/4K2R b K - 0 1", {5, 75, 459, 8290, 47635, 899442, 0}, 6, 5},
        /* castling prevented by attacked cells */
        {"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", {0, 0, 0, 1720476, 0}, 4, 4},
        {"r3k2r/p1pp1pb1/bn2Qnp1/2qPN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQkq - 3 2", {5, 0}, 1, 1},
        {"2kr3r/p1ppqpb1/bn2Qnp1/3PN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQ - 3 2", {44, 0}, 1, 1},
        /* promotions: out of check, under-promotion giving check */
        {"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", {0, 0, 0, 0, 0, 3821001, 0}, 6, 6},
        {"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", {0, 0, 0, 0, 1004658, 0}, 5, 5},
        {"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", {0, 0, 0, 0, 0, 217342, 0}, 6, 6},
        {"8/P1k5/K7/8/8/8/8/8 w - - 0 1", {0, 0, 0, 0, 0, 92683, 0}, 6, 6},
        {"rnb2k1r/pp1Pbppp/2p5/q7/2B5/8/PPPQNnPP/RNB1K2R w KQ - 3 9", {39, 0}, 1, 1},
        /* stalemate and checkmate at the leaves */
        {"K1k5/8/P7/8/8/8/8/8 w - - 0 1", {0, 0, 0, 0, 0, 2217, 0}, 6, 6},
        {"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", {0, 0, 0, 0, 0, 0, 567584}, 7, 7},
        {"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", {0, 0, 0, 23527, 0}, 4, 4},
        /* a king walking into a pawn's or a slider's line */
        {"2r5/3pk3/8/2P5/8/2K5/8/8 w - - 5 4", {9, 0}, 1, 1},
        {"rn1qkbnr/ppp1pppp/8/8/4p1b1/5Q2/PPPP1PPP/RNBK1BNR w kq - 2 4", {24, 0}, 1, 1},
        {"r1bqkbnr/pppppppp/n7/8/8/P7/1PPPPPPP/RNBQKBNR w KQkq - 2 2", {19, 0}, 1, 1},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Perft through the public pdn_chess_play(): each move's subtree adds up. */
static void test_chess_perft__divide(void)
{
    pdn_position pos;
    if (!CHECK(load(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")))
        return;
    pdn_chess_move moves[PDN_CHESS_MOVES_MAX];
    size_t n = 0;
    CHECK_EQ_INT(pdn_chess_moves(moves, &n, &pos), PDN_OK);
    CHECK_EQ_INT(n, 48);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        pdn_position next = pos;
        uint64_t nodes = 0;
        CHECK_EQ_INT(pdn_chess_play(&next, moves[i]), PDN_OK);
        CHECK_EQ_INT(pdn_chess_perft(&nodes, &next, 2), PDN_OK);
        total += nodes;
    }
    CHECK_EQ_INT(total, 97862);
    uint64_t one = 0;
    CHECK_EQ_INT(pdn_chess_perft(&one, &pos, 0), PDN_OK);
    CHECK_EQ_INT(one, 1);
}

int main(void)
{
    pdn_gametype gt;
    if (pdn_gametype_default(&gt, 0) != PDN_OK || pdn_geometry_init(&chess, &gt) != PDN_OK) {
        fprintf(stderr, "no chess geometry\n");
        return 1;
    }
    RUN(test_chess_perft__standard);
    RUN(test_chess_perft__chess960);
    RUN(test_chess_perft__rules);
    RUN(test_chess_perft__divide);
    return harness_report();
}
