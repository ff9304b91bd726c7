/* SPDX-License-Identifier: MIT */
/*
 * test_live_load.c - pdn_rules__live_load() (src/rules/live.c), which finds
 * the occupied cells eight at a time, against a plain reading of every cell
 * written here: on random positions of the GameTypes whose boards fit the
 * bitboards, with pieces of every value (men and kings of both colours,
 * colourless and odd values, values of 16 and more) on playing and other
 * cells, in the last cells of the board too, and every side to move, both
 * give the same answer and, when they take the position, the same bits.
 * And pdn_rules__live_fen() against pdn_fen_read() and the load: on FEN
 * texts of random positions, written the common way and in many others
 * (both sides to move and '?', sections in either order, one, none or twice,
 * kings, square numbers out of range, with a leading zero or three digits,
 * ranges, repeats, spaces, dots), every text it takes is one pdn_fen_read()
 * reads as a valid position that the load takes in as the same bits, and
 * it leaves the live position alone when it does not take one.
 */
#include "harness.h"
#include "rules/live.h"
#include "support/draughts.h"
#include "support/rng.h"

#include <stdlib.h>
#include <string.h>

/* The load as its comment says, one cell at a time. */
static bool plain_load(pdn_rules__live *lv, const pdn_draughts *d, const pdn_position *pos,
                       const pdn_draughts_state *st)
{
    if (!d->bb.ok || (pos->turn != 'W' && pos->turn != 'B'))
        return false;
    memset(&lv->bits, 0, sizeof lv->bits);
    for (int c = 0; c < d->cells; c++) {
        unsigned p = pos->board[c];
        if (p == 0)
            continue;
        if (d->bit_of[c] < 0)
            return false;
        uint64_t bit = (uint64_t)1 << d->bit_of[c];
        if (p == (PDN_MAN | PDN_WHITE))
            lv->bits.men[0] |= bit;
        else if (p == (PDN_MAN | PDN_BLACK))
            lv->bits.men[1] |= bit;
        else if (p == (PDN_KING | PDN_WHITE))
            lv->bits.kings[0] |= bit;
        else if (p == (PDN_KING | PDN_BLACK))
            lv->bits.kings[1] |= bit;
        else
            return false;
    }
    lv->color = pos->turn == 'W' ? PDN_WHITE : PDN_BLACK;
    lv->st = st != NULL ? *st : (pdn_draughts_state)PDN_DRAUGHTS_STATE_INIT;
    return true;
}

/* A piece value: mostly the four the bitboards hold, now and then another. */
static pdn_piece some_piece(void)
{
    static const pdn_piece good[4] = {PDN_MAN | PDN_WHITE, PDN_MAN | PDN_BLACK,
                                      PDN_KING | PDN_WHITE, PDN_KING | PDN_BLACK};
    static const pdn_piece odd[] = {PDN_MAN, PDN_KING, 1,  2,    3,    7,   12,
                                    15,      16,       17, 0x40, 0x80, 0xFF};
    return rnd(40) != 0 ? good[rnd(4)] : odd[rnd(sizeof odd)];
}

static void test_agrees(void)
{
    static const int types[] = {20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31, 40, 41};
    long taken = 0, refused = 0, wrong = 0;
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(types[t], 0, &g);
        CHECK(d != NULL);
        if (d == NULL)
            continue;
        int cells = g.width * g.height;
        for (int k = 0; k < 3000; k++) {
            pdn_position pos;
            pdn_position_clear(&pos, &g);
            pos.turn = rnd(20) == 0 ? '?' : rnd(2) ? 'W' : 'B';
            /* a few pieces to a full board, on playing squares mostly */
            int pieces = (int)rnd((unsigned)g.square_count + 1);
            for (int i = 0; i < pieces; i++) {
                int c = g.cell_of[1 + rnd((unsigned)g.square_count)];
                pos.board[c] = rnd(8) ? some_piece() : 0;
            }
            if (rnd(8) == 0) /* a piece anywhere, playing or not */
                pos.board[rnd((unsigned)cells)] = some_piece();
            if (rnd(8) == 0) /* in the last cells, past the last full word */
                pos.board[cells - 1 - (int)rnd(8)] = some_piece();
            pdn_draughts_state st = PDN_DRAUGHTS_STATE_INIT;
            st.king_moves[0] = (int)rnd(3);
            pdn_rules__live a, b;
            memset(&a, 0, sizeof a);
            memset(&b, 0, sizeof b);
            const pdn_draughts_state *sp = rnd(2) ? &st : NULL;
            bool fast = pdn_rules__live_load(&a, d, &pos, sp);
            bool plain = plain_load(&b, d, &pos, sp);
            if (fast != plain || (fast && memcmp(&a, &b, sizeof a) != 0))
                wrong++;
            if (fast) {
                /* and what it took writes back the same board */
                pdn_position back = pos;
                pdn_rules__live_store(&a, d, &back, NULL);
                if (!pdn_position_equal(&back, &pos))
                    wrong++;
                taken++;
            } else {
                refused++;
            }
        }
        pdn_draughts_free(d);
    }
    CHECK_EQ_INT(wrong, 0);
    /* both kinds of answer were tried many times */
    CHECK(taken > 10000);
    CHECK(refused > 5000);
    printf("live_load: %ld positions taken, %ld refused\n", taken, refused);
}

