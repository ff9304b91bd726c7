/* SPDX-License-Identifier: MIT */
/*
 * test_fen_writers.c - pdn_fen_write() (src/board/fen_write.c, fen_chess.c)
 * against plain writers kept here, which walk the board square by square:
 * the row copies and bit sets of the numeric lists (boards of up to 64
 * squares and larger, rows of every direction and length), the 8x8 algebraic writer and the general
 * one, the chess writer's ranks and castling letters, on random positions with odd piece codes,
 * pieces on squares that do not play, and every buffer size.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "support/geometry.h"
#define TEST_RNG_SEED 0x2545F4914F6CDD1Dull
#include "pdn.h"
#include "support/rng.h"

/* ---------------------------------------------------------------------- */
/* The plain writers                                                      */
/* ---------------------------------------------------------------------- */

static char *put_uint(char *o, unsigned long v)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0)
        *o++ = tmp[--n];
    return o;
}

/* The cell of algebraic name (file, rank), playing or not. */
static int alpha_cell(const pdn_geometry *g, int file, int rank)
{
    int cw = g->alpha_flip_file ? g->width - 1 - file : file;
    int rw = g->alpha_flip_rank ? g->height - rank : rank - 1;
    return rw * g->width + cw;
}

/* The code of square n in its low six bits, as the writer compares codes. */
static unsigned code_at(const pdn_position *p, int n)
{
    return p->board[p->geometry->cell_of[n]] & 63u;
}

/* One list (men or kings of a colour) the plain way; `first` is 1 before a side's first entry. */
static char *plain_list(char *o, const pdn_position *p, char notation, unsigned code, char colour,
                        int *first)
{
    const pdn_geometry *g = p->geometry;
    int king = (code & ~3u) == PDN_KING;
    if (notation == 'N') {
        for (int n = 1; n <= g->square_count; n++) {
            if (code_at(p, n) != code)
                continue;
            int m = n;
            while (m + 1 <= g->square_count && code_at(p, m + 1) == code)
                m++;
            *o++ = *first ? colour : ',';
            *first = 0;
            if (king)
                *o++ = 'K';
            o = put_uint(o, (unsigned long)n);
            if (m == n + 1) {
                *o++ = ',';
                if (king)
                    *o++ = 'K';
                o = put_uint(o, (unsigned long)m);
            } else if (m > n + 1) {
                *o++ = '-';
                o = put_uint(o, (unsigned long)m);
            }
            n = m;
        }
        return o;
    }
    for (int f = 0; f < g->width; f++) {
        for (int r = 1; r <= g->height; r++) {
            if ((p->board[alpha_cell(g, f, r)] & 63u) != code || p->board[alpha_cell(g, f, r)] == 0)
                continue;
            *o++ = *first ? colour : ',';
            *first = 0;
            if (king)
                *o++ = 'K';
            *o++ = (char)('a' + f);
            o = put_uint(o, (unsigned long)r);
        }
    }
    return o;
}

static size_t plain_draughts(const pdn_position *p, char notation, char *out)
{
    const pdn_geometry *g = p->geometry;
    static const unsigned colours[3] = {PDN_WHITE, PDN_BLACK, PDN_ANY_COLOR};
    if (notation == 0)
        notation = g->gametype.notation == 'N' ? 'N' : 'A';
    char *o = out;
    *o++ = p->turn == 'B' || p->turn == '?' ? p->turn : 'W';
    for (int side = 0; side < 3; side++) {
        char text[8192], *t = text;
        int first = 1;
        t = plain_list(t, p, notation, PDN_MAN | colours[side], "WB?"[side], &first);
        t = plain_list(t, p, notation, PDN_KING | colours[side], "WB?"[side], &first);
        if (side == 2 && t == text)
            break;
        *o++ = ':';
        if (t == text)
            *o++ = "WB?"[side];
        memcpy(o, text, (size_t)(t - text));
        o += t - text;
    }
    *o = '\0';
    return (size_t)(o - out);
}

static int plain_king_file(const pdn_position *p, unsigned colour)
{
    int base = colour == PDN_WHITE ? 0 : 56;
    for (int f = 0; f < 8; f++)
        if (p->board[base + f] == (PDN_CHESS_KING | colour))
            return f;
    return -1;
}

static int plain_outer_rook(const pdn_position *p, unsigned colour, int kf, int short_side)
{
    int base = colour == PDN_WHITE ? 0 : 56;
    if (short_side) {
        for (int f = 7; f > kf; f--)
            if (p->board[base + f] == (PDN_ROOK | colour))
                return f;
    } else {
        for (int f = 0; f < kf; f++)
            if (p->board[base + f] == (PDN_ROOK | colour))
                return f;
    }
    return -1;
}

