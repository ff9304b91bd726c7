/* SPDX-License-Identifier: MIT */
/*
 * test_chess_shortcuts.c - the chess rules' shortcuts against the long way:
 * the loader's copy of the standard start against building the board,
 * pdn_chess__has_move() against the full list of moves, the check test of a
 * move (pdn_chess__checks_by(), and pdn_chess__quick_checks() and
 * pdn_chess__checks_after(), which ask the board after the move) against
 * playing it and looking, and the
 * castling test against the generator, at every ply of random games from
 * several starts (Chess960, checks and mates, pins, crowded boards).
 */
#include <stdlib.h>
#include <string.h>

#include "chess/chess.h"
#include "chess/quick.h"
#include "harness.h"
#include "pdn.h"
#include "support/chess_board.h"
#include "support/rng.h"

static pdn_geometry chess;

/* Loads `fen` both ways; 1 when they agree (both refused, or the same board). */
static int load_agrees(const char *fen)
{
    pdn_position pos;
    size_t at = 0;
    if (pdn_fen_read(&pos, &chess, fen, strlen(fen), &at) != PDN_D_NONE)
        return 0;
    pdn_chess__board quick, general;
    memset(&quick, 0xA5, sizeof quick);
    memset(&general, 0x5A, sizeof general);
    int q = pdn_chess__load(&quick, &pos), g = pdn_chess__build(&general, &pos);
    return q == g && (q != 0 || (test_same_chess_board(&quick, &general) &&
                                 memcmp(quick.king, general.king, sizeof quick.king) == 0));
}

static void test_chess_shortcuts__start(void)
{
    /* The start itself, with other clocks, and near misses of it. */
    CHECK(load_agrees("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    CHECK(load_agrees("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 42"));
    CHECK(load_agrees("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"));
    CHECK(load_agrees("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1"));
    CHECK(load_agrees("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"));
    CHECK(load_agrees("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
    CHECK(load_agrees("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"));
    CHECK(load_agrees("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"));
    /* The standard start reached by playing moves keeps its rights. */
    pdn_position pos;
    pdn_position_start(&pos, &chess);
    pdn_chess__board quick, general;
    CHECK(pdn_chess__load(&quick, &pos) == 0 && pdn_chess__build(&general, &pos) == 0 &&
          test_same_chess_board(&quick, &general));
    /* The kings' cells kept beside the bitboards, in the copied start too. */
    CHECK(quick.king[0] == 4 && quick.king[1] == 60 && general.king[0] == 4 &&
          general.king[1] == 60);
    /* The start the replay takes without a position: the same board, every
     * field and clock of it. */
    pdn_chess__board given;
    memset(&given, 0xA5, sizeof given);
    pdn_chess__start(&given);
    CHECK(test_same_chess_board(&given, &general) &&
          memcmp(given.king, general.king, sizeof given.king) == 0);
}

typedef struct tally {
    long positions, checks, mates, stalemates, moves, giving, castles;
} tally;

/* Every shortcut at one position. */
static void check_position(tally *t, const pdn_chess__board *b)
{
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    size_t n = pdn_chess__generate(b, list);
    int check = pdn_chess__in_check(b), has = pdn_chess__has_move(b);
    t->positions++;
    t->checks += check;
    t->mates += check && n == 0;
    t->stalemates += !check && n == 0;
    if (!CHECK(has == (n != 0)))
        fprintf(stderr, "    has_move %d with %zu moves\n", has, n);
    if (n > PDN_CHESS_MOVES_MAX)
        n = PDN_CHESS_MOVES_MAX;
    int wings[2] = {0, 0};
    for (size_t i = 0; i < n; i++) {
        pdn_chess_move m = list[i];
        if (m.flags & PDN_CHESS_CASTLE) {
            wings[(m.to & 7) < (m.from & 7)] = 1;
            continue;
        }
        if (m.flags & PDN_CHESS_EN_PASSANT)
            continue;
        pdn_chess__board next = *b;
        pdn_chess__make(&next, m);
        int gives = pdn_chess__in_check(&next);
        t->moves++;
        t->giving += gives;
        if (!CHECK(pdn_chess__gives_check(b, m) == gives))
            fprintf(stderr, "    move %d-%d gives check %d\n", m.from, m.to, gives);
        /* The same asked after the move: with the first tests and without. */
        int kind = KIND_INDEX(m.promotion ? m.promotion : m.piece), k = next.king[next.us];
        if (!CHECK(pdn_chess__quick_checks(&next, b->us, m.from, m.to, kind) == gives) ||
            !CHECK(pdn_chess__checks_after(&next, m.from, m.to, kind, k) == gives))
            fprintf(stderr, "    move %d-%d gives check %d (after)\n", m.from, m.to, gives);
    }
    for (int wing = 0; wing < 2; wing++) {
        pdn_chess_move m;
        int ok = pdn_chess__castle(b, wing, &m);
        t->castles += ok;
        CHECK(ok == wings[wing]);
    }
}

static void play_games(tally *t, const char *fen, int games, int plies)
{
    pdn_position pos;
    pdn_chess__board start;
    if (!CHECK(test_chess_load(&start, &pos, &chess, fen)))
        return;
    for (int g = 0; g < games; g++) {
        pdn_chess__board b = start;
        for (int ply = 0; ply < plies; ply++) {
            check_position(t, &b);
            pdn_chess_move list[PDN_CHESS_MOVES_MAX];
            size_t n = pdn_chess__generate(&b, list);
            if (n == 0 || n > PDN_CHESS_MOVES_MAX)
                break;
            /* Checks half the time when there are any: more king hunts. */
            size_t pick = rnd((unsigned)n);
            if (rnd(2) == 0)
                for (size_t i = 0; i < n; i++)
                    if (!(list[i].flags & PDN_CHESS_CASTLE) && pdn_chess__gives_check(&b, list[i]))
                        pick = i;
            pdn_chess__make(&b, list[pick]);
        }
    }
}

static void test_chess_shortcuts__random_games(void)
{
    static const char *const starts[] = {
        TEST_CHESS_PERFT_STARTS,
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
        "1k6/8/2Q1Q3/8/2Q1Q1N1/8/1N3N2/K2R3R w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "7k/8/8/8/8/8/8/K5Q1 w - - 0 1",
        /* Chess960 castling that the rook itself would unmask */
        "4k3/8/8/8/8/8/8/rRK5 w B - 0 1",
        "1r2k3/8/8/8/8/8/8/1RK5 w B - 0 1",
    };
    tally t = {0};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
        play_games(&t, starts[i], 24, 90);
    printf("%ld positions (%ld in check, %ld mates, %ld stalemates), %ld moves (%ld give "
           "check), %ld castlings\n",
           t.positions, t.checks, t.mates, t.stalemates, t.moves, t.giving, t.castles);
    /* The games met every case. */
    CHECK(t.positions > 10000 && t.checks > 1000 && t.mates > 20 && t.stalemates > 0);
    CHECK(t.giving > 10000 && t.castles > 100);
}

int main(void)
{
    pdn_gametype gt;
    if (pdn_gametype_default(&gt, 0) != PDN_OK || pdn_geometry_init(&chess, &gt) != PDN_OK) {
        fprintf(stderr, "no chess geometry\n");
        return 1;
    }
    RUN(test_chess_shortcuts__start);
    RUN(test_chess_shortcuts__random_games);
    return harness_report();
}
