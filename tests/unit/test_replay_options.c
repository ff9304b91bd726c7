/* SPDX-License-Identifier: MIT */
/*
 * test_replay_options.c - the versions of pdn_replay_options: a version-1
 * struct keeps the moves' records, version 2 with moves 0 gives the same
 * diagnostics and no move or position to ask for, other versions are
 * refused.  On draughts and chess games with variations and faults.
 */
#include "harness.h"
#include "replay_compare.h"

#include <pdn.h>
#include <string.h>

static const char *const games[] = {
    /* International: variations, a wrong side number, an illegal move */
    "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 (2... 13x24 3. 34-29) 3. 37-32 "
    "3. 10-14 4. 31-27 4... 41-36 5. 50-45 1-0\n",
    /* International without a tag, a FEN start, a man taking two pieces */
    "[FEN \"W:W27,28,38:B22,12\"]\n1. 28x8 *\n",
    /* English draughts with an ambiguous-looking capture and a variation */
    "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 (2. 22-18 15x22 3. 25x18) 3. 9-13 17x10 "
    "4. 7x14 *\n",
    /* chess with a variation and an illegal move */
    "[Event \"x\"]\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Ke3 *\n",
};

static const pdn_node *first_move(const pdn_game *g)
{
    const pdn_node *n = pdn_node_first_child(pdn_game_root(g));
    while (n != NULL && pdn_node_kind_of(n) != PDN_NODE_MOVE)
        n = pdn_node_next(n);
    return n;
}

static void test_replay_options__versions(void)
{
    pdn_replay *full = NULL, *bare = NULL, *old = NULL;
    CHECK(pdn_replay_new(&full, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&bare, NULL) == PDN_OK);
    CHECK(pdn_replay_new(&old, NULL) == PDN_OK);
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        pdn_game *g = NULL;
        if (!CHECK(pdn_game_parse(&g, games[i], strlen(games[i]), NULL) == PDN_OK))
            continue;
        const pdn_node *m = first_move(g);
        CHECK(m != NULL);
        pdn_replay_options o = PDN_REPLAY_OPTIONS_INIT;
        CHECK_EQ_INT(o.version, 2);
        CHECK_EQ_INT(o.moves, 1);
        CHECK(pdn_replay_run(full, g, &o) == PDN_OK);
        size_t count = 0;
        pdn_replay_diags(full, &count);
        CHECK(count > 0);

        /* moves 0: the diagnostics alone, with or without positions asked */
        for (int positions = 0; positions < 2; positions++) {
            o.moves = 0;
            o.positions = positions;
            CHECK(pdn_replay_run(bare, g, &o) == PDN_OK);
            CHECK(replay_same_diags(bare, full));
            CHECK_EQ_INT(pdn_replay_gametype(bare), pdn_replay_gametype(full));
            pdn_played p;
            pdn_position pos;
            CHECK(pdn_replay_move(&p, bare, m) == PDN_EINVAL);
            CHECK(pdn_replay_position(&pos, bare, m, 1) == PDN_EINVAL);
            CHECK(pdn_replay_position(&pos, bare, pdn_game_root(g), 0) == PDN_EINVAL);
        }

        /* version 1 ends before `moves`: whatever follows, records are kept */
        pdn_replay_options v1 = PDN_REPLAY_OPTIONS_INIT;
        v1.version = 1;
        v1.moves = 0;
        CHECK(pdn_replay_run(old, g, &v1) == PDN_OK);
        CHECK(replay_same_diags(old, full));
        pdn_played a, b;
        CHECK(pdn_replay_move(&a, old, m) == PDN_OK);
        CHECK(pdn_replay_move(&b, full, m) == PDN_OK);
        CHECK_EQ_INT(a.status, b.status);
        CHECK_EQ_INT(a.status, PDN_PLAY_OK);
        pdn_position pa, pb;
        CHECK(pdn_replay_position(&pa, old, m, 1) == PDN_OK);
        CHECK(pdn_replay_position(&pb, full, m, 1) == PDN_OK);
        CHECK(pa.turn == pb.turn);

        /* a replayer used without records answers again when they are asked for */
        o.moves = 1;
        o.positions = 1;
        CHECK(pdn_replay_run(bare, g, &o) == PDN_OK);
        CHECK(pdn_replay_move(&a, bare, m) == PDN_OK);
        CHECK_EQ_INT(a.status, PDN_PLAY_OK);

        pdn_replay_options bad = PDN_REPLAY_OPTIONS_INIT;
        bad.version = 0;
        CHECK(pdn_replay_run(old, g, &bad) == PDN_EINVAL);
        bad.version = PDN_REPLAY_OPTIONS_VERSION + 1;
        CHECK(pdn_replay_run(old, g, &bad) == PDN_EINVAL);
        pdn_game_free(g);
    }
    pdn_replay_free(full);
    pdn_replay_free(bare);
    pdn_replay_free(old);
}

int main(void)
{
    RUN(test_replay_options__versions);
    return harness_report();
}
