/* SPDX-License-Identifier: MIT */
/*
 * test_perft.c - move counts of the draughts rules engine (src/rules/)
 * against the published perft tables of variant-rules.md section 8, in both
 * counting conventions, from the start of every variant and from the test
 * positions of the forum threads; the bitboard walk against the mailbox
 * walk; and, for Turkish and the real Thai start where nothing is
 * published, against a plain and slow generator written here from the rules.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"
#include "rules/rules.h"

/*
 * Depths: an optimised build (NDEBUG) goes as deep as runs in a few seconds;
 * assert and sanitizer builds, several times slower, stop a ply earlier.
 */
#ifdef NDEBUG
#define DEEP(fast, slow) (fast)
#else
#define DEEP(fast, slow) (slow)
#endif

typedef struct setup {
    pdn_geometry g;
    pdn_draughts *d;
    pdn_position pos;
} setup;

/* An engine for a GameType (number or tuple) and a position (NULL: start). */
static int open_setup(setup *s, const char *gametype, const char *fen)
{
    pdn_gametype gt;
    pdn_rules r;
    size_t at;
    s->d = NULL;
    if (!CHECK(pdn_parse_gametype(&gt, gametype, strlen(gametype), &at) == PDN_D_NONE) ||
        !CHECK(pdn_geometry_init(&s->g, &gt) == PDN_OK) ||
        !CHECK(pdn_rules_init(&r, gt.type) == PDN_OK) ||
        !CHECK(pdn_draughts_new(&s->d, &s->g, &r, NULL) == PDN_OK))
        return 0;
    pdn_position_start(&s->pos, &s->g);
    if (fen != NULL && !CHECK(pdn_fen_read(&s->pos, &s->g, fen, strlen(fen), &at) == PDN_D_NONE))
        return 0;
    return 1;
}

static uint64_t perft(const setup *s, int depth, unsigned flags)
{
    uint64_t n = 0;
    CHECK(pdn_draughts_perft(&n, s->d, &s->pos, NULL, depth, flags) == PDN_OK);
    return n;
}

/* The same count by the mailbox walk, which serves boards without bitboards. */
static uint64_t perft_mailbox(const setup *s, int depth, unsigned flags)
{
    uint8_t board[PDN_CELL_MAX + 1];
    unsigned color;
    uint64_t n = 0;
    CHECK(pdn_rules__board(s->d, &s->pos, board, &color) == PDN_OK);
    CHECK(pdn_rules__perft_mailbox(&n, s->d, board, color, NULL, depth, flags) == PDN_OK);
    return n;
}

/*
 * Checks perft(1..depth) against `want`, and the mailbox walk one ply less
 * deep (it is a few times slower) when the engine has bitboards; without
 * them perft is the mailbox walk already.
 */
static void check_counts(const char *what, const char *gametype, const char *fen, unsigned flags,
                         const uint64_t *want, int count, int depth)
{
    setup s;
    if (depth > count)
        depth = count;
    if (open_setup(&s, gametype, fen)) {
        for (int i = 1; i <= depth; i++) {
            uint64_t got = perft(&s, i, flags);
            if (!CHECK(got == want[i - 1]))
                fprintf(stderr, "    %s %s depth %d: got %llu, expected %llu\n", what,
                        flags ? "unique" : "paths", i, (unsigned long long)got,
                        (unsigned long long)want[i - 1]);
        }
        int mdepth = pdn_rules__bb_fits(s.d) ? depth - 1 : 0;
        for (int i = 1; i <= mdepth; i++) {
            uint64_t got = perft_mailbox(&s, i, flags);
            if (!CHECK(got == want[i - 1]))
                fprintf(stderr, "    %s mailbox depth %d: got %llu, expected %llu\n", what, i,
                        (unsigned long long)got, (unsigned long long)want[i - 1]);
        }
    }
    pdn_draughts_free(s.d);
}

#define COUNTS(a) (a), (int)(sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------------- */
/* Start positions (variant-rules.md 8.2-8.5)                             */
/* ---------------------------------------------------------------------- */

static const uint64_t intl_u[] = {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423};
static const uint64_t intl_k[] = {9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614};

static void test_perft__international(void)
{
    check_counts("International", "20", NULL, PDN_MOVES_UNIQUE, COUNTS(intl_u), DEEP(8, 7));
    check_counts("International", "20", NULL, PDN_MOVES_PATHS, COUNTS(intl_k), DEEP(8, 7));
    /* the mirror image, on a board bitboard.c has no constant shifts for */
    check_counts("International mirrored", "20,W,10,10,N2,1", NULL, PDN_MOVES_UNIQUE,
                 COUNTS(intl_u), DEEP(7, 6));
}