static size_t plain_chess(const pdn_position *p, char *out)
{
    static const char *const letters = "????????????"
                                       "?Pp??Nn??Bb??Rr??Qq??Kk?"
                                       "????????????????????????????";
    char *o = out;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            pdn_piece c = p->board[rank * 8 + f];
            if (c == 0) {
                empty++;
                continue;
            }
            if (empty > 0)
                *o++ = (char)('0' + empty);
            empty = 0;
            *o++ = letters[c & 63];
        }
        if (empty > 0)
            *o++ = (char)('0' + empty);
        *o++ = rank > 0 ? '/' : ' ';
    }
    *o++ = p->turn == 'B' ? 'b' : 'w';
    *o++ = ' ';
    char *rights = o;
    for (int slot = 0; slot < 4; slot++) {
        int rook = p->castling[slot];
        if (rook < 0)
            continue;
        unsigned colour = slot < 2 ? PDN_WHITE : PDN_BLACK;
        int kf = plain_king_file(p, colour), short_side = slot % 2 == 0;
        char c = kf >= 0 && plain_outer_rook(p, colour, kf, short_side) == rook
                     ? (short_side ? 'K' : 'Q')
                     : (char)('A' + rook);
        *o++ = colour == PDN_BLACK ? (char)(c - 'A' + 'a') : c;
    }
    if (o == rights)
        *o++ = '-';
    *o++ = ' ';
    if (p->en_passant >= 0 && p->en_passant < 64) {
        *o++ = (char)('a' + p->en_passant % 8);
        *o++ = (char)('1' + p->en_passant / 8);
    } else {
        *o++ = '-';
    }
    *o++ = ' ';
    o = put_uint(o, p->halfmove_clock < 0 ? 0ul : (unsigned long)p->halfmove_clock);
    *o++ = ' ';
    o = put_uint(o, p->fullmove < 0 ? 0ul : (unsigned long)p->fullmove);
    *o = '\0';
    return (size_t)(o - out);
}

/* ---------------------------------------------------------------------- */
/* Random positions                                                       */
/* ---------------------------------------------------------------------- */

/*
 * Sparse, dense, long runs of one code, odd codes (colour or kind only,
 * high bits set, chess codes), pieces on cells that do not play and on
 * cells past the board.
 */
static void random_draughts(pdn_position *p, const pdn_geometry *g)
{
    static const pdn_piece usual[6] = {PDN_MAN | PDN_WHITE,     PDN_MAN | PDN_BLACK,
                                       PDN_KING | PDN_WHITE,    PDN_KING | PDN_BLACK,
                                       PDN_MAN | PDN_ANY_COLOR, PDN_KING | PDN_ANY_COLOR};
    pdn_position_clear(p, g);
    p->turn = "WB?x"[rnd(4)];
    unsigned density = rnd(7), runs = rnd(3) == 0, odd = rnd(3) == 0;
    pdn_piece last = usual[0];
    for (int cell = 0; cell < g->width * g->height; cell++) {
        if (rnd(6) >= density)
            continue;
        pdn_piece c = runs && rnd(6) ? last : usual[rnd(rnd(8) == 0 ? 6 : 4)];
        if (odd && rnd(10) == 0)
            c = (pdn_piece)rnd(256);
        else if (odd && rnd(10) == 0)
            c = (pdn_piece)(c | 64u << rnd(2));
        p->board[cell] = c;
        last = c;
    }
    if (rnd(10) == 0 && g->width * g->height < PDN_CELL_MAX)
        p->board[g->width * g->height + rnd((unsigned)(PDN_CELL_MAX - g->width * g->height))] =
            PDN_MAN | PDN_WHITE;
}

