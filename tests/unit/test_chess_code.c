/* SPDX-License-Identifier: MIT */
/*
 * test_chess_code.c - the reader's reading of the commonest SAN shapes
 * (PDN_SAN_CODE() in src/tree/game.h, written by src/syntax/fast_san.c) and
 * the replay's short path that takes it (pdn_chess__quick_code() and its
 * inline form in src/chess/quick.h), each against a reading of its own:
 * the codes the reader writes against this file's reading of the text, and
 * the moves the code path plays against the text path
 * (pdn_chess__quick_play()) on every legal move and many near misses of
 * random games.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess/chess.h"
#include "chess/quick.h"
#include "harness.h"
#include "pdn.h"
#include "support/chess_board.h"
#include "syntax/parse.h"

static pdn_geometry chess;

/* xorshift64*: the same texts and games on every run. */
static uint64_t rnd(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

/* This file's reading: the code of t[0..n) when it is one of the shapes
 * PDN_SAN_CODE() has with one check mark or none, else 0; character by
 * character. */
static unsigned ref_code(const char *t, size_t n)
{
    static const char letters[] = "NBRQK";
    unsigned mark = 0, piece = 1, x = 0, from_file = 0;
    size_t i = 0;
    if (n > 0 && (t[n - 1] == '+' || t[n - 1] == '#')) {
        mark = t[n - 1] == '+' ? 1 : 2;
        n--;
    }
    if (n == 3 && memcmp(t, "O-O", 3) == 0)
        return PDN_SAN_CODE(0, PDN_SAN_CASTLE, 0, 0, mark);
    if (n == 5 && memcmp(t, "O-O-O", 5) == 0)
        return PDN_SAN_CODE(1, PDN_SAN_CASTLE, 0, 0, mark);
    if (n > 0 && t[0] != 0 && strchr(letters, t[0]) != NULL) {
        piece = 2 + (unsigned)(strchr(letters, t[0]) - letters);
        i = 1;
        /* A file of origin: "Nbd7", "Nbxd7". */
        if (t[1] >= 'a' && t[1] <= 'h' && (n == 4 || (n == 5 && t[2] == 'x'))) {
            piece += PDN_SAN_NAMED;
            from_file = (unsigned)(t[1] - 'a');
            i = 2;
        }
    }
    if (n == i + 3 && piece > 1 && t[i] == 'x') {
        x = 1;
        i++;
    } else if (n == 4 && piece == 1 && t[0] >= 'a' && t[0] <= 'h' && t[1] == 'x') {
        x = 1;
        from_file = (unsigned)(t[0] - 'a');
        i = 2;
    }
    if (n != i + 2 || t[i] < 'a' || t[i] > 'h' || t[i + 1] < '1' || t[i + 1] > '8')
        return 0;
    unsigned to = (unsigned)(t[i] - 'a') + 8 * (unsigned)(t[i + 1] - '1');
    return PDN_SAN_CODE(to, piece, x, from_file, mark);
}

/* ---- the reader's codes ----------------------------------------------- */

/* A token: one of the four shapes with random bytes, or a near miss. */
static size_t random_token(char *t, uint64_t *s, int clean)
{
    static const char files[] = "abcdefghi`", ranks[] = "123456780", pieces[] = "NBRQKP";
    static const char *const odd[] = {"O-O",     "O-O-O",   "Nbd7",   "R1e2",  "Qh4xe1", "e8=Q",
                                      "exd8Q",   "e8Q+",    "Nf3++",  "N+",    "exe5",   "Ng1f3",
                                      "bxc8=N#", "O-O+",    "O-O-O#", "O-O++", "O-O-",   "Nbd7++",
                                      "Rfxe1#",  "O-O-O-O", "Kfe2"};
    size_t n = 0;
    int dirty = !clean && rnd(s) % 4 == 0;
    if (rnd(s) % 10 == 0) {
        const char *o = odd[rnd(s) % (sizeof odd / sizeof odd[0])];
        n = strlen(o);
        memcpy(t, o, n);
        return n;
    }
    int form = (int)(rnd(s) % 4);
    if (form >= 2) {
        t[n++] = pieces[rnd(s) % (dirty ? 6 : 5)];
        /* A file of origin, now and then. */
        if (rnd(s) % 3 == 0)
            t[n++] = files[rnd(s) % (dirty ? 10 : 8)];
    } else if (form == 1)
        t[n++] = files[rnd(s) % (dirty ? 10 : 8)];
    if (form == 1 || form == 3)
        t[n++] = dirty && rnd(s) % 3 == 0 ? 'X' : 'x';
    t[n++] = files[rnd(s) % (dirty ? 10 : 8)];
    t[n++] = ranks[rnd(s) % (dirty ? 9 : 8)];
    unsigned m = (unsigned)(rnd(s) % 4);
    if (m == 1)
        t[n++] = '+';
    else if (m == 2)
        t[n++] = '#';
    return n;
}

/* Random movetexts: every move record holds 0 or this file's code, the
 * general parser's 0; in texts of the loop's tokens alone, every move far
 * enough from the end (the loop leaves the last bytes) holds its code. */
static void test_chess_code__reader(void)
{
    uint64_t s = 0x0123456789ABCDEFULL;
    long coded = 0, wrong = 0, missed = 0;
    for (int round = 0; round < 3000; round++) {
        int clean = round % 2;
        char text[4096];
        size_t len = 0;
        for (int ply = 0; ply < 150 && len < sizeof text - 64; ply++) {
            if (ply % 2 == 0)
                len += (size_t)sprintf(text + len, "%d.%s", ply / 2 + 1, rnd(&s) % 4 ? " " : "");
            len += random_token(text + len, &s, clean);
            text[len++] = rnd(&s) % 7 == 0 ? '\n' : ' ';
        }
        len += (size_t)sprintf(text + len, "*\n");
        for (int general = 0; general < 2; general++) {
            struct pdn_game g;
            pdn_parse_out po;
            pdn_game__init(&g, pdn_alloc__resolve(NULL));
            pdn_parse_in in = {.text = text,
                               .len = len,
                               .mode = PDN_MODE_LIBERAL,
                               .default_gametype = 0,
                               .general_only = general != 0};
            pdn_parse__game(&g, &in, &po);
            const pdn_move_rec *mv = g.moves.data;
            for (size_t i = 0; i < g.moves.len; i++) {
                if (mv[i].kind != PDN_MOVE_SAN) {
                    wrong += mv[i].san_code != 0;
                    continue;
                }
                unsigned want = ref_code(text + mv[i].san_off, mv[i].san_len);
                if (general) {
                    wrong += mv[i].san_code != 0;
                } else if (mv[i].san_code != 0) {
                    coded++;
                    if (mv[i].san_code != want && ++wrong <= 5)
                        fprintf(stderr, "    \"%.*s\": code %u, expected %u\n", mv[i].san_len,
                                text + mv[i].san_off, mv[i].san_code, want);
                } else if (clean && want != 0 && mv[i].san_off + 96 < len && ++missed <= 5) {
                    fprintf(stderr, "    \"%.*s\": no code\n", mv[i].san_len, text + mv[i].san_off);
                }
            }
            pdn_game__release(&g);
        }
    }
    printf("reader: %ld moves coded\n", coded);
    CHECK_EQ_INT(wrong, 0);
    CHECK_EQ_INT(missed, 0);
    CHECK(coded > 200000);
}

/* ---- the replay's code path ------------------------------------------- */

typedef struct stats {
    long texts, coded, taken, failures;
    long castles, named; /* of those taken */
} stats;

/* One text whose code is not 0 to both paths: the same answer, move and
 * board, the board untouched where both refuse it; a castling or a piece
 * with its file written that they take, the same as the general path
 * too. */
static void compare(stats *st, const pdn_chess__board *b, const char *text, size_t len)
{
    unsigned code = ref_code(text, len);
    st->texts++;
    if (code == 0)
        return;
    st->coded++;
    pdn_chess__board by_code = *b, by_text = *b;
    pdn_chess_move mc = {0, 0, 0, 0, 0}, mt = {0, 0, 0, 0, 0};
    unsigned nc = pdn_chess__quick_code(&by_code, code, &mc);
    unsigned nt = pdn_chess__quick_play(&by_text, text, len, &mt);
    /* The inline step of the runs without records, which writes no move. */
    pdn_chess__board inline_step = *b;
    unsigned ni = b->us ? pdn_chess__quick_code_as(&inline_step, 1, code, NULL, false)
                        : pdn_chess__quick_code_as(&inline_step, 0, code, NULL, false);
    int ok = nc == nt && ni == nt && test_same_chess_board(&by_code, &by_text) &&
             test_same_chess_board(&inline_step, &by_text) && inline_step.check == by_text.check;
    /* The run loop's form, which leaves castling to pdn_chess__quick_castle()
     * where it answers 0, as the loop does (on boards whose bounds the run
     * loop would take). */
    if (b->bound[0] <= PDN_CHESS_MOVES_MAX && b->bound[1] <= PDN_CHESS_MOVES_MAX) {
        pdn_chess__board run_step = *b;
        unsigned nr = b->us ? pdn_chess__quick_code_as(&run_step, 1, code, NULL, true)
                            : pdn_chess__quick_code_as(&run_step, 0, code, NULL, true);
        if (nr == 0)
            nr = pdn_chess__quick_castle(&run_step, code, NULL);
        ok = ok && nr == nt && test_same_chess_board(&run_step, &by_text) &&
             run_step.check == by_text.check;
    }
    if (nc != 0) {
        unsigned shape = (code >> 6) & 15u;
        st->taken++;
        st->castles += shape == PDN_SAN_CASTLE;
        st->named += shape > PDN_SAN_NAMED;
        if (shape >= PDN_SAN_CASTLE) {
            pdn_chess__board slow = *b;
            pdn_chess_move mg = {0, 0, 0, 0, 0};
            unsigned ng = 0;
            ok = ok && test_chess_general(&slow, text, len, &mg, &ng) && ng == nc >> 1 &&
                 mg.from == mc.from && mg.to == mc.to && mg.piece == mc.piece &&
                 mg.flags == mc.flags && test_same_chess_board(&slow, &by_code) &&
                 slow.check == by_code.check;
        }
        ok = ok && mc.from == mt.from && mc.to == mt.to && mc.piece == mt.piece &&
             mc.promotion == mt.promotion && mc.flags == mt.flags && by_code.check == by_text.check;
    } else {
        ok = ok && test_same_chess_board(&by_code, b);
    }
    if (!ok && ++st->failures <= 10)
        fprintf(stderr, "    \"%.*s\": code path %u, text path %u\n", (int)len, text, nc, nt);
}

/* A move's SAN and its near misses: each mark, the capture sign the other
 * way round, a pawn capture from each file, random bytes changed. */
static void variants(stats *st, const pdn_chess__board *b, const char *san, uint64_t *seed)
{
    char t[32];
    size_t n = strlen(san), body = n;
    if (body > 0 && (san[body - 1] == '+' || san[body - 1] == '#'))
        body--;
    static const char marks[] = {0, '+', '#'};
    for (int i = 0; i < 3; i++) {
        memcpy(t, san, body);
        size_t k = body;
        if (marks[i])
            t[k++] = marks[i];
        compare(st, b, t, k);
        if (body == 3 && san[0] >= 'B' && san[0] <= 'R') {
            /* "Nf3" as "Nxf3" */
            t[0] = san[0];
            t[1] = 'x';
            memcpy(t + 2, san + 1, 2);
            compare(st, b, t, 4 + (marks[i] != 0));
        } else if (body == 4 && san[1] == 'x') {
            /* "Nxf3" as "Nf3", "exd5" as "d5" and from every file */
            t[0] = san[0];
            memcpy(t + 1, san + 2, 2);
            t[3] = marks[i];
            compare(st, b, t, 3 + (marks[i] != 0));
            compare(st, b, t + 1, 2 + (marks[i] != 0));
            for (char f = 'a'; f <= 'h'; f++) {
                memcpy(t, san, 4);
                t[0] = f;
                t[4] = marks[i];
                compare(st, b, t, 4 + (marks[i] != 0));
            }
        }
    }
    if (san[0] >= 'B' && san[0] <= 'R' && body >= 3 && body <= 5) {
        /* "Nf3" and "Nxf3" with each file of origin written, "Nbd7" and
         * "Nbxd7" with each other one, either with and without "x". */
        const char *cell = san + body - 2;
        for (char f = 'a'; f <= 'h'; f++)
            for (int x = 0; x < 2; x++) {
                size_t k = 0;
                t[k++] = san[0];
                t[k++] = f;
                if (x)
                    t[k++] = 'x';
                memcpy(t + k, cell, 2);
                k += 2;
                if (san[n - 1] == '+' || san[n - 1] == '#')
                    t[k++] = san[n - 1];
                compare(st, b, t, k);
            }
    }
    static const char bytes[] = "abcdefgh12345678xNBRQK+#";
    for (int i = 0; i < 6; i++) {
        memcpy(t, san, n);
        t[rnd(seed) % n] = bytes[rnd(seed) % (sizeof bytes - 1)];
        compare(st, b, t, n);
    }
}

static void every_move(stats *st, const pdn_chess__board *b, pdn_position *pos, uint64_t *seed)
{
    pdn_chess_move list[PDN_CHESS_MOVES_MAX];
    size_t n = test_chess_legal(b, pos, list);
    for (size_t i = 0; i < n; i++) {
        char san[PDN_SAN_MAX];
        if (CHECK(pdn_chess_format_san(san, pos, list[i]) == PDN_OK))
            variants(st, b, san, seed);
    }
    /* Castling where it may be illegal, with each mark. */
    static const char *const castles[] = {"O-O", "O-O+", "O-O#", "O-O-O", "O-O-O+", "O-O-O#"};
    for (size_t i = 0; i < sizeof castles / sizeof castles[0]; i++)
        compare(st, b, castles[i], strlen(castles[i]));
    /* Moves to every cell by every kind, legal or not. */
    for (int k = 0; k < 8; k++) {
        char t[4] = {"PNBRQK"[rnd(seed) % 6], (char)('a' + rnd(seed) % 8),
                     (char)('1' + rnd(seed) % 8), 0};
        if (t[0] == 'P')
            compare(st, b, t + 1, 2);
        else
            compare(st, b, t, 3);
    }
}

static void test_chess_code__random_games(void)
{
    static const char *const starts[] = {
        TEST_CHESS_PERFT_STARTS,
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1k6/8/2Q1Q3/8/2Q1Q1N1/8/1N3N2/K2R3R w - - 0 1",
        "1n2k3/PPP5/8/8/8/8/5ppp/3K2N1 w - - 0 1",
        "6rk/6pp/8/8/QQQQQQQQ/QQQQQQQQ/8/K7 w - - 0 1",
    };
    stats st = {0};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        pdn_position pos;
        pdn_chess__board start;
        uint64_t seed = 0x9E3779B97F4A7C15ULL + i;
        if (!CHECK(test_chess_load(&start, &pos, &chess, starts[i])))
            continue;
        for (int g = 0; g < 12; g++) {
            pdn_chess__board b = start;
            for (int ply = 0; ply < 80; ply++) {
                b.check = (rnd(&seed) & 1) ? (int8_t)pdn_chess__in_check(&b) : -1;
                every_move(&st, &b, &pos, &seed);
                pdn_chess_move list[PDN_CHESS_MOVES_MAX];
                size_t n = pdn_chess__generate(&b, list);
                if (n == 0 || n > PDN_CHESS_MOVES_MAX)
                    break;
                pdn_chess__make(&b, list[rnd(&seed) % n]);
            }
        }
    }
    printf("code path: %ld texts, %ld with a code, %ld taken (%ld castlings, %ld with a file)\n",
           st.texts, st.coded, st.taken, st.castles, st.named);
    CHECK_EQ_INT(st.failures, 0);
    CHECK(st.taken > 50000);
    CHECK(st.coded - st.taken > 50000);
    CHECK(st.castles > 1000);
    CHECK(st.named > 10000);
}

int main(void)
{
    pdn_gametype gt;
    if (pdn_gametype_default(&gt, 0) != PDN_OK || pdn_geometry_init(&chess, &gt) != PDN_OK) {
        fprintf(stderr, "no chess geometry\n");
        return 1;
    }
    RUN(test_chess_code__reader);
    RUN(test_chess_code__random_games);
    return harness_report();
}