/* English: OEIS A133046 / Bik / Cake (K) and dctl (U) agree up to depth 11. */
static const uint64_t english[] = {7,     49,     302,    1469,    7361,
                                   36768, 179740, 845931, 3963680, 18391564};

static void test_perft__english(void)
{
    check_counts("English", "21", NULL, PDN_MOVES_PATHS, COUNTS(english), DEEP(9, 8));
    check_counts("English", "21", NULL, PDN_MOVES_UNIQUE, COUNTS(english), DEEP(9, 8));
}

static const uint64_t brazil_k[] = {7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847};
static const uint64_t brazil_u[] = {7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766};
static const uint64_t pool_k[] = {7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615};
static const uint64_t pool_u[] = {7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534};
static const uint64_t russian_k[] = {7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667};
static const uint64_t russian_u[] = {7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586};
static const uint64_t czech[] = {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671};
static const uint64_t spanish[] = {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866};
static const uint64_t italian[] = {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875};

static void test_perft__brazilian(void)
{
    check_counts("Brazilian", "26", NULL, PDN_MOVES_PATHS, COUNTS(brazil_k), DEEP(9, 8));
    check_counts("Brazilian", "26", NULL, PDN_MOVES_UNIQUE, COUNTS(brazil_u), DEEP(9, 8));
}

/* All type-23 games have the same rules; unified pool and Jamaican are the
 * same game seen in another notation and from another side. */
static void test_perft__pool(void)
{
    check_counts("Pool", "23", NULL, PDN_MOVES_PATHS, COUNTS(pool_k), DEEP(9, 8));
    check_counts("Pool", "23", NULL, PDN_MOVES_UNIQUE, COUNTS(pool_u), DEEP(9, 8));
    check_counts("Unified pool", "23,W,8,8,A0,0", NULL, PDN_MOVES_UNIQUE, COUNTS(pool_u),
                 DEEP(8, 7));
    check_counts("Jamaican", "23,B,8,8,A1,1", NULL, PDN_MOVES_PATHS, COUNTS(pool_k), DEEP(8, 7));
}

static void test_perft__russian(void)
{
    check_counts("Russian", "25", NULL, PDN_MOVES_PATHS, COUNTS(russian_k), DEEP(9, 8));
    check_counts("Russian", "25", NULL, PDN_MOVES_UNIQUE, COUNTS(russian_u), DEEP(9, 8));
}

static void test_perft__czech(void)
{
    check_counts("Czech", "29", NULL, PDN_MOVES_PATHS, COUNTS(czech), DEEP(9, 8));
    check_counts("Czech", "29", NULL, PDN_MOVES_UNIQUE, COUNTS(czech), DEEP(9, 8));
}

/* Spanish and Italian are played on the board with the right-hand corner
 * dark (invert flag 1); Portuguese has the rules of Spanish. */
static void test_perft__spanish_italian(void)
{
    check_counts("Spanish", "24", NULL, PDN_MOVES_PATHS, COUNTS(spanish), DEEP(9, 8));
    check_counts("Spanish", "24", NULL, PDN_MOVES_UNIQUE, COUNTS(spanish), DEEP(9, 8));
    check_counts("Portuguese", "28", NULL, PDN_MOVES_UNIQUE, COUNTS(spanish), DEEP(8, 7));
    check_counts("Italian", "22", NULL, PDN_MOVES_PATHS, COUNTS(italian), DEEP(9, 8));
    check_counts("Italian", "22", NULL, PDN_MOVES_UNIQUE, COUNTS(italian), DEEP(9, 8));
}

static const uint64_t frisian_k[] = {9, 81, 658, 3880, 21345, 103584, 550314, 2907905};
static const uint64_t frisian_u[] = {9, 81, 658, 3874, 21265, 102431, 540126, 2825779};

static void test_perft__frisian(void)
{
    check_counts("Frisian", "40", NULL, PDN_MOVES_PATHS, COUNTS(frisian_k), DEEP(7, 6));
    check_counts("Frisian", "40", NULL, PDN_MOVES_UNIQUE, COUNTS(frisian_u), DEEP(7, 6));
}

/* 12x12 has no bitboards: this runs the mailbox walk only. */
static const uint64_t canadian_u[] = {11, 121, 1222, 10053, 79049, 584100, 4369366};