static void random_chess(pdn_position *p, const pdn_geometry *g)
{
    pdn_position_clear(p, g);
    p->turn = "WBx"[rnd(3)];
    unsigned density = 1 + rnd(10);
    for (int cell = 0; cell < 64; cell++) {
        if (rnd(12) >= density)
            continue;
        p->board[cell] =
            rnd(20) == 0 ? (pdn_piece)rnd(256) : (pdn_piece)((3 + rnd(6)) << 2 | (1 + rnd(2)));
    }
    /* Castling positions: kings and rooks on the back ranks, rights that fit or not. */
    if (rnd(2)) {
        p->board[rnd(2) ? 4 : rnd(8)] = PDN_CHESS_KING | PDN_WHITE;
        p->board[56 + (rnd(2) ? 4 : rnd(8))] = PDN_CHESS_KING | PDN_BLACK;
        for (int k = 0; k < 3; k++) {
            p->board[rnd(8)] = PDN_ROOK | PDN_WHITE;
            p->board[56 + rnd(8)] = PDN_ROOK | PDN_BLACK;
        }
    }
    for (int slot = 0; slot < 4; slot++)
        p->castling[slot] = (int8_t)(rnd(3) == 0 ? -1 : rnd(10) == 0 ? (int)rnd(128) : (int)rnd(8));
    p->en_passant = (int16_t)(rnd(2) ? -1 : (int)rnd(80) - 5);
    p->halfmove_clock = rnd(4) ? (int)rnd(100) : (int)rnd(2000000000) - 1000;
    p->fullmove = rnd(4) ? (int)rnd(300) : (int)rnd(2000000000) - 1000;
}

/* The writer against the plain one: the whole text, the length query, and every buffer size. */
static int same_as_plain(const pdn_position *p, char notation)
{
    char want[8192], got[8192];
    size_t n = p->geometry->chess ? plain_chess(p, want) : plain_draughts(p, notation, want);
    size_t m = pdn_fen_write(p, notation, got, sizeof got);
    if (m != n || strcmp(got, want) != 0) {
        fprintf(stderr, "    wrote %s\n    want  %s\n", got, want);
        return 0;
    }
    if (pdn_fen_write(p, notation, NULL, 0) != n)
        return 0;
    for (size_t cap = 1; cap <= n + 2; cap += 1 + rnd(7)) {
        memset(got, '#', n + 4);
        size_t k = cap - 1 < n ? cap - 1 : n;
        if (pdn_fen_write(p, notation, got, cap) != n || memcmp(got, want, k) != 0 ||
            got[k] != '\0' || got[cap] != '#')
            return 0;
    }
    /* A buffer of exactly the size needed, on the heap: the writer stays inside it. */
    char *exact = malloc(n + 1);
    if (exact == NULL)
        exit(2);
    int ok = pdn_fen_write(p, notation, exact, n + 1) == n && strcmp(exact, want) == 0;
    free(exact);
    return ok;
}

static const char *const tuples[] = {
    TEST_TABLE_GAMETYPES, "20,W,16,16,N1,0", "20,W,26,26,N2,0", "20,B,26,26,A3,1",
    "20,W,5,7,N2,0",      "21,W,9,11,A1,1",  "20,W,13,6,N1,1",  "25,B,8,8,N3,0",
    "21,B,8,8,A1,0",      "21,W,8,8,A2,1",   "21,B,8,8,A3,1",   "20,W,4,4,N0,0",
    "20,W,11,11,N0,1",    "20,W,12,12,A1,0", "20,W,4,4,N1,0",   "20,B,4,4,N2,1",
    "20,W,11,9,N0,0",     "20,W,11,9,N1,1",  "20,B,11,9,N2,0",  "20,W,26,26,N3,1",
    "30,W,26,26,N0,0",    "30,W,9,9,N1,0",   "30,B,8,8,N2,0",   "30,W,20,20,N0,0",
    "20,W,18,18,N0,0",    "20,W,20,20,N1,0", "20,W,16,16,N3,0"};

static void test_fen_writers__draughts_against_plain(void)
{
    int failures = 0;
    for (size_t t = 0; t < sizeof tuples / sizeof tuples[0]; t++) {
        pdn_geometry g = test_geometry(tuples[t]);
        for (int round = 0; round < 300; round++) {
            pdn_position p;
            random_draughts(&p, &g);
            for (int k = 0; k < 3; k++) {
                if (!same_as_plain(&p, "\0NA"[k]) && failures++ < 5)
                    fprintf(stderr, "    %s, notation %d\n", tuples[t], k);
            }
        }
    }
    CHECK_EQ_INT(failures, 0);
}

