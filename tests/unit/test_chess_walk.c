/* SPDX-License-Identifier: MIT */
/*
 * test_chess_walk.c - the replay of chess games with its quick paths (the
 * walk's run of SAN moves, pdn_chess__quick_play()) against its general
 * path (general_only): random games from the start and from FEN tags, with
 * variations (some written before the move they replace), comments, NAGs,
 * wrong move numbers, non-canonical, illegal, ambiguous and unreadable moves
 * and null moves, now and then with move
 * counters near the most a FEN tag can give or on crowded boards; both replays must give the same
 * diagnostics, the same record for every move and the same positions, and the quick replay without
 * records (options.moves 0: the run loop's inline steps) the same diagnostics.
 */
#include "harness.h"
#include "replay/replay.h"
#include "replay_compare.h"
#include "support/append.h"
#include "support/rng.h"

#include <stdlib.h>
#include <string.h>

/* "12." before White's moves, "12..." before Black's when `opens`; now and
 * then the wrong one, or none. */
static void put_number(test_text *t, const pdn_position *pos, int opens)
{
    char buf[32];
    char turn = pos->turn;
    unsigned r = rnd(24);
    if (r == 0)
        turn = turn == 'W' ? 'B' : 'W';
    if (r == 1)
        return;
    int n = pos->fullmove > 0 ? pos->fullmove : 1;
    if (turn == 'W')
        snprintf(buf, sizeof buf, "%d. ", n);
    else if (opens || r == 0)
        snprintf(buf, sizeof buf, "%d... ", n);
    else
        return;
    test_puts(t, buf);
}

/* Comments, NAGs and marks after a move, now and then. */
static void put_extras(test_text *t)
{
    static const char *const extras[] = {"{a comment} ",      "$1 ", "$14 ", "!? ", "; line\n",
                                         "{[%clk 0:01:02]} ", "?? "};
    while (rnd(6) == 0)
        test_puts(t, extras[rnd(sizeof extras / sizeof extras[0])]);
}

/* Move `m` of `pos` written in one of several forms: mostly canonical, else
 * without its check mark, with a wrong one, with a needless disambiguation,
 * without the one it needs (ambiguous when it did), as a null move, as text
 * that is not SAN, or as a move to a random cell (mostly illegal); each
 * one time in `rare`. */
static void put_move(test_text *t, const pdn_position *pos, pdn_chess_move m, unsigned rare)
{
    char san[PDN_SAN_MAX + 8], buf[PDN_SAN_MAX + 16];
    if (pdn_chess_format_san(san, pos, m) != PDN_OK) {
        test_puts(t, "?? ");
        return;
    }
    size_t n = strlen(san);
    unsigned form = rnd(rare);
    static const char files[] = "abcdefgh", pieces[] = "NBRQK";
    if (form == 0 && n > 0 && (san[n - 1] == '+' || san[n - 1] == '#')) {
        san[n - 1] = '\0';
    } else if (form == 1 && n > 0 && san[n - 1] != '+' && san[n - 1] != '#') {
        strcat(san, "+");
    } else if (form == 2 && strchr(pieces, san[0]) != NULL && san[1] != '\0') {
        /* Piece, then its origin's file: overspecified unless needed. */
        snprintf(buf, sizeof buf, "%c%c%s", san[0], files[m.from & 7], san + 1);
        strcpy(san, buf);
    } else if (form == 3 && strchr(pieces, san[0]) != NULL && n > 3 && san[1] >= 'a' &&
               san[1] <= 'h' && (san[2] >= 'a' && san[2] <= 'h')) {
        /* A needed file dropped: ambiguous. */
        memmove(san + 1, san + 2, n - 1);
    } else if (form == 4) {
        strcpy(san, "--");
    } else if (form == 5) {
        snprintf(san, sizeof san, "%cf3xp5", pieces[rnd(5)]);
    } else if (form == 6) {
        snprintf(san, sizeof san, "%c%c%c", pieces[rnd(5)], files[rnd(8)], (char)('1' + rnd(8)));
    } else if (form == 7) {
        snprintf(san, sizeof san, "%c%c", files[rnd(8)], (char)('1' + rnd(8)));
    } else if (form == 8) {
        snprintf(san, sizeof san, "%c%d%c%d", files[m.from & 7], m.from / 8 + 1, files[m.to & 7],
                 m.to / 8 + 1);
    }
    test_puts(t, san);
    test_puts(t, " ");
}

/* A random legal move of `pos`; 0 when there is none. */
static int pick(pdn_chess_move *m, const pdn_position *pos)
{
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    size_t count = 0;
    if (pdn_chess_moves(list, &count, pos) != PDN_OK || count == 0)
        return 0;
    *m = list[rnd((unsigned)count)];
    return 1;
}

/* A variation of the move about to be played from `pos`: another move and
 * a few more, nested now and then. */
static void put_variation(test_text *t, const pdn_position *pos, int depth)
{
    pdn_position p = *pos;
    pdn_chess_move m;
    test_puts(t, "( ");
    put_extras(t);
    for (int i = 0, n = 1 + (int)rnd(6); i < n && pick(&m, &p); i++) {
        put_number(t, &p, i == 0);
        put_move(t, &p, m, 30);
        put_extras(t);
        if (depth < 2 && rnd(5) == 0)
            put_variation(t, &p, depth + 1);
        if (pdn_chess_play(&p, m) != PDN_OK)
            break;
    }
    test_puts(t, ") ");
}

/* A random game: from the start or a FEN tag, variations at some plies
 * (at most plies when `dense`). */