/* Appends the text of n to buf at *at. */
static void put_number(char *buf, size_t *at, unsigned n)
{
    char tmp[8];
    int k = 0;
    do {
        tmp[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n != 0);
    while (k > 0)
        buf[(*at)++] = tmp[--k];
}

/* One section ":W..." or ":B..." of a FEN of random squares, with now and
 * then something the common form does not have. */
static void put_section(char *buf, size_t *at, char side, unsigned squares, bool odd,
                        unsigned char *used)
{
    buf[(*at)++] = ':';
    buf[(*at)++] = odd && rnd(20) == 0 ? (char)(side | 0x20) : side;
    unsigned count = rnd(squares / 3 + 1);
    for (unsigned i = 0; i < count; i++) {
        if (i > 0)
            buf[(*at)++] = odd && rnd(40) == 0 ? ' ' : ',';
        if (rnd(4) == 0)
            buf[(*at)++] = 'K';
        unsigned n = 1 + rnd(squares);
        /* a square twice only among the odd texts */
        for (int tries = 0; used[n] && !(odd && rnd(10) == 0) && tries < 100; tries++)
            n = 1 + rnd(squares);
        used[n] = 1;
        if (odd) {
            unsigned w = rnd(60);
            if (w == 0)
                n = 0;
            else if (w == 1)
                n = squares + 1 + rnd(5);
            else if (w == 2)
                buf[(*at)++] = '0';
            else if (w == 3)
                n += 100;
        }
        put_number(buf, at, n);
        if (odd && rnd(40) == 0) {
            buf[(*at)++] = '-';
            put_number(buf, at, n + rnd(4));
        }
    }
}

static void test_fen(void)
{
    static const int types[] = {20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31, 40, 41};
    long taken = 0, refused = 0, wrong = 0, common = 0, common_taken = 0;
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        pdn_geometry g;
        pdn_draughts *d = test_engine(types[t], 0, &g);
        CHECK(d != NULL);
        if (d == NULL)
            continue;
        unsigned squares = (unsigned)g.square_count;
        for (int k = 0; k < 4000; k++) {
            char buf[1024];
            size_t at = 0;
            bool odd = rnd(3) == 0;
            unsigned w = odd ? rnd(12) : 99;
            buf[at++] = w == 0 ? '?' : w == 1 ? 'w' : rnd(2) ? 'W' : 'B';
            bool black_first = rnd(2) == 0;
            unsigned char used[128];
            memset(used, 0, sizeof used);
            unsigned sections = w == 2 ? 0 : w == 3 ? 1 : w == 4 ? 3 : 2;
            for (unsigned i = 0; i < sections; i++)
                put_section(buf, &at, (i & 1) == black_first ? 'W' : 'B', squares, odd, used);
            if (rnd(2) == 0)
                buf[at++] = '.';
            if (w == 5)
                buf[at++] = rnd(2) ? '.' : ' ';
            pdn_rules__live lv, before;
            memset(&lv, 0x5A, sizeof lv);
            before = lv;
            bool fast = pdn_rules__live_fen(&lv, d, buf, at);
            common += !odd;
            common_taken += !odd && fast;
            if (!fast) {
                refused++;
                if (memcmp(&lv, &before, sizeof lv) != 0)
                    wrong++;
                continue;
            }
            taken++;
            pdn_position pos;
            size_t err;
            pdn_diag_code c = pdn_fen_read(&pos, &g, buf, at, &err);
            pdn_rules__live plain;
            memset(&plain, 0, sizeof plain);
            if ((c != PDN_D_NONE && c != PDN_D_FEN_FORM) ||
                !pdn_rules__live_load(&plain, d, &pos, NULL) ||
                memcmp(&plain.bits, &lv.bits, sizeof lv.bits) != 0 || plain.color != lv.color ||
                memcmp(&plain.st, &lv.st, sizeof lv.st) != 0) {
                if (wrong++ < 5)
                    fprintf(stderr, "    type %d: \"%.*s\" taken (read: %d)\n", types[t], (int)at,
                            buf, (int)c);
            }
        }
        pdn_draughts_free(d);
    }
    CHECK_EQ_INT(wrong, 0);
    /* the common form is taken unless a square came twice */
    CHECK(common_taken > common * 3 / 4);
    CHECK(refused > 5000);
    printf("live_fen: %ld texts taken, %ld refused (%ld of %ld common ones taken)\n", taken,
           refused, common_taken, common);
}

/* Every cut of a FEN, in a heap block of its exact length: the sanitizer
 * build catches a read past the end (a cut after a comma once made one). */
static void test_fen_cut(void)
{
    static const char *const fens[] = {"W:WK47:B18,19,29,33,", "B:W31,32,K33:BK1,2,3.", "W:W:B",
                                       "B:B12,13:W41,42"};
    pdn_geometry g;
    pdn_draughts *d = test_engine(20, 0, &g);
    if (!CHECK(d != NULL))
        return;
    long taken = 0;
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        size_t len = strlen(fens[f]);
        for (size_t n = 0; n <= len; n++) {
            char *text = malloc(n ? n : 1);
            if (!CHECK(text != NULL))
                break;
            memcpy(text, fens[f], n);
            pdn_rules__live lv;
            taken += pdn_rules__live_fen(&lv, d, text, n);
            free(text);
        }
    }
    /* Some cuts are whole positions ("W:WK47:B18"), most are not. */
    CHECK(taken > 5 && taken < 40);
    pdn_draughts_free(d);
}

int main(void)
{
    RUN(test_agrees);
    RUN(test_fen);
    RUN(test_fen_cut);
    return harness_report();
}
