/* SPDX-License-Identifier: MIT */
/*
 * test_chess_corpus.c - SAN property tests over every chess game of the
 * shared corpus (issue 5): for each move the replay resolves, its canonical
 * SAN parses and formats back to itself, and resolves to the same move.
 * Every legal move of every 8th position is put through the same test.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"
#include "support/files.h"

typedef struct tally {
    unsigned long files, games, played, legal;
} tally;

static int same_move(pdn_chess_move a, pdn_chess_move b)
{
    return a.from == b.from && a.to == b.to && a.piece == b.piece && a.promotion == b.promotion &&
           a.flags == b.flags;
}

/* The mark canonical SAN ends with, found by playing the move and
 * examining the position it leaves: '#', '+' or 0. */
static char mark_of(const pdn_position *pos, pdn_chess_move m)
{
    pdn_position after = *pos;
    pdn_chess_facts f;
    if (pdn_chess_play(&after, m) != PDN_OK || pdn_chess_examine(&f, &after) != PDN_OK)
        return '?';
    return f.checkmate ? '#' : f.check ? '+' : 0;
}

/*
 * The round trip of one move of `pos`: its canonical SAN s, then
 * format(parse(s)) == s, and parse(s) resolves on `pos` to the same move
 * with no notes (canonical SAN is what the resolver expects).  The check
 * mark is also compared with the position after the move.
 */
static int round_trip(const pdn_position *pos, pdn_chess_move m, const char *where)
{
    char san[PDN_SAN_MAX] = "", again[PDN_SAN_MAX] = "";
    pdn_san parsed;
    size_t at = 0;
    pdn_chess_move back;
    unsigned notes = 1;
    int ok = CHECK(pdn_chess_format_san(san, pos, m) == PDN_OK) && CHECK(san[0] != 0);
    if (ok) {
        char last = san[strlen(san) - 1];
        ok = CHECK((last == '+' || last == '#' ? last : 0) == mark_of(pos, m));
    }
    ok = ok && CHECK(pdn_san_parse(&parsed, san, strlen(san), &at) == PDN_SAN_OK) &&
         CHECK(pdn_san_format(&parsed, again) == strlen(san)) && CHECK(strcmp(again, san) == 0) &&
         CHECK(pdn_san_resolve(&back, &notes, pos, &parsed) == PDN_SAN_OK) &&
         CHECK(same_move(back, m)) && CHECK(notes == 0);
    if (!ok)
        fprintf(stderr, "    at %s: san \"%s\", formatted back \"%s\", notes %#x\n", where, san,
                again, notes);
    return ok;
}

/* Every move node of a replayed chess game, variations included. */
static void check_game(const pdn_game *g, pdn_replay *r, const char *file, tally *t)
{
    char where[4200];
    unsigned long positions = 0;
    pdn_iter it;
    pdn_iter_init(&it, pdn_game_root(g));
    while (pdn_iter_next(&it) != PDN_EVENT_DONE) {
        if (it.event != PDN_EVENT_ENTER || pdn_node_kind_of(it.node) != PDN_NODE_MOVE)
            continue;
        pdn_played played;
        pdn_position before;
        if (pdn_replay_move(&played, r, it.node) != PDN_OK || played.status != PDN_PLAY_OK ||
            (played.chess.flags & PDN_CHESS_NULL) ||
            pdn_replay_position(&before, r, it.node, 0) != PDN_OK)
            continue;
        snprintf(where, sizeof where, "%s game %llu ply %u", file,
                 (unsigned long long)pdn_game_index(g), played.ply);
        if (!round_trip(&before, played.chess, where))
            continue;
        t->played++;
        /* Moves nobody played, from a share of the positions: all kinds of
         * disambiguation, promotions and castling turn up among them. */
        if (positions++ % 8 != 0)
            continue;
        pdn_chess_move legal[PDN_CHESS_MOVES_MAX];
        size_t n = 0;
        if (!CHECK(pdn_chess_moves(legal, &n, &before) == PDN_OK))
            continue;
        for (size_t i = 0; i < n; i++)
            t->legal += (unsigned long)round_trip(&before, legal[i], where);
    }
}

static void check_file(const char *path, tally *t)
{
    size_t len = 0;
    char *data = test_read_file(path, &len);
    if (!CHECK(data != NULL))
        return;
    pdn_read_options ro = PDN_READ_OPTIONS_INIT;
    ro.default_gametype = 0; /* a .pgn file */
    pdn_reader *reader = NULL;
    pdn_replay *r = NULL;
    if (CHECK(pdn_reader_new_buffer(&reader, data, len, &ro) == PDN_OK) &&
        CHECK(pdn_replay_new(&r, NULL) == PDN_OK)) {
        const pdn_game *g;
        pdn_status st;
        while ((st = pdn_reader_next(reader, &g)) == PDN_OK) {
            t->games++;
            if (CHECK(pdn_replay_run(r, g, NULL) == PDN_OK) && pdn_replay_gametype(r) == 0)
                check_game(g, r, path, t);
        }
        CHECK(st == PDN_DONE);
        t->files++;
    }
    pdn_replay_free(r);
    pdn_reader_free(reader);
    free(data);
}

/* Every .pgn file of the corpus. */
static bool pgn_file(const char *path, const char *name, void *ctx)
{
    if (test_has_ext(name, ".pgn"))
        check_file(path, ctx);
    return true;
}

static void test_chess_corpus__san_round_trip(void)
{
    tally t = {0, 0, 0, 0};
    test_walk_files(PDN_CORPUS_DIR, pgn_file, &t);
    printf("%lu .pgn files, %lu games: %lu played moves and %lu other legal moves checked\n",
           t.files, t.games, t.played, t.legal);
    /* The corpus holds some 8 chess files and 100 000 plies: a walk that
     * finds nothing is a broken test, not a pass. */
    CHECK(t.files >= 1);
    CHECK(t.played >= 1000);
}

int main(void)
{
    struct stat sb;
    if (stat(PDN_CORPUS_DIR, &sb) != 0) {
        printf("no corpus at %s: nothing to check\n", PDN_CORPUS_DIR);
        return harness_report();
    }
    RUN(test_chess_corpus__san_round_trip);
    return harness_report();
}