/* Runs that end at the last square, cross 16- and 64-square blocks, and fill whole boards. */
static void test_fen_writers__runs_at_block_edges(void)
{
    static const char *const edge_tuples[] = {"20",
                                              "21",
                                              "24",
                                              "30",
                                              "20,W,12,12,N0,1",
                                              "20,W,16,16,N1,0",
                                              "20,W,26,26,N2,0",
                                              "20,W,11,9,N1,1",
                                              "30,W,9,9,N1,0",
                                              "30,W,26,26,N3,0",
                                              "20,W,18,18,N0,0"};
    int failures = 0;
    for (size_t t = 0; t < sizeof edge_tuples / sizeof edge_tuples[0]; t++) {
        pdn_geometry g = test_geometry(edge_tuples[t]);
        for (int lo = 1; lo <= g.square_count; lo += 1 + (int)rnd(9)) {
            for (int len = 1; len <= 70 && lo + len - 1 <= g.square_count; len += 1 + (int)rnd(5)) {
                pdn_position p;
                pdn_position_clear(&p, &g);
                for (int n = lo; n < lo + len; n++)
                    p.board[g.cell_of[n]] = rnd(2) ? PDN_KING | PDN_BLACK : PDN_KING | PDN_WHITE;
                if (!same_as_plain(&p, 'N') && failures++ < 5)
                    fprintf(stderr, "    %s: %d..%d\n", edge_tuples[t], lo, lo + len - 1);
            }
        }
        pdn_position full;
        pdn_position_clear(&full, &g);
        for (int n = 1; n <= g.square_count; n++)
            full.board[g.cell_of[n]] = PDN_MAN | PDN_ANY_COLOR;
        failures += !same_as_plain(&full, 'N') + !same_as_plain(&full, 'A');
    }
    CHECK_EQ_INT(failures, 0);
}

static void test_fen_writers__chess_against_plain(void)
{
    pdn_geometry g = test_geometry("0");
    int failures = 0;
    for (int round = 0; round < 20000; round++) {
        pdn_position p;
        random_chess(&p, &g);
        if (!same_as_plain(&p, 0) && failures++ < 5)
            fprintf(stderr, "    round %d\n", round);
    }
    CHECK_EQ_INT(failures, 0);
}

/* Every occupancy of every rank (the rank forms), and pieces of odd codes on them. */
static void test_fen_writers__chess_every_rank(void)
{
    pdn_geometry g = test_geometry("0");
    int failures = 0;
    for (unsigned o = 0; o < 256; o++) {
        for (int rank = 0; rank < 8; rank++) {
            pdn_position p;
            random_chess(&p, &g);
            for (int f = 0; f < 8; f++)
                p.board[rank * 8 + f] =
                    o >> f & 1u
                        ? (pdn_piece)(rnd(8) ? (3 + rnd(6)) << 2 | (1 + rnd(2)) : 1 + rnd(255))
                        : 0;
            if (!same_as_plain(&p, 0) && failures++ < 5)
                fprintf(stderr, "    occupancy %02x on rank %d\n", o, rank + 1);
        }
    }
    CHECK_EQ_INT(failures, 0);
}

/*
 * Castling letters where the writer takes its short ways: the four rights
 * in the corners with the kings on e1 and e8 (all at once), or some of
 * them (one colour at a time), next to positions that only nearly are.
 */
static void test_fen_writers__chess_castling_corners(void)
{
    pdn_geometry g = test_geometry("0");
    int failures = 0;
    for (int round = 0; round < 20000; round++) {
        pdn_position p;
        random_chess(&p, &g);
        for (int side = 0; side < 2; side++) {
            unsigned colour = side ? PDN_BLACK : PDN_WHITE;
            pdn_piece *row = p.board + 56 * side;
            memset(row, 0, 8);
            row[rnd(8) ? 4 : rnd(8)] =
                (pdn_piece)(PDN_CHESS_KING | (rnd(10) ? colour : 3 - colour));
            if (rnd(6))
                row[0] = (pdn_piece)(rnd(10) ? PDN_ROOK | colour : PDN_QUEEN | colour);
            if (rnd(6))
                row[7] = (pdn_piece)(rnd(10) ? PDN_ROOK | colour : PDN_ROOK | (3 - colour));
            if (rnd(4) == 0)
                row[1 + rnd(6)] = (pdn_piece)(PDN_ROOK | colour);
            for (int wing = 0; wing < 2; wing++) {
                int slot = 2 * side + wing, corner = wing ? 0 : 7;
                p.castling[slot] = (int8_t)(rnd(5) ? (rnd(4) ? corner : -1) : (int)rnd(8));
            }
        }
        if (!same_as_plain(&p, 0) && failures++ < 5)
            fprintf(stderr, "    round %d\n", round);
    }
    CHECK_EQ_INT(failures, 0);
}

int main(void)
{
    RUN(test_fen_writers__draughts_against_plain);
    RUN(test_fen_writers__runs_at_block_edges);
    RUN(test_fen_writers__chess_against_plain);
    RUN(test_fen_writers__chess_every_rank);
    RUN(test_fen_writers__chess_castling_corners);
    return harness_report();
}