static void write_game(test_text *t, const pdn_geometry *g, int plies, int dense)
{
    pdn_position pos;
    pdn_chess_move m;
    char buf[256];
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    t->len = 0;
    test_puts(t, "[Event \"t\"]\n[GameType \"0\"]\n[Result \"");
    test_puts(t, results[rnd(4)]);
    test_puts(t, "\"]\n");
    pdn_position_start(&pos, g);
    /* A crowded board: the pieces' bound (chess.h) just under
     * PDN_CHESS_MOVES_MAX, a promotion away from passing it, or past it. */
    static const char *const crowded[] = {
        "7k/PP6/8/8/8/BB6/NN6/QQQQQRRK w - - 0 1", "7k/PP6/8/8/8/BB6/NN6/QQQQQRRK b - - 0 1",
        "7k/P7/8/8/8/BB6/NN6/QQQQQQRK w - - 0 1", "7k/8/8/8/Q7/BB6/NN6/QQQQQQRK w - - 0 1"};
    size_t at = 0;
    if (rnd(12) == 0) {
        const char *fen = crowded[rnd(4)];
        CHECK(pdn_fen_read(&pos, g, fen, strlen(fen), &at) == PDN_D_NONE);
        test_puts(t, "[FEN \"");
        test_puts(t, fen);
        test_puts(t, "\"]\n[SetUp \"1\"]\n");
    } else if (rnd(3) == 0) {
        for (int i = 0, n = (int)rnd(30); i < n && pick(&m, &pos); i++)
            pdn_chess_play(&pos, m);
        /* Counters near the most a FEN tag can give. */
        if (rnd(4) == 0) {
            pos.fullmove = 99999999 - (int)rnd(80);
            pos.halfmove_clock = rnd(2) ? 99999999 - (int)rnd(160) : pos.halfmove_clock;
        }
        pdn_fen_write(&pos, 0, buf, sizeof buf);
        test_puts(t, "[FEN \"");
        test_puts(t, buf);
        test_puts(t, "\"]\n[SetUp \"1\"]\n");
    }
    test_puts(t, "\n");
    put_extras(t);
    for (int ply = 0; ply < plies && pick(&m, &pos); ply++) {
        /* Now and then a variation of the move to come written before it,
         * as some programs place them: replayed from here, with a warning. */
        if (rnd(dense ? 8 : 40) == 0)
            put_variation(t, &pos, 0);
        put_number(t, &pos, ply == 0);
        put_move(t, &pos, m, 600);
        put_extras(t);
        if (rnd(dense ? 2 : 12) == 0)
            put_variation(t, &pos, 0);
        pdn_chess_play(&pos, m);
    }
    test_puts(t, results[rnd(4)]);
    test_puts(t, "\n");
}

static void test_chess_quick_as_general(void)
{
    pdn_replay *quick = NULL, *general = NULL, *bare = NULL;
    test_text t = {NULL, 0, 0};
    replay_tally n = {0};
    long games = 0, diags = 0, variations = 0, misplaced = 0;
    pdn_gametype gt;
    pdn_geometry g;
    CHECK(pdn_gametype_default(&gt, 0) == PDN_OK);
    CHECK(pdn_geometry_init(&g, &gt) == PDN_OK);
    CHECK(pdn_replay_new(&quick, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&general, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&bare, NULL) == PDN_OK);
    general->general_only = true;
    for (int i = 0; i < 600; i++) {
        write_game(&t, &g, 20 + (int)rnd(120), i % 3 == 0);
        pdn_game *game = NULL;
        if (!CHECK(pdn_game_parse(&game, t.buf, t.len, NULL) == PDN_OK))
            continue;
        variations += strchr(t.buf, '(') != NULL;
        for (int positions = 0; positions < 2; positions++) {
            pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
            o.positions = positions;
            CHECK(pdn_replay_run(quick, game, &o) == PDN_OK);
            CHECK(pdn_replay_run(general, game, &o) == PDN_OK);
            CHECK_EQ_INT(pdn_replay_gametype(quick), 0);
            size_t nd;
            const pdn_diag *d = pdn_replay_diags(quick, &nd);
            diags += (long)nd;
            for (size_t k = 0; k < nd; k++)
                misplaced += d[k].code == PDN_D_VARIATION_PLACE;
            if (!CHECK(replay_same_diags(quick, general)))
                fprintf(stderr, "    game %d:\n%s\n", i, t.buf);
            long failed = n.failed;
            replay_compare_nodes(quick, general, pdn_game_root(game), positions, &n);
            if (n.failed > failed)
                fprintf(stderr, "    game %d: %ld moves differ\n%s\n", i, n.failed - failed, t.buf);
            o.moves = 0;
            CHECK(pdn_replay_run(bare, game, &o) == PDN_OK);
            if (!CHECK(replay_same_diags(bare, general)))
                fprintf(stderr, "    game %d without records:\n%s\n", i, t.buf);
        }
        games++;
        pdn_game_free(game);
    }
    printf("%ld games (%ld with variations), %ld moves: %ld played, %ld ambiguous, %ld illegal, "
           "%ld skipped; %ld diagnostics, %ld misplaced variations\n",
           games, variations, n.moves, n.ok, n.ambiguous, n.illegal, n.skipped, diags, misplaced);
    CHECK(games == 600 && variations > 200 && misplaced > 100);
    CHECK(n.ok > 50000 && n.ambiguous > 20 && n.illegal > 500 && n.skipped > 5000);
    CHECK(diags > 5000);
    CHECK_EQ_INT(n.failed, 0);
    pdn_replay_free(quick);
    pdn_replay_free(general);
    pdn_replay_free(bare);
    free(t.buf);
}

int main(void)
{
    RUN(test_chess_quick_as_general);
    return harness_report();
}