static void test_perft__canadian(void)
{
    check_counts("Canadian", "27", NULL, PDN_MOVES_UNIQUE, COUNTS(canadian_u), DEEP(6, 5));
}

/* dctl's 10x8 numbers use International rules: only the plies before the
 * first capture can agree with Spantsiretti's Russian rules. */
static const uint64_t spantsiretti[] = {9, 81, 658, 4265};

static void test_perft__spantsiretti(void)
{
    check_counts("Spantsiretti", "41", NULL, PDN_MOVES_PATHS, COUNTS(spantsiretti), 4);
}

/* dctl's Thai test starts from 12 v 12 on three rows (8.3); White's rows
 * 0-2 and Black's 5-7 of the Thai board, Black to move. */
static const uint64_t thai_3rows[] = {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648};
/* Self-computed in the research for 8.3 (not published): the real start. */
static const uint64_t thai_real[] = {7, 49, 392, 3136, 26592, 218695, 1820189, 14533014};
/* Self-computed for 8.5 (not published).  At depth 7 the notes give
 * 10,782,382 paths, a count that also tells apart landing squares of a king
 * going straight on; both walks and the plain generator below find
 * 10,782,308 positions-distinct paths there. */
static const uint64_t turkish[] = {8, 64, 708, 7538, 85090, 931312};

static void test_perft__thai_turkish(void)
{
    check_counts("Thai 3 rows", "31", "B:W1-12:B21-32", PDN_MOVES_PATHS, COUNTS(thai_3rows),
                 DEEP(8, 7));
    check_counts("Thai", "31", NULL, PDN_MOVES_PATHS, COUNTS(thai_real), DEEP(7, 6));
    check_counts("Thai", "31", NULL, PDN_MOVES_UNIQUE, COUNTS(thai_real), DEEP(7, 6));
    check_counts("Turkish", "30", NULL, PDN_MOVES_PATHS, COUNTS(turkish), DEEP(6, 5));
    check_counts("Turkish", "30", NULL, PDN_MOVES_UNIQUE, COUNTS(turkish), DEEP(6, 5));
}

/* ---------------------------------------------------------------------- */
/* Test positions (8.6): damforum threads t=2308 and t=2822, shashki.com   */
/* ---------------------------------------------------------------------- */

static const uint64_t woldouby[] = {6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436};
static const uint64_t random178[] = {14, 55, 1168, 5432, 87195, 629010};
static const uint64_t all_kings[] = {17, 79, 352, 1399, 7062, 37589, 217575};
static const uint64_t almost_promotion[] = {9, 81, 795, 7578, 86351, 936311};
static const uint64_t front_rows[] = {9, 81, 534, 2538, 9052, 29999, 98971, 310315};

static void test_perft__international_positions(void)
{
    check_counts("Woldouby", "20",
                 "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
                 PDN_MOVES_UNIQUE, COUNTS(woldouby), DEEP(11, 10));
    check_counts("Random178", "20", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
                 PDN_MOVES_UNIQUE, COUNTS(random178), DEEP(6, 5));
    check_counts("All kings", "20",
                 "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,"
                 "K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
                 PDN_MOVES_UNIQUE, COUNTS(all_kings), DEEP(7, 6));
    check_counts("Almost promotion", "20", "W:W6,7,8,9,10:B41,42,43,44,45", PDN_MOVES_UNIQUE,
                 COUNTS(almost_promotion), DEEP(6, 5));
    check_counts("Front rows", "20", "W:B16,17,18,19,20:W31,32,33,34,35", PDN_MOVES_PATHS,
                 COUNTS(front_rows), DEEP(8, 7));
}

static const uint64_t gilbert1[] = {5, 13, 42, 107, 360, 1099, 3736, 12495, 43686, 164177};
static const uint64_t gilbert2[] = {6, 47, 271, 1916, 10810, 73137, 389809};
static const uint64_t gilbert3[] = {13, 112, 828, 6756, 46241, 368908};

static void test_perft__italian_positions(void)
{
    check_counts("Gilbert 1", "22", "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
                 PDN_MOVES_PATHS, COUNTS(gilbert1), DEEP(10, 9));
    check_counts("Gilbert 2", "22", "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", PDN_MOVES_PATHS,
                 COUNTS(gilbert2), DEEP(7, 6));
    check_counts("Gilbert 3", "22", "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
                 PDN_MOVES_PATHS, COUNTS(gilbert3), DEEP(6, 5));
}

/* ---------------------------------------------------------------------- */
/* Bitboards against the mailbox along random games                       */
/* ---------------------------------------------------------------------- */

