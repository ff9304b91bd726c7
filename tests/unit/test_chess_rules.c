/* SPDX-License-Identifier: MIT */
/*
 * test_chess_rules.c - playing chess moves on a pdn_position (castling
 * rights, en passant, promotion, clocks, Chess960 castling, null moves),
 * the facts of pdn_chess_examine() (check, mate, stalemate, insufficient
 * material, the fifty-move clock, repetition keys) and the positions the
 * rules refuse.
 */
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

static pdn_geometry chess;

static int load(pdn_position *pos, const char *fen)
{
    size_t at = 0;
    pdn_diag_code c = pdn_fen_read(pos, &chess, fen, strlen(fen), &at);
    if (c != PDN_D_NONE)
        fprintf(stderr, "    FEN refused (%s at %zu): %s\n", pdn_diag_name(c), at, fen);
    return c == PDN_D_NONE;
}

/* Plays SAN moves separated by spaces; 1 when every one resolved cleanly. */
static int play_line(pdn_position *pos, const char *line)
{
    while (*line != '\0') {
        size_t len = strcspn(line, " ");
        pdn_chess_move m;
        unsigned notes = 0;
        if (pdn_chess_parse_san(&m, &notes, pos, line, len, NULL) != PDN_SAN_OK || notes != 0 ||
            pdn_chess_play(pos, m) != PDN_OK) {
            fprintf(stderr, "    could not play \"%.*s\"\n", (int)len, line);
            return 0;
        }
        line += len;
        while (*line == ' ')
            line++;
    }
    return 1;
}

#define CHECK_FEN(pos, want)                                                                       \
    do {                                                                                           \
        char fen_[128];                                                                            \
        size_t len_ = pdn_fen_write((pos), 0, fen_, sizeof fen_);                                  \
        CHECK_STR(fen_, len_, want);                                                               \
    } while (0)

