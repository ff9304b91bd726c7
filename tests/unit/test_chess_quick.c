/* SPDX-License-Identifier: MIT */
/*
 * test_chess_quick.c - the replay's short path for canonical SAN
 * (src/chess/quick.c) against the general path (pdn_san_parse(),
 * pdn_chess__resolve() and pdn_chess__make()).  Random games from several
 * starts (Chess960, castling, en passant, promotions, crowded boards); at
 * every ply every legal move's SAN and many near misses of it are given to
 * both: what the short path takes must come out the same (move, notes,
 * board after it), what it refuses must leave the board untouched, and it
 * must take the canonical SAN of every move but en passant.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess/chess.h"
#include "harness.h"
#include "pdn.h"
#include "support/chess_board.h"

static pdn_geometry chess;

typedef struct stats {
    long texts, quick, canonical, canonical_quick, checks, mates, failures;
    long castle_refused;  /* castling texts refused with the right kept */
    long castle_standard; /* taken, with the king on e and the rook in its corner */
    long castle_other;    /* taken from other cells (Chess960) */
} stats;

/* xorshift64*: the same games on every run. */
static uint64_t rnd(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

/* The kings' cells the board keeps are those of its bitboards. */
static int kings_kept(const pdn_chess__board *b)
{
    for (int side = 0; side < 2; side++) {
        pdn_bb k = b->kind[KING_I] & b->side[side];
        if (k == 0 || b->king[side] != pdn_chess__lsb(k))
            return 0;
    }
    return 1;
}

static int same_move(pdn_chess_move a, pdn_chess_move b)
{
    return a.from == b.from && a.to == b.to && a.piece == b.piece && a.promotion == b.promotion &&
           a.flags == b.flags;
}

/* Gives one text to both paths; 1 when the short path took it. */
static int compare(stats *st, const pdn_chess__board *b, const char *text, size_t len)
{
    pdn_chess__board quick = *b, slow = *b;
    pdn_chess_move mq = {0, 0, 0, 0, 0}, mg = {0, 0, 0, 0, 0};
    unsigned nq = 0, ng = 0;
    unsigned said = pdn_chess__quick_play(&quick, text, len, &mq);
    int took = said != 0;
    nq = said >> 1;
    int ok;
    st->texts++;
    if (took) {
        st->quick++;
        /* The check it leaves known is also found the long way. */
        ok = test_chess_general(&slow, text, len, &mg, &ng) && same_move(mq, mg) && nq == ng &&
             test_same_chess_board(&quick, &slow) && quick.check == pdn_chess__in_check(&quick) &&
             kings_kept(&quick) && kings_kept(&slow);
    } else {
        ok = test_same_chess_board(&quick, b) && kings_kept(&quick);
    }
    if (!ok && ++st->failures <= 10)
        fprintf(stderr, "    \"%.*s\": short path %s, differs from the general path\n", (int)len,
                text, took ? "took it" : "refused it");
    return took;
}

/* Near misses of a canonical SAN: marks, disambiguation, capture sign. */
static void variants(stats *st, const pdn_chess__board *b, const char *san, pdn_chess_move m,
                     uint64_t *seed)
{
    char t[32];
    size_t n = strlen(san), body = n;
    if (body > 0 && (san[body - 1] == '+' || san[body - 1] == '#'))
        body--;
    /* The check mark: none, '+', '#'. */
    static const char marks[] = {0, '+', '#'};
    for (int i = 0; i < 3; i++) {
        memcpy(t, san, body);
        size_t k = body;
        if (marks[i])
            t[k++] = marks[i];
        compare(st, b, t, k);
    }
    if (m.piece != PDN_PAWN && !(m.flags & PDN_CHESS_CASTLE)) {
        /* Disambiguation added (file, rank, both) or taken away. */
        char file = (char)('a' + (m.from & 7)), rank = (char)('1' + (m.from >> 3));
        const char *rest = san + 1;
        while (*rest != 'x' &&
               !(rest[0] >= 'a' && rest[0] <= 'h' && rest[1] >= '1' && rest[1] <= '8' &&
                 (rest[2] == 0 || rest[2] == '+' || rest[2] == '#' || rest[2] == '=')))
            rest++;
        for (int form = 0; form < 4; form++) {
            size_t k = 0;
            t[k++] = san[0];
            if (form & 1)
                t[k++] = file;
            if (form & 2)
                t[k++] = rank;
            size_t r = strlen(rest);
            memcpy(t + k, rest, r);
            compare(st, b, t, k + r);
            /* The capture sign the other way round. */
            if (rest[0] == 'x') {
                memcpy(t + k, rest + 1, r - 1);
                compare(st, b, t, k + r - 1);
            } else {
                t[k] = 'x';
                memcpy(t + k + 1, rest, r);
                compare(st, b, t, k + r + 1);
            }
        }
    }
    if (m.piece == PDN_PAWN && san[1] == 'x')
        compare(st, b, san + 2, n - 2); /* "exd5" as "d5" */
    /* Random edits: one byte changed, dropped or added. */
    static const char bytes[] = "abcdefgh12345678xNBRQKPO0-=+#!?";
    for (int i = 0; i < 6; i++) {
        size_t at = (size_t)(rnd(seed) % (n + 1)), k = 0;
        char c = bytes[rnd(seed) % (sizeof bytes - 1)];
        int how = (int)(rnd(seed) % 3);
        for (size_t j = 0; j <= n; j++) {
            if (j == at && how != 1)
                t[k++] = c;
            if (j < n && !(j == at && how != 2))
                t[k++] = san[j];
        }
        compare(st, b, t, k);
    }
}

/* Every legal move of the position, canonical and otherwise. */
static void every_move(stats *st, const pdn_chess__board *b, pdn_position *pos, uint64_t *seed)
{
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    size_t n = test_chess_legal(b, pos, list);
    for (size_t i = 0; i < n; i++) {
        char san[PDN_SAN_MAX];
        if (!CHECK(pdn_chess_format_san(san, pos, list[i]) == PDN_OK))
            continue;
        size_t len = strlen(san);
        int took = compare(st, b, san, len);
        st->checks += strchr(san, '+') != NULL;
        st->mates += strchr(san, '#') != NULL;
        if (!(list[i].flags & PDN_CHESS_EN_PASSANT) && b->bound[b->us] <= PDN_CHESS_MOVES_MAX) {
            st->canonical++;
            st->canonical_quick += took;
        }
        variants(st, b, san, list[i], seed);
    }
    /* Castling, legal or not, with each mark: a king's way attacked, or
     * the king in check, is for the general path to report. */
    static const char *const castlings[] = {"O-O", "O-O-O", "O-O+", "O-O-O+", "O-O#", "O-O-O#"};
    for (size_t i = 0; i < sizeof castlings / sizeof castlings[0]; i++) {
        int wing = castlings[i][3] == '-', file = b->castling[2 * b->us + wing];
        int home = b->us ? 56 : 0, right = file >= 0;
        if (!compare(st, b, castlings[i], strlen(castlings[i]))) {
            st->castle_refused += right;
        } else if (pdn_chess__king(b, b->us) == home + 4 && file == (wing ? 0 : 7)) {
            st->castle_standard++; /* its cells taken as constants */
        } else {
            st->castle_other++;
        }
    }
}

static void play_games(stats *st, const char *fen, int games, int plies, uint64_t seed)
{
    pdn_position pos;
    pdn_chess__board start;
    if (!CHECK(test_chess_load(&start, &pos, &chess, fen)))
        return;
    for (int g = 0; g < games; g++) {
        pdn_chess__board b = start;
        for (int ply = 0; ply < plies; ply++) {
            /* The short path must work whether the check is known or not. */
            b.check = (rnd(&seed) & 1) ? (int8_t)pdn_chess__in_check(&b) : -1;
            every_move(st, &b, &pos, &seed);
            pdn_chess_move list[PDN_CHESS_MOVES_MAX];
            size_t n = pdn_chess__generate(&b, list);
            if (n == 0 || n > PDN_CHESS_MOVES_MAX)
                break;
            pdn_chess__make(&b, list[rnd(&seed) % n]);
        }
    }
}

static void test_chess_quick__random_games(void)
{
    static const char *const starts[] = {
        TEST_CHESS_PERFT_STARTS,
        /* en passant, once with the capturing pawn pinned along the rank */
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2",
        /* Chess960 */
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9",
        "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
        /* many pieces of one kind: every disambiguation */
        "1k6/8/2Q1Q3/8/2Q1Q1N1/8/1N3N2/K2R3R w - - 0 1",
        "4k3/8/8/R2N3R/8/1N6/8/R3K1N1 w - - 0 1",
        /* promotions on both sides, with and without capture */
        "1n2k3/PPP5/8/8/8/8/5ppp/3K2N1 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        /* more moves than the bound lets the short path count */
        "6rk/6pp/8/8/QQQQQQQQ/QQQQQQQQ/8/K7 w - - 0 1",
    };
    stats st = {0};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
        play_games(&st, starts[i], 16, 80, 0x9E3779B97F4A7C15ULL + i);
    CHECK_EQ_INT(st.failures, 0);
    printf("short path: %ld texts, %ld taken; canonical SAN taken %ld of %ld; %ld checks, %ld "
           "mates; castling refused %ld times with the right kept, taken %ld times from the "
           "standard cells and %ld from others\n",
           st.texts, st.quick, st.canonical_quick, st.canonical, st.checks, st.mates,
           st.castle_refused, st.castle_standard, st.castle_other);
    /* It takes every canonical SAN it is meant for, and the games met the cases. */
    CHECK_EQ_INT(st.canonical_quick, st.canonical);
    CHECK(st.canonical > 100000);
    CHECK(st.checks > 2000);
    CHECK(st.mates > 20);
    CHECK(st.castle_refused > 1000);
    CHECK(st.castle_standard > 100);
    CHECK(st.castle_other > 100);
}

int main(void)
{
    pdn_gametype gt;
    if (pdn_gametype_default(&gt, 0) != PDN_OK || pdn_geometry_init(&chess, &gt) != PDN_OK) {
        fprintf(stderr, "no chess geometry\n");
        return 1;
    }
    RUN(test_chess_quick__random_games);
    return harness_report();
}