static uint32_t rng_next(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/*
 * Plays random games (kings appear, captures get long) and compares at every
 * ply the move count of pdn_draughts_moves() with both walks at depth 1, and
 * every fourth ply both walks at depth 2, in both conventions.
 */
static void random_games(const char *gametype, int games, int plies)
{
    setup s;
    pdn_movelist *list;
    uint32_t seed = 12345;
    if (!open_setup(&s, gametype, NULL) || !CHECK(pdn_movelist_new(&list, NULL) == PDN_OK)) {
        pdn_draughts_free(s.d);
        return;
    }
    pdn_position start = s.pos;
    int bad = 0;
    for (int game = 0; game < games && !bad; game++) {
        s.pos = start;
        for (int ply = 0; ply < plies && !bad; ply++) {
            for (unsigned flags = 0; flags < 2 && !bad; flags++) {
                CHECK(pdn_draughts_moves(list, s.d, &s.pos, NULL, flags) == PDN_OK);
                uint64_t n = pdn_movelist_count(list);
                bad |= !CHECK(perft(&s, 1, flags) == n);
                bad |= !CHECK(perft_mailbox(&s, 1, flags) == n);
                if (ply % 4 == 0)
                    bad |= !CHECK(perft(&s, 2, flags) == perft_mailbox(&s, 2, flags));
            }
            if (bad) {
                char fen[512];
                pdn_fen_write(&s.pos, 0, fen, sizeof fen);
                fprintf(stderr, "    %s: walks differ at %s\n", gametype, fen);
            }
            size_t n = pdn_movelist_count(list);
            if (n == 0)
                break;
            pdn_draughts_move m = pdn_movelist_get(list, rng_next(&seed) % n);
            CHECK(pdn_draughts_play(&s.pos, NULL, s.d, &m) == PDN_OK);
        }
    }
    pdn_movelist_free(list);
    pdn_draughts_free(s.d);
}

static void test_perft__walks_agree(void)
{
    static const char *const types[] = {"20", "21", "22", "23", "24", "25", "26",
                                        "28", "29", "30", "31", "40", "41", "23,B,8,8,A1,1"};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        random_games(types[i], DEEP(12, 6), 120);
}

/* ---------------------------------------------------------------------- */
/* A plain generator for Turkish and Thai                                 */
/* ---------------------------------------------------------------------- */

/*
 * Written from the rules (variant-rules.md 3.11 and 3.12) without any code
 * of the engine: an 8x8 array indexed [rank][file] as White sees it, 'w' 'W'
 * White man and king, 'b' 'B' Black's, '.' empty; every capture path is
 * followed square by square on copies of the board, each landing square of
 * a king in turn, and moves are told apart by start, end and captured set.
 */
typedef struct nboard {
    char sq[8][8];
} nboard;

typedef struct nmove {
    nboard after;
    int from, to, count;
    uint64_t taken;
} nmove;

#define NMOVES_MAX 4096

typedef struct nlist {
    nmove m[NMOVES_MAX];
    int n;
} nlist;

static const int ortho[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}; /* rank, file */
static const int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static int inside(int r, int f)
{
    return r >= 0 && r < 8 && f >= 0 && f < 8;
}

static int is_enemy(char c, int white)
{
    return white ? (c == 'b' || c == 'B') : (c == 'w' || c == 'W');
}

static void nadd(nlist *l, const nboard *b, int from, int r, int f, char piece, int count,
                 uint64_t taken)
{
    for (int i = 0; i < l->n; i++)
        if (l->m[i].from == from && l->m[i].to == r * 8 + f && l->m[i].taken == taken)
            return; /* the same move by another path */
    if (!CHECK(l->n < NMOVES_MAX))
        return;
    nmove *m = &l->m[l->n++];
    m->after = *b;
    m->after.sq[r][f] = piece;
    m->from = from;
    m->to = r * 8 + f;
    m->count = count;
    m->taken = taken;
}

/* Turkish: orthogonal; men forward and sideways; removal at once; no 180. */
static void turkish_jumps(nlist *l, const nboard *b, int from, int r, int f, char piece, int last,
                          int count, uint64_t taken)
{
    int white = piece == 'w' || piece == 'W', king = piece == 'W' || piece == 'B', any = 0;
    for (int k = 0; k < 4; k++) {
        int dr = ortho[k][0], df = ortho[k][1];
        if (!king && dr == (white ? -1 : 1))
            continue;
        if (last >= 0 && dr == -ortho[last][0] && df == -ortho[last][1])
            continue;
        int r1 = r + dr, f1 = f + df;
        while (king && inside(r1, f1) && b->sq[r1][f1] == '.')
            r1 += dr, f1 += df;
        if (!inside(r1, f1) || !is_enemy(b->sq[r1][f1], white))
            continue;
        for (int r2 = r1 + dr, f2 = f1 + df; inside(r2, f2) && b->sq[r2][f2] == '.';
             r2 += dr, f2 += df) {
            nboard next = *b;
            next.sq[r1][f1] = '.';
            turkish_jumps(l, &next, from, r2, f2, piece, k, count + 1,
                          taken | (uint64_t)1 << (r1 * 8 + f1));
            any = 1;
            if (!king)
                break;
        }
    }
    if (!any && count > 0) {
        char p = !king && r == (white ? 7 : 0) ? (white ? 'W' : 'B') : piece;
        nadd(l, b, from, r, f, p, count, taken);
    }
}

static void turkish_moves(nlist *l, const nboard *b, int white)
{
    l->n = 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            char p = b->sq[r][f];
            if (p == '.' || is_enemy(p, white))
                continue;
            nboard rest = *b;
            rest.sq[r][f] = '.';
            turkish_jumps(l, &rest, r * 8 + f, r, f, p, -1, 0, 0);
        }
    if (l->n > 0) {
        int best = 0, kept = 0;
        for (int i = 0; i < l->n; i++)
            best = l->m[i].count > best ? l->m[i].count : best;
        for (int i = 0; i < l->n; i++)
            if (l->m[i].count == best)
                l->m[kept++] = l->m[i];
        l->n = kept;
        return;
    }
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            char p = b->sq[r][f];
            if (p == '.' || is_enemy(p, white))
                continue;
            int king = p == 'W' || p == 'B';
            for (int k = 0; k < 4; k++) {
                int dr = ortho[k][0], df = ortho[k][1];
                if (!king && dr == (white ? -1 : 1))
                    continue;
                for (int r1 = r + dr, f1 = f + df; inside(r1, f1) && b->sq[r1][f1] == '.';
                     r1 += dr, f1 += df) {
                    nboard next = *b;
                    next.sq[r][f] = '.';
                    char q = !king && r1 == (white ? 7 : 0) ? (white ? 'W' : 'B') : p;
                    nadd(l, &next, r * 8 + f, r1, f1, q, 0, 0);
                    if (!king)
                        break;
                }
            }
        }
}