static void test_chess_rules__game(void)
{
    static const struct {
        const char *san, *fen;
    } steps[] = {
        {"e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
        {"e5", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"},
        {"Nf3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
        {"Nc6", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
        {"Bb5", "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"},
        {"a6", "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"},
        {"O-O", "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"},
        {"axb5", "r1bqkbnr/1ppp1ppp/2n5/1p2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 5"},
    };
    pdn_position pos;
    pdn_position_start(&pos, &chess);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        if (!CHECK(play_line(&pos, steps[i].san)))
            return;
        CHECK_FEN(&pos, steps[i].fen);
    }
}

static void test_chess_rules__special_moves(void)
{
    static const struct {
        const char *fen, *san, *after;
    } cases[] = {
        /* en passant removes the pawn beside, not the one on the target */
        {"rnbqkbnr/ppppp1pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6",
         "rnbqkbnr/ppppp1pp/5P2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"},
        {"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "dxe3", "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2"},
        /* taking a rook in its corner ends that castling right */
        {"r3k2r/1P6/8/8/8/8/8/4K3 w kq - 0 1", "bxa8=Q+", "Q3k2r/8/8/8/8/8/8/4K3 b k - 0 1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rh2", "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke2", "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 9", "O-O-O", "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 6 10"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rxa8+", "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"},
        /* under-promotion */
        {"8/4P3/8/8/8/8/k7/4K3 w - - 7 40", "e8=N", "4N3/8/8/8/8/8/k7/4K3 b - - 0 40"},
        /* Chess960: the king on b1 castles long to c1, the rook from a1 to d1 */
        {"1k6/8/8/8/8/8/8/RK5R w HA - 0 1", "O-O-O", "1k6/8/8/8/8/8/8/2KR3R b - - 1 1"},
        /* Chess960: king and rook change places */
        {"k7/8/8/8/8/8/8/4RKR1 w G - 0 1", "O-O", "k7/8/8/8/8/8/8/4RRK1 b - - 1 1"},
        /* Chess960: the king stays on g1, the rook comes from h1 */
        {"rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1", "O-O", "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
        {"rk5r/8/8/8/8/8/8/R5KR b HAha - 0 1", "O-O-O", "2kr3r/8/8/8/8/8/8/R5KR w KQ - 1 2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_position pos;
        if (!CHECK(load(&pos, cases[i].fen)))
            continue;
        if (CHECK(play_line(&pos, cases[i].san)))
            CHECK_FEN(&pos, cases[i].after);
    }
}

static void test_chess_rules__play(void)
{
    pdn_position pos, before;
    pdn_position_start(&pos, &chess);
    before = pos;

    /* A move that is not legal changes nothing. */
    pdn_chess_move e2e5 = {12, 36, PDN_PAWN, 0, 0};
    CHECK_EQ_INT(pdn_chess_play(&pos, e2e5), PDN_EINVAL);
    CHECK(memcmp(&pos, &before, sizeof pos) == 0);
    pdn_chess_move castle = {4, 7, PDN_CHESS_KING, 0, PDN_CHESS_CASTLE};
    CHECK_EQ_INT(pdn_chess_play(&pos, castle), PDN_EINVAL);

    /* Cells and promotion name the move; piece and flags are filled in. */
    pdn_chess_move bare = {12, 28, 0, 0, 0};
    CHECK_EQ_INT(pdn_chess_play(&pos, bare), PDN_OK);
    CHECK_EQ_INT(pos.en_passant, 20);
    CHECK_EQ_INT(pos.turn, 'B');

    /* A null move passes the turn and clears the en-passant cell. */
    pdn_chess_move null_move = {0, 0, 0, 0, PDN_CHESS_NULL};
    CHECK_EQ_INT(pdn_chess_play(&pos, null_move), PDN_OK);
    CHECK_FEN(&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    CHECK(load(&pos, "4k3/8/8/8/8/8/8/K3R3 b - - 0 1"));
    before = pos;
    CHECK_EQ_INT(pdn_chess_play(&pos, null_move), PDN_EINVAL);
    CHECK(memcmp(&pos, &before, sizeof pos) == 0);

    /* The moves come out whole. */
    pdn_chess_move moves[PDN_CHESS_MOVES_MAX];
    size_t n = 0;
    CHECK(load(&pos, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    CHECK_EQ_INT(pdn_chess_moves(moves, &n, &pos), PDN_OK);
    int promotions = 0, captures = 0, castles = 0;
    for (size_t i = 0; i < n; i++) {
        promotions += moves[i].promotion != 0;
        captures += (moves[i].flags & PDN_CHESS_CAPTURE) != 0;
        if (moves[i].flags & PDN_CHESS_CASTLE) {
            castles++;
            CHECK_EQ_INT(moves[i].piece, PDN_CHESS_KING);
            CHECK_EQ_INT(moves[i].from, 4);
            CHECK(moves[i].to == 0 || moves[i].to == 7);
        }
    }
    CHECK_EQ_INT(promotions, 8);   /* b8 and bxa8, four pieces each */
    CHECK_EQ_INT(captures, 4 + 2); /* bxa8=X and Rxa8, Rxh8 */
    CHECK_EQ_INT(castles, 2);
}

static void test_chess_rules__facts(void)
{
    pdn_position pos;
    pdn_chess_facts f;
    pdn_position_start(&pos, &chess);
    CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
    CHECK(!f.check && !f.checkmate && !f.stalemate && !f.insufficient && !f.fifty_moves);
    CHECK_EQ_INT(f.move_count, 20);

    CHECK(load(&pos, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
    CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
    CHECK(f.check && f.checkmate && !f.stalemate);
    CHECK_EQ_INT(f.move_count, 0);

    CHECK(load(&pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
    CHECK(!f.check && !f.checkmate && f.stalemate);

    CHECK(load(&pos, "7k/8/8/8/8/8/8/R5K1 b - - 99 80"));
    CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
    CHECK(!f.fifty_moves && !f.insufficient);
    CHECK(load(&pos, "7k/8/8/8/8/8/8/R5K1 b - - 100 80"));
    CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
    CHECK(f.fifty_moves);

    static const struct {
        const char *fen;
        int insufficient;
    } material[] = {
        {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", 1},     {"8/8/4k3/8/8/3KB3/8/8 w - - 0 1", 1},
        {"8/8/4k3/8/8/3KN3/8/8 b - - 0 1", 1},    {"8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", 0},
        {"5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", 1}, /* both bishops on dark cells */
        {"2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1", 0}, /* one dark, one light */
        {"8/8/4k3/8/8/3K4/8/2B1B3 w - - 0 1", 1}, /* two bishops, one colour */
        {"8/8/4k3/8/8/3KB3/8/6n1 w - - 0 1", 0},  {"8/8/4k3/8/8/3K3R/8/8 w - - 0 1", 0},
        {"8/8/4k3/8/8/3KP3/8/8 w - - 0 1", 0},    {"8/8/4k3/8/8/3Kq3/8/8 w - - 0 1", 0},
    };
    for (size_t i = 0; i < sizeof material / sizeof material[0]; i++) {
        if (!CHECK(load(&pos, material[i].fen)))
            continue;
        CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
        if (f.insufficient != material[i].insufficient)
            fprintf(stderr, "    %s\n", material[i].fen);
        CHECK_EQ_INT(f.insufficient, material[i].insufficient);
    }
}

static uint64_t key_of(const char *fen)
{
    pdn_position pos;
    pdn_chess_facts f;
    if (!load(&pos, fen) || pdn_chess_examine(&f, &pos) != PDN_OK)
        return 0;
    return f.key;
}

static void test_chess_rules__keys(void)
{
    pdn_position pos;
    pdn_chess_facts f;
    pdn_position_start(&pos, &chess);
    CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
    uint64_t start = f.key;
    CHECK(start != 0);

    /* The knights go out and back: the same position, whatever the clocks. */
    CHECK(play_line(&pos, "Nf3 Nf6 Ng1 Ng8"));
    CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
    CHECK(f.key == start);
    /* The same cells with Black to move are another position. */
    CHECK(play_line(&pos, "Nf3 Nf6 Ng1"));
    CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_OK);
    CHECK(f.key != start);
    CHECK(f.key == key_of("rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2"));

    /* Castling rights count, even when castling is not possible now. */
    CHECK(key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1") != start);
    CHECK(key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == start);

    /* An en-passant cell counts only when the capture is legal. */
    CHECK(key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1") ==
          key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    CHECK(key_of("rnbqkbnr/ppppp1pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3") !=
          key_of("rnbqkbnr/ppppp1pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"));
    /* Pinned, the pawn may not take: the cell does not count. */
    CHECK(key_of("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1") == key_of("8/8/8/K2pP2q/8/8/8/7k w - - 0 1"));
    /* Different pieces on the same cells. */
    CHECK(key_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1") != key_of("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"));
    CHECK(key_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1") != key_of("4k3/8/8/8/8/8/8/4K2r w - - 0 1"));
}

/* Positions the rules refuse, set up directly (the FEN reader refuses them too). */
static void test_chess_rules__refused(void)
{
    pdn_position start, pos;
    pdn_chess_move moves[PDN_CHESS_MOVES_MAX];
    pdn_chess_facts f;
    uint64_t nodes;
    size_t n = 99;
    pdn_position_start(&start, &chess);

    pos = start;
    CHECK_EQ_INT(pdn_chess_moves(moves, &n, &pos), PDN_OK);
    CHECK_EQ_INT(n, 20);

    for (int c = 0; c < 15; c++) {
        pos = start;
        switch (c) {
        case 0: /* no white king */
            pos.board[4] = 0;
            break;
        case 1: /* two */
            pos.board[27] = PDN_CHESS_KING | PDN_WHITE;
            break;
        case 2: /* no black king */
            pos.board[60] = 0;
            break;
        case 3: /* a pawn on a1 */
            pos.board[0] = PDN_PAWN | PDN_WHITE;
            pos.castling[1] = -1;
            break;
        case 4: /* a pawn on h8 */
            pos.board[63] = PDN_PAWN | PDN_BLACK;
            pos.castling[2] = -1;
            break;
        case 5: /* a right without its rook */
            pos.board[7] = 0;
            break;
        case 6: /* d1 holds the queen */
            pos.castling[0] = 3;
            break;
        case 7: /* the rook is not on the queen's side */
            pos.castling[1] = 7;
            break;
        case 8: /* e3 with White to move */
            pos.en_passant = 20;
            break;
        case 9: /* e6 without a pawn on e5 */
            pos.en_passant = 44;
            break;
        case 10:
            pos.turn = '?';
            break;
        case 11:
            pos.geometry = NULL;
            break;
        case 12: /* a draughts man */
            pos.board[20] = PDN_MAN | PDN_WHITE;
            break;
        case 13: /* a piece of unknown colour */
            pos.board[20] = PDN_QUEEN | PDN_ANY_COLOR;
            break;
        case 14: /* White to move, Black in check from a queen on b5 */
            pos.board[51] = 0;
            pos.board[33] = PDN_QUEEN | PDN_WHITE;
            break;
        }
        n = 99;
        if (pdn_chess_moves(moves, &n, &pos) != PDN_EINVAL)
            fprintf(stderr, "    case %d was not refused\n", c);
        CHECK_EQ_INT(pdn_chess_moves(moves, &n, &pos), PDN_EINVAL);
        CHECK_EQ_INT(n, 0);
        CHECK_EQ_INT(pdn_chess_perft(&nodes, &pos, 1), PDN_EINVAL);
        CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_EINVAL);
    }
    /* A ring of queens no game can reach: more moves than the list holds. */
    if (CHECK(load(&pos, "QQQQQQrk/Q4Qpp/Q5Q1/Q5Q1/Q6Q/Q1Q4Q/Q6Q/KQQQQQQQ w - - 0 1"))) {
        char buf[PDN_SAN_MAX];
        unsigned notes;
        CHECK_EQ_INT(pdn_chess_moves(moves, &n, &pos), PDN_ELIMIT);
        CHECK_EQ_INT(n, 0);
        CHECK_EQ_INT(pdn_chess_perft(&nodes, &pos, 2), PDN_ELIMIT);
        CHECK_EQ_INT(pdn_chess_examine(&f, &pos), PDN_ELIMIT);
        CHECK_EQ_INT(pdn_chess_play(&pos, moves[0]), PDN_ELIMIT);
        CHECK_EQ_INT(pdn_chess_format_san(buf, &pos, moves[0]), PDN_ELIMIT);
        CHECK_EQ_INT(pdn_chess_parse_san(moves, &notes, &pos, "Qb2", 3, NULL),
                     PDN_SAN_BAD_POSITION);
    }
    /* One ply less: Black's replies fit. */
    if (CHECK(load(&pos, "QQQQQQrk/Q4Qpp/Q5Q1/Q5Q1/Q6Q/Q1Q4Q/Q6Q/KQQQQQQQ b - - 0 1"))) {
        CHECK_EQ_INT(pdn_chess_moves(moves, &n, &pos), PDN_OK);
        CHECK_EQ_INT(pdn_chess_perft(&nodes, &pos, 1), PDN_OK);
        CHECK_EQ_INT(nodes, n);
    }

    pos = start;
    CHECK_EQ_INT(pdn_chess_moves(NULL, &n, &pos), PDN_EINVAL);
    CHECK_EQ_INT(pdn_chess_moves(moves, NULL, &pos), PDN_EINVAL);
    CHECK_EQ_INT(pdn_chess_moves(moves, &n, NULL), PDN_EINVAL);
    CHECK_EQ_INT(pdn_chess_perft(NULL, &pos, 1), PDN_EINVAL);
    CHECK_EQ_INT(pdn_chess_examine(NULL, &pos), PDN_EINVAL);
    CHECK_EQ_INT(pdn_chess_play(NULL, moves[0]), PDN_EINVAL);
}

int main(void)
{
    pdn_gametype gt;
    if (pdn_gametype_default(&gt, 0) != PDN_OK || pdn_geometry_init(&chess, &gt) != PDN_OK) {
        fprintf(stderr, "no chess geometry\n");
        return 1;
    }
    RUN(test_chess_rules__game);
    RUN(test_chess_rules__special_moves);
    RUN(test_chess_rules__play);
    RUN(test_chess_rules__facts);
    RUN(test_chess_rules__keys);
    RUN(test_chess_rules__refused);
    return harness_report();
}