/* Thai: diagonal; men forward; kings fly but land right behind; removal at
 * once; a king may turn back; free choice; a man crowned on arrival stops. */
static void thai_jumps(nlist *l, const nboard *b, int from, int r, int f, char piece, int count,
                       uint64_t taken)
{
    int white = piece == 'w' || piece == 'W', king = piece == 'W' || piece == 'B', any = 0;
    int far = r == (white ? 7 : 0);
    for (int k = 0; k < 4 && (king || !far || count == 0); k++) {
        int dr = diag[k][0], df = diag[k][1];
        if (!king && dr == (white ? -1 : 1))
            continue;
        int r1 = r + dr, f1 = f + df;
        while (king && inside(r1, f1) && b->sq[r1][f1] == '.')
            r1 += dr, f1 += df;
        int r2 = r1 + dr, f2 = f1 + df;
        if (!inside(r2, f2) || !is_enemy(b->sq[r1][f1], white) || b->sq[r2][f2] != '.')
            continue;
        nboard next = *b;
        next.sq[r1][f1] = '.';
        thai_jumps(l, &next, from, r2, f2, piece, count + 1, taken | (uint64_t)1 << (r1 * 8 + f1));
        any = 1;
    }
    if (!any && count > 0)
        nadd(l, b, from, r, f, !king && far ? (white ? 'W' : 'B') : piece, count, taken);
}

static void thai_moves(nlist *l, const nboard *b, int white)
{
    l->n = 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            char p = b->sq[r][f];
            if (p == '.' || is_enemy(p, white))
                continue;
            nboard rest = *b;
            rest.sq[r][f] = '.';
            thai_jumps(l, &rest, r * 8 + f, r, f, p, 0, 0);
        }
    if (l->n > 0)
        return;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            char p = b->sq[r][f];
            if (p == '.' || is_enemy(p, white))
                continue;
            int king = p == 'W' || p == 'B';
            for (int k = 0; k < 4; k++) {
                int dr = diag[k][0], df = diag[k][1];
                if (!king && dr == (white ? -1 : 1))
                    continue;
                for (int r1 = r + dr, f1 = f + df; inside(r1, f1) && b->sq[r1][f1] == '.';
                     r1 += dr, f1 += df) {
                    nboard next = *b;
                    next.sq[r][f] = '.';
                    char q = !king && r1 == (white ? 7 : 0) ? (white ? 'W' : 'B') : p;
                    nadd(l, &next, r * 8 + f, r1, f1, q, 0, 0);
                    if (!king)
                        break;
                }
            }
        }
}

static uint64_t plain_perft(const nboard *b, int white, int depth, int thai, nlist *lists)
{
    if (thai)
        thai_moves(&lists[0], b, white);
    else
        turkish_moves(&lists[0], b, white);
    if (depth == 1)
        return (uint64_t)lists[0].n;
    uint64_t total = 0;
    for (int i = 0; i < lists[0].n; i++)
        total += plain_perft(&lists[0].m[i].after, !white, depth - 1, thai, lists + 1);
    return total;
}

static nboard to_plain(const pdn_position *pos)
{
    nboard b;
    for (int c = 0; c < 64; c++) {
        pdn_piece p = pos->board[c];
        char ch = '.';
        if (p == (PDN_MAN | PDN_WHITE))
            ch = 'w';
        else if (p == (PDN_KING | PDN_WHITE))
            ch = 'W';
        else if (p == (PDN_MAN | PDN_BLACK))
            ch = 'b';
        else if (p == (PDN_KING | PDN_BLACK))
            ch = 'B';
        b.sq[c / 8][c % 8] = ch;
    }
    return b;
}

static void check_plain(const char *gametype, const char *fen, int depth)
{
    setup s;
    nlist *lists = malloc(sizeof *lists * (size_t)depth);
    if (CHECK(lists != NULL) && open_setup(&s, gametype, fen)) {
        nboard b = to_plain(&s.pos);
        int thai = strcmp(gametype, "31") == 0;
        for (int i = 1; i <= depth; i++) {
            uint64_t want = plain_perft(&b, s.pos.turn == 'W', i, thai, lists);
            uint64_t got = perft(&s, i, PDN_MOVES_UNIQUE);
            if (!CHECK(got == want))
                fprintf(stderr, "    %s %s depth %d: engine %llu, plain generator %llu\n", gametype,
                        fen ? fen : "start", i, (unsigned long long)got, (unsigned long long)want);
            CHECK(perft_mailbox(&s, i, PDN_MOVES_UNIQUE) == got);
        }
    }
    pdn_draughts_free(s.d);
    free(lists);
}

static void test_perft__plain_generator(void)
{
    check_plain("30", NULL, DEEP(5, 4));
    check_plain("31", NULL, DEEP(6, 5));
    /* kings, long captures, crowning in a capture, pieces to turn back over */
    check_plain("30", "W:WKd4,a2,b3,c2,e2,g3,h2:Bd6,Kd2,b6,c5,e5,f6,g6,a7,h7", DEEP(4, 3));
    check_plain("30", "B:WKa1,c3,c4,e3,f3,b5,e5,g6:Bb7,Kh8,c6,d6,f6,a3,h3,d2", DEEP(4, 3));
    check_plain("31", "W:WK1,K6,15,18,19:B10,11,K22,23,27,26", DEEP(5, 4));
    check_plain("31", "B:W9,10,12,K31,14:BK2,K4,19,20,23,24,26", DEEP(5, 4));
    /* removal at once: c3 is crossed again (4 pieces; 3 if it stayed) */
    check_plain("30", "W:WKc4,a5,h5:Bc3,e1,f2,b3,Kg7", 3);
    /* no turning back in Turkish, turning back in Thai */
    check_plain("30", "W:WKd4,h3:Bd6,d2,a7", 3);
    check_plain("31", "W:WKd4,h2:Be5,c3,a7", 3);
}

int main(void)
{
    RUN(test_perft__international);
    RUN(test_perft__english);
    RUN(test_perft__brazilian);
    RUN(test_perft__pool);
    RUN(test_perft__russian);
    RUN(test_perft__czech);
    RUN(test_perft__spanish_italian);
    RUN(test_perft__frisian);
    RUN(test_perft__canadian);
    RUN(test_perft__spantsiretti);
    RUN(test_perft__thai_turkish);
    RUN(test_perft__international_positions);
    RUN(test_perft__italian_positions);
    RUN(test_perft__walks_agree);
    RUN(test_perft__plain_generator);
    return harness_report();
}
